/**
 * How the playground names things: class badges (R-number and name in
 * words, the colour only a second cue), the record status, and where a
 * class came from, with the SPEC section that governs it. The words match
 * the rest of the site (components/ClassBadge.astro, StatusBadge.astro).
 */
import type { Classification, RecordStatus, ReversibilityClass } from '../../core/index.ts';
import { CLASS_NAMES, classInfo, classLabel } from '../lib/classes.ts';
import { specHref } from '../lib/urls.ts';
import { el, type Child } from './dom.ts';

/**
 * A class badge, as the site draws it: swatch, `R4 Irreversible`.
 * @param size `lg` for the result, `sm` inside lists
 */
export function classBadge(cls: ReversibilityClass, size: 'sm' | 'md' | 'lg' = 'md'): HTMLElement {
  const classes = ['badge', `c-${cls}`, size === 'md' ? '' : `badge-${size}`].filter(Boolean).join(' ');
  return el('span', { class: classes, 'data-class': cls }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), classLabel(cls));
}

const STATUS_WORDS: Record<RecordStatus, { label: string; meaning: string }> = {
  draft: { label: 'Draft', meaning: 'Classified by its author against the source; not yet reviewed.' },
  reviewed: { label: 'Reviewed', meaning: 'A second person checked every class against the specification.' },
  verified: { label: 'Verified', meaning: 'Reviewed, and the tool list was compared with a running release.' },
};

/** The record's review status in words (SPEC 5.1 asks for it next to every class). */
export function statusBadge(status: RecordStatus): HTMLElement {
  const words = STATUS_WORDS[status];
  return el('span', { class: `status status-${status}`, title: words.meaning }, `${words.label} record`);
}

/** A link to a SPEC section, `SPEC 4.3`. */
export function specLink(section: string): HTMLElement {
  return el('a', { href: specHref(section) }, `SPEC ${section}`);
}

/** The default policy decision in words: "`never_autonomous`: Never on the agent's own…". */
export function policyWords(cls: ReversibilityClass): string {
  return classInfo(cls).policyMeaning;
}

/** The short name of a source, for the summary line and the session list. */
export function sourceShort(result: Classification): string {
  switch (result.source) {
    case 'registry':
      return 'base class from the record';
    case 'rule':
      return `argument rule ${result.rule ?? ''}`.trim();
    case 'override':
      return 'deployment override';
    case 'preimage':
      return 'preimage override';
    case 'session':
      return 'session guard';
    case 'unknown':
      return 'unknown';
    case 'error':
      return 'error';
  }
}

/**
 * Where the class came from, as a sentence with its SPEC section:
 * the record's base class, an argument rule, the session guard, an unknown
 * server or tool, or an error.
 */
export function sourceSentence(result: Classification): Child[] {
  const tool = el('code', {}, result.tool);
  const server = el('code', {}, result.server);
  switch (result.source) {
    case 'registry': {
      const tried = result.rules?.length ?? 0;
      return [
        'The base class of ',
        tool,
        ' in the ',
        server,
        ' record',
        tried === 0 ? '; no argument rule lowered it' : tried === 1 ? '; its argument rule did not fire' : `; none of its ${tried} argument rules fired`,
        ' (',
        specLink('4.2'),
        ').',
      ];
    }
    case 'rule':
      return [
        'Argument rule ',
        el('code', {}, result.rule ?? ''),
        ' fired and lowered the base class',
        result.base_class ? ` ${classLabel(result.base_class)}` : '',
        ' (',
        specLink('5.4'),
        ').',
      ];
    case 'override':
      return ['A deployment override restated the base class (', specLink('5.7'), ').'];
    case 'preimage':
      return ['The deployment saved the prior state first (', specLink('5.6'), ').'];
    case 'session':
      return [
        'The session guard raised it',
        result.base_class ? ` from ${classLabel(result.base_class)}` : '',
        ': the session has already read, and this tool can send data where its arguments say (',
        specLink('9'),
        ').',
      ];
    case 'unknown':
      return ['Unknown: no record lists this server and tool, so the call is ', CLASS_NAMES.R4, ' until someone classifies it (', specLink('4.3'), ').'];
    case 'error':
      return ['Error: the call could not be classified, so it is treated as ', CLASS_NAMES.R4, ' (', specLink('4.4'), ').'];
  }
}
