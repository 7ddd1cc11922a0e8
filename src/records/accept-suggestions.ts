/**
 * `rclass records add --accept-suggestions` (SPEC 5.10, 13.2): a draft's
 * suggested effects taken as the user's own judgement for a local record.
 * Each `suggested-EFFECT` mark becomes `EFFECT` (in the vocabulary's
 * order), the tool's class becomes the class its effects derive, and the
 * draft's placeholder rationale says the effects were accepted, not read
 * from source. A tool with nothing suggested (the `unclassified`
 * placeholder) is left out, so it stays unknown (R4). Nothing else changes;
 * the result is validated like any local record afterwards.
 */
import { DRAFT_RATIONALE_PREFIX, SUGGESTED_EFFECT_PREFIX } from '../core/draft-placeholders.ts';
import { DRAFT_EFFECT, EFFECT_IDS, deriveClass } from '../core/effects.ts';

/** The record with its suggestions accepted, and the tools left out. */
export interface Accepted {
  /** The record data (a copy; the input is not changed). */
  record: unknown;
  /** Names of tools left out because nothing was suggested for them. */
  leftOut: string[];
}

/**
 * Accept a draft's suggestions.
 * @param data the draft as parsed YAML (anything: a shape that is not a record is returned unchanged, for validation to report)
 * @param today `YYYY-MM-DD`, named in the rationale
 */
export function acceptSuggestions(data: unknown, today: string): Accepted {
  if (data === null || typeof data !== 'object' || !Array.isArray((data as { tools?: unknown }).tools)) return { record: data, leftOut: [] };
  const leftOut: string[] = [];
  const tools: unknown[] = [];
  for (const tool of (data as { tools: unknown[] }).tools) {
    if (tool === null || typeof tool !== 'object' || !Array.isArray((tool as { effects?: unknown }).effects)) {
      tools.push(tool);
      continue;
    }
    const entry = tool as { name?: unknown; class?: unknown; effects: unknown[]; rationale?: unknown };
    if (entry.effects.includes(DRAFT_EFFECT)) {
      leftOut.push(String(entry.name));
      continue;
    }
    const marked = entry.effects.some((effect) => typeof effect === 'string' && effect.startsWith(SUGGESTED_EFFECT_PREFIX));
    if (!marked) {
      tools.push(tool);
      continue;
    }
    const effects = [
      ...new Set(
        entry.effects.map((effect) =>
          typeof effect === 'string' && effect.startsWith(SUGGESTED_EFFECT_PREFIX) ? effect.slice(SUGGESTED_EFFECT_PREFIX.length) : effect,
        ),
      ),
    ].sort((a, b) => rank(a) - rank(b));
    const known = effects.every((effect) => typeof effect === 'string' && EFFECT_IDS.includes(effect as (typeof EFFECT_IDS)[number]));
    const rationale =
      typeof entry.rationale === 'string' && entry.rationale.trimStart().startsWith(DRAFT_RATIONALE_PREFIX)
        ? `Accepted on ${today} as the user's own judgement: the effects rclass suggested from the tool's own definition, not read from source.`
        : entry.rationale;
    tools.push({ ...entry, effects, ...(known ? { class: deriveClass(effects as string[]) } : {}), rationale });
  }
  return { record: { ...data, tools }, leftOut };
}

/** An effect's place in the vocabulary; unknown ones last, for validation to report. */
function rank(effect: unknown): number {
  const at = EFFECT_IDS.indexOf(effect as (typeof EFFECT_IDS)[number]);
  return at === -1 ? EFFECT_IDS.length : at;
}
