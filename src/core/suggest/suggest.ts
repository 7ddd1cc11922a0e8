/**
 * The suggester (SPEC 13): effects proposed for a tool no record describes,
 * from its own definition (name, description, input schema, annotations),
 * each with a confidence and the words that triggered it. Deterministic
 * and explainable: word lists (./lexicon.ts), no model. A suggestion is a
 * starting point for a person, never a class: the classifier, the hook, the
 * scan's counts and the exports keep an unrecorded tool at R4 (SPEC 4.3).
 * Browser-safe.
 */
import type { ReversibilityClass } from '../classes.ts';
import { EFFECT_IDS, type Effect, deriveClass, isDisclosure } from '../effects.ts';
import {
  ACTION_RULES,
  HINTED_WRITE,
  CLAUSE_BREAKS,
  type Confidence,
  OBJECT_RULES,
  PROPERTY_RULES,
  RAISING_WORDS,
  READ_NOUNS,
  READ_VERBS,
  RUN_OBJECTS,
  type WordRule,
} from './lexicon.ts';
import { descriptionWords, nameWords, schemaProperties } from './tokens.ts';

/** A tool's definition as `tools/list` gives it; every member but the name may be absent or malformed. */
export interface ToolSelfDescription {
  name: string;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}

/** One proposed effect. */
interface SuggestedEffect {
  effect: Effect;
  confidence: Confidence;
  /** What triggered it, e.g. `name word "delete" (deletes or destroys)`. */
  because: string[];
}

/** What the suggester proposes for one tool. Never a class (SPEC 13). */
export interface ToolSuggestion {
  /** Always `true`: whoever shows this must say it is a suggestion. */
  suggested: true;
  /** The class the proposed effects derive (SPEC 2.9), R4 when none was found. */
  class: ReversibilityClass;
  /** Proposed effects, in vocabulary order; empty when nothing pointed to one. */
  effects: SuggestedEffect[];
  /** Whether the proposed effects make a disclosure (SPEC 2.8). */
  disclosure: boolean;
  /** The lowest confidence among the effects that set the class; `low` when no effect was found. */
  confidence: Confidence;
}

const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

const WORD_RULE: ReadonlyMap<string, WordRule> = new Map(ACTION_RULES.flatMap((rule) => rule.words.map((word) => [word, rule] as const)).reverse());

/**
 * Propose effects for a tool from its own definition (SPEC 13).
 *
 * - The name is split into clauses at `or`, `and`, `then`; the first action
 *   word of each clause says what the tool does (`get_or_create_label`: get, create).
 * - A write also takes the effects of its objects (`create_api_key`: credential).
 * - Words naming code or a query language, in the name, raise to `run-code`.
 * - The description and the input schema's property names only add effects.
 * - `readOnlyHint: true` proposes `read` only when no word of the name
 *   names an action; `readOnlyHint: false` or `destructiveHint: true` on a
 *   tool whose words only read adds a possible `overwrite`. Annotations never
 *   remove an effect (SPEC 7).
 * - No action word and no hint: no effect, class R4.
 * @param tool the tool's definition; malformed members are ignored, never thrown on
 * @returns the suggestion; it never throws
 */
export function suggestEffects(tool: ToolSelfDescription): ToolSuggestion {
  const found = new Map<Effect, { confidence: Confidence; because: string[] }>();
  const add = (rule: WordRule, source: string, word: string, cap?: Confidence): void => {
    for (const { effect, confidence } of rule.effects) {
      const level = cap !== undefined && RANK[cap] < RANK[confidence] ? cap : confidence;
      const entry = found.get(effect) ?? { confidence: level, because: [] };
      if (RANK[level] > RANK[entry.confidence]) entry.confidence = level;
      const reason = `${source} "${word}" (${rule.meaning})`;
      if (!entry.because.includes(reason)) entry.because.push(reason);
      found.set(effect, entry);
    }
  };

  const words = nameWords(typeof tool.name === 'string' ? tool.name : '');
  const verbs = clauseVerbs(words);
  let writes = false;
  for (const { word, rule } of verbs) {
    add(rule, 'name word', word);
    if (rule !== READ_VERBS && rule !== READ_NOUNS && !rule.effects.every((x) => x.effect === 'context')) writes = true;
  }
  if (writes) {
    const verbWords = new Set(verbs.map((verb) => verb.word));
    for (const word of words) {
      if (verbWords.has(word)) continue;
      for (const rule of OBJECT_RULES) if (rule.words.includes(word)) add(rule, 'name word', word);
    }
  }
  for (const word of words) if (RUN_OBJECTS.words.includes(word)) add(RUN_OBJECTS, 'name word', word);

  for (const word of new Set(descriptionWords(tool.description)))
    for (const rule of RAISING_WORDS) if (rule.words.includes(word)) add(rule, 'description word', word, 'low');
  for (const property of schemaProperties(tool.inputSchema))
    for (const rule of PROPERTY_RULES)
      if (property.words.some((word) => rule.words.includes(word))) add(rule, 'input property', property.words.join('_'), 'low');

  const annotations = tool.annotations !== null && typeof tool.annotations === 'object' ? (tool.annotations as Record<string, unknown>) : {};
  if (annotations.readOnlyHint === true && verbs.length === 0) add(READ_VERBS, 'annotation', 'readOnlyHint: true', 'medium');
  const onlyReads = [...found.keys()].every((effect) => deriveClass([effect]) === 'R0');
  if (found.size > 0 && onlyReads && annotations.readOnlyHint !== true && (annotations.readOnlyHint === false || annotations.destructiveHint === true))
    add(HINTED_WRITE, 'annotation', annotations.readOnlyHint === false ? 'readOnlyHint: false' : 'destructiveHint: true');

  const effects: SuggestedEffect[] = EFFECT_IDS.filter((id) => found.has(id)).map((id) => {
    const entry = found.get(id) as { confidence: Confidence; because: string[] };
    return { effect: id, confidence: entry.confidence, because: entry.because };
  });
  const ids = effects.map((entry) => entry.effect);
  const cls = deriveClass(ids);
  const deciding = effects.filter((entry) => deriveClass([entry.effect]) === cls);
  const confidence = deciding.reduce<Confidence>((lowest, entry) => (RANK[entry.confidence] < RANK[lowest] ? entry.confidence : lowest), 'high');
  return { suggested: true, class: cls, effects, disclosure: ids.length > 0 && isDisclosure(ids), confidence: effects.length === 0 ? 'low' : confidence };
}

/**
 * The action word of each clause of a name, with its family: the first word
 * of an action family, or, when the clause has none, its first read noun.
 */
function clauseVerbs(words: readonly string[]): { word: string; rule: WordRule }[] {
  const verbs: { word: string; rule: WordRule }[] = [];
  let clause: string[] = [];
  const close = (): void => {
    const actions = clause.map((word) => ({ word, rule: WORD_RULE.get(word) })).filter((x): x is { word: string; rule: WordRule } => x.rule !== undefined);
    const chosen = actions.find((x) => x.rule !== READ_NOUNS) ?? actions[0];
    if (chosen !== undefined) verbs.push(chosen);
    clause = [];
  };
  for (const word of words) {
    if (CLAUSE_BREAKS.has(word)) close();
    else clause.push(word);
  }
  close();
  return verbs;
}
