/**
 * The result: the class (R-number and name in words), the default policy,
 * the record's status, where the class came from, the rationale and the
 * evidence, and for each argument rule which conditions held (SPEC 4.5).
 * A one-sentence summary goes to a polite live region, so screen reader
 * users hear each new answer without losing their place.
 */
import type { ArgumentRule, Classification, RuleOutcome, ToolRecord } from '../../core/index.ts';
import { DOCUMENTATION_MARK } from '../../core/registry.ts';
import { classLabel } from '../lib/classes.ts';
import { issueFormUrl } from '../lib/project.ts';
import { describePredicate } from '../lib/rules.ts';
import { href, serverPath, toolPath } from '../lib/urls.ts';
import { el, type Child } from './dom.ts';
import type { Evaluation } from './engine.ts';
import { classBadge, policyWords, sourceSentence, sourceShort, specLink, statusBadge } from './labels.ts';

/** Where the result is drawn: the panel and its live summary line. */
export interface ResultTargets {
  panel: HTMLElement;
  summary: HTMLElement;
}

/** Everything the result view needs besides the classification. */
export interface ResultContext {
  /** The tool's record entry, when a record lists it (for rule wording and evidence). */
  tool: ToolRecord | undefined;
  /** How many earlier calls the session has. */
  priorCalls: number;
  /** The number of tools the server's record lists, when there is a record. */
  serverTools: number | undefined;
}

function ruleState(outcome: RuleOutcome, result: Classification): string {
  if (!outcome.fired) return 'Did not fire: not every condition held.';
  if (result.rule === outcome.id) return 'Fired, and decided the class.';
  if (result.source === 'session') return 'Fired, but the session guard then raised the class.';
  if (result.source === 'error') return 'Fired, but the call ended in an error.';
  return 'Fired, but another rule gave an equal or lower class first.';
}

function ruleView(outcome: RuleOutcome, rule: ArgumentRule | undefined, result: Classification): HTMLElement {
  const conditions = outcome.conditions.map((condition, index) => {
    const predicate = rule?.when[index];
    const clause = predicate ? describePredicate(predicate) : undefined;
    return el(
      'li',
      { class: condition.held ? 'pg-cond pg-held' : 'pg-cond pg-failed', 'data-held': String(condition.held) },
      el('span', { class: 'pg-mark', 'aria-hidden': 'true' }, condition.held ? '✓' : '✗'),
      el(
        'span',
        {},
        el('strong', {}, condition.held ? 'Held' : 'Did not hold'),
        ': ',
        ...(clause ? clause.parts.map((part) => (part.code ? el('code', {}, part.text) : part.text)) : [el('code', {}, condition.predicate)]),
        el('span', { class: 'block text-sm muted' }, `This call: ${condition.detail}.`),
      ),
    );
  });
  return el(
    'li',
    { class: `rule-box c-${outcome.class}`, 'data-rule': outcome.id, 'data-fired': String(outcome.fired) },
    el(
      'p',
      { class: 'flex flex-wrap items-center gap-x-2 gap-y-1' },
      'Rule ',
      el('code', { class: 'font-semibold' }, outcome.id),
      ' lowers to ',
      classBadge(outcome.class, 'sm'),
    ),
    el('p', { class: 'font-semibold mt-1' }, ruleState(outcome, result)),
    el('ul', { class: 'mt-1 space-y-1' }, ...conditions),
    // The deciding rule's reason is the rationale shown above; the others show theirs here.
    rule && result.rule !== outcome.id ? el('p', { class: 'text-sm muted mt-1' }, rule.reason) : null,
  );
}

function evidenceLink(result: Classification, tool: ToolRecord | undefined): Child {
  if (result.evidence === undefined) return null;
  if (result.basis === 'documentation' || tool?.evidence.quote !== undefined) {
    const quoted = tool?.evidence.quote !== undefined ? `“${tool.evidence.quote}”` : 'the vendor’s page';
    return el('p', { class: 'mt-3 text-[0.95rem]' }, `Evidence, ${DOCUMENTATION_MARK}: `, el('a', { href: result.evidence, class: 'evidence-link' }, quoted));
  }
  const label = tool ? [el('code', {}, tool.evidence.path), ` line ${tool.evidence.line}`] : ['the tool’s definition'];
  return el('p', { class: 'mt-3 text-[0.95rem]' }, 'Evidence: ', el('a', { href: result.evidence, class: 'evidence-link' }, ...label));
}

function unknownHelp(result: Classification, context: ResultContext): Child {
  if (result.source !== 'unknown') return null;
  if (context.serverTools !== undefined) {
    return el(
      'p',
      { class: 'mt-3 text-[0.95rem]' },
      'See the ',
      el('a', { href: href(serverPath(result.server)) }, `${context.serverTools} tools the ${result.server} record lists`),
      '.',
    );
  }
  return el(
    'p',
    { class: 'mt-3 text-[0.95rem]' },
    'Browse the ',
    el('a', { href: href('servers/') }, 'servers the registry covers'),
    ', or ',
    el('a', { href: issueFormUrl('missingServer') }, 'ask for this server to be classified'),
    '.',
  );
}

/** The summary sentence read out by the live region. */
function summaryText(result: Classification, priorCalls: number): string {
  const failed = result.source === 'registry' && (result.rules?.length ?? 0) > 0 ? `; ${result.rules!.map((r) => `rule ${r.id} did not fire`).join(', ')}` : '';
  const after = priorCalls > 0 ? ` (after ${priorCalls} earlier call${priorCalls === 1 ? '' : 's'} in the session)` : '';
  return `${result.server} ${result.tool}${after}: ${classLabel(result.class)}. Default policy ${result.policy}. Source: ${sourceShort(result)}${failed}.`;
}

/**
 * Draw a classification.
 * @param targets the panel and the live summary line
 * @param evaluation the engine's answer
 * @param context what the record says about the tool, and the session length
 */
export function showResult(targets: ResultTargets, evaluation: Evaluation, context: ResultContext): void {
  const { result } = evaluation;
  const rules = result.rules ?? [];
  const head = el(
    'div',
    { class: 'flex flex-wrap items-center gap-x-3 gap-y-2' },
    classBadge(result.class, 'lg'),
    result.status ? statusBadge(result.status) : el('span', { class: 'status' }, 'No record'),
  );
  targets.panel.replaceChildren(
    el(
      'div',
      { class: `pg-result class-edge c-${result.class}`, 'data-class': result.class, 'data-source': result.source, 'data-rule': result.rule },
      el(
        'p',
        { class: 'text-sm muted' },
        el('code', {}, result.server),
        ' / ',
        el('code', {}, result.tool),
        context.priorCalls > 0 ? ` · call ${context.priorCalls + 1} of the session` : '',
      ),
      el('div', { class: 'mt-2' }, head),
      el(
        'p',
        { class: 'mt-3' },
        'Default policy ',
        el('code', { class: 'font-semibold', 'data-policy': result.policy }, result.policy),
        el('span', { class: 'muted' }, ` · ${policyWords(result.class)}`),
        ' (',
        specLink('3'),
        ')',
      ),
      el('h3', { class: 'pg-subhead' }, 'Why'),
      el('p', { class: 'pg-source', 'data-source': result.source }, ...sourceSentence(result)),
      el('p', { class: 'mt-2' }, result.rationale),
      evidenceLink(result, context.tool),
      unknownHelp(result, context),
      rules.length > 0 ? el('h3', { class: 'pg-subhead' }, `Argument rules (${rules.length})`) : null,
      rules.length > 0
        ? el('ul', { class: 'space-y-3 mt-2 pg-rules' }, ...rules.map((outcome, i) => ruleView(outcome, context.tool?.rules?.[i], result)))
        : null,
      result.notes && result.notes.length > 0 ? el('h3', { class: 'pg-subhead' }, 'Notes') : null,
      result.notes && result.notes.length > 0 ? el('ul', { class: 'list-disc pl-5 text-[0.95rem]' }, ...result.notes.map((note) => el('li', {}, note))) : null,
      context.tool
        ? el('p', { class: 'mt-4 text-sm' }, el('a', { href: href(toolPath(result.server, result.tool)) }, `Everything the registry says about ${result.tool}`))
        : null,
    ),
  );
  targets.summary.textContent = summaryText(result, context.priorCalls);
}

/**
 * Draw a state in which there is no classification to show: the registry
 * is loading, the SQL parser is loading, the arguments do not parse, or no
 * tool is chosen yet.
 * @param announce whether the live region should read the message out
 */
export function showMessage(targets: ResultTargets, message: Child[], announce: boolean, kind = 'info'): void {
  targets.panel.replaceChildren(el('div', { class: 'pg-result pg-message', 'data-kind': kind }, el('p', {}, ...message)));
  // Either read the message out, or empty the summary so it never describes an answer no longer shown.
  targets.summary.textContent = announce
    ? message.map((part) => (typeof part === 'string' ? part : part instanceof Node ? part.textContent : '')).join('')
    : '';
}
