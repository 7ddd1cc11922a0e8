/**
 * The measurement behind `npm run suggest:eval` (issue 25, SPEC 13): the
 * suggester (src/core/suggest/) run over every tool of the registry and
 * compared with the tool's record, per effect and per class. The records
 * keep each tool's name and annotations, not its description or input
 * schema, so this measures what a name and annotations alone suggest.
 *
 * The suggester's word lists are written by hand, not learned from records,
 * so no record informs any suggestion and leaving a tool's own server out
 * changes nothing. To show how far tuning on the registry carried over, the
 * servers are split in two halves by a hash of their ids (`heldOutServer`:
 * the half whose misses are never read when the word lists change) and each
 * half is reported on its own. A hash, not positions in id order, so that a
 * record added later never moves another server from one half to the other.
 */
import { createHash } from 'node:crypto';
import { CLASSES, type ReversibilityClass, classRank } from '../../src/core/classes.ts';
import { EFFECT_IDS, type Effect } from '../../src/core/effects.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { suggestEffects } from '../../src/core/suggest/suggest.ts';

/** Precision and recall of one label (an effect or a class). */
export interface LabelScore {
  label: string;
  /** Tools whose record has it. */
  support: number;
  /** Tools the suggester gave it. */
  suggested: number;
  /** Tools that have it in both. */
  agreed: number;
  /** agreed / suggested, null when nothing was suggested. */
  precision: number | null;
  /** agreed / support, null when no record has it. */
  recall: number | null;
}

/** The figures for a set of tools. */
export interface Figures {
  servers: number;
  tools: number;
  /** Tools whose suggested class equals the record's class. */
  exact: number;
  /** Tools whose suggested class is below the record's (the dangerous direction). */
  looser: number;
  /** Tools whose suggested class is above the record's (conservative misses). */
  stricter: number;
  exactRate: number;
  looserRate: number;
}

/** One tool where suggestion and record differ. */
export interface Miss {
  server: string;
  tool: string;
  recordClass: ReversibilityClass;
  recordEffects: string[];
  suggestedClass: ReversibilityClass;
  suggestedEffects: string[];
  /** Why the suggester proposed what it did, one line per effect. */
  because: string[];
}

/** The whole report. */
export interface SuggestReport {
  /** What was measured, in words, for the report's reader. */
  inputs: string;
  all: Figures;
  tuning: Figures;
  heldOut: Figures;
  /** Ids of the held-out half. */
  heldOutServers: string[];
  classes: LabelScore[];
  effects: LabelScore[];
  /** Confusion counts: `matrix[record][suggested]`. */
  matrix: Record<ReversibilityClass, Record<ReversibilityClass, number>>;
  /** Every looser suggestion, worst gap first. */
  looser: Miss[];
  /** The stricter suggestions grouped by the record's class: how many, and a few examples. */
  stricterByRecordClass: { recordClass: ReversibilityClass; count: number; examples: Miss[] }[];
}

interface Row {
  server: string;
  half: 'tuning' | 'held-out';
  tool: string;
  recordClass: ReversibilityClass;
  recordEffects: string[];
  suggestedClass: ReversibilityClass;
  suggestedEffects: Effect[];
  because: string[];
}

/**
 * Whether a server is in the held-out half: the lowest bit of the first byte
 * of the SHA-256 of its id (UTF-8). Fixed for an id whatever else the registry
 * holds, so adding records never moves a server between halves (issue 25).
 * @param id a record id
 * @returns true for the held-out half, false for the tuning half
 */
export function heldOutServer(id: string): boolean {
  return ((createHash('sha256').update(id, 'utf8').digest()[0] ?? 0) & 1) === 1;
}

/**
 * Run the suggester over every tool of the records and score it.
 * @param records the registry's records (any order)
 * @returns the report; deterministic for the same records
 */
export function evaluateSuggestions(records: readonly ServerRecord[]): SuggestReport {
  const ids = records.map((record) => record.id).sort();
  const heldOutServers = ids.filter(heldOutServer);
  const heldOut = new Set(heldOutServers);
  const rows: Row[] = [];
  for (const record of [...records].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    for (const tool of record.tools) {
      // Only what a server itself says about a tool: its name and annotations. The record's
      // effects, class, rationale and description are never given to the suggester.
      const suggestion = suggestEffects({ name: tool.name, ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}) });
      rows.push({
        server: record.id,
        half: heldOut.has(record.id) ? 'held-out' : 'tuning',
        tool: tool.name,
        recordClass: tool.class,
        recordEffects: tool.effects ?? [],
        suggestedClass: suggestion.class,
        suggestedEffects: suggestion.effects.map((entry) => entry.effect),
        because: suggestion.effects.map((entry) => `${entry.effect} (${entry.confidence}): ${entry.because.join('; ')}`),
      });
    }
  }
  const matrix = Object.fromEntries(CLASSES.map((a) => [a, Object.fromEntries(CLASSES.map((b) => [b, 0]))])) as SuggestReport['matrix'];
  for (const row of rows) matrix[row.recordClass][row.suggestedClass]++;
  const miss = (row: Row): Miss => ({
    server: row.server,
    tool: row.tool,
    recordClass: row.recordClass,
    recordEffects: row.recordEffects,
    suggestedClass: row.suggestedClass,
    suggestedEffects: row.suggestedEffects,
    because: row.because,
  });
  const gap = (row: Row): number => classRank(row.recordClass) - classRank(row.suggestedClass);
  const looser = rows.filter((row) => gap(row) > 0).sort((a, b) => gap(b) - gap(a) || compare(a, b));
  const stricter = rows.filter((row) => gap(row) < 0);
  return {
    inputs:
      "each tool's name and annotations as its record keeps them; the records keep no descriptions or input schemas, so the suggester's description and schema words are not measured here",
    all: figures(rows),
    tuning: figures(rows.filter((row) => row.half === 'tuning')),
    heldOut: figures(rows.filter((row) => row.half === 'held-out')),
    heldOutServers,
    classes: CLASSES.map((cls) =>
      score(
        cls,
        rows,
        (row) => row.recordClass === cls,
        (row) => row.suggestedClass === cls,
      ),
    ),
    effects: EFFECT_IDS.map((effect) =>
      score(
        effect,
        rows,
        (row) => row.recordEffects.includes(effect),
        (row) => row.suggestedEffects.includes(effect),
      ),
    ),
    matrix,
    looser: looser.map(miss),
    stricterByRecordClass: CLASSES.filter((cls) => cls !== 'R4').map((cls) => {
      const of = stricter.filter((row) => row.recordClass === cls).sort(compare);
      return { recordClass: cls, count: of.length, examples: of.slice(0, 8).map(miss) };
    }),
  };
}

function compare(a: Row, b: Row): number {
  return a.server < b.server ? -1 : a.server > b.server ? 1 : a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0;
}

function figures(rows: readonly Row[]): Figures {
  const exact = rows.filter((row) => row.suggestedClass === row.recordClass).length;
  const looser = rows.filter((row) => classRank(row.suggestedClass) < classRank(row.recordClass)).length;
  return {
    servers: new Set(rows.map((row) => row.server)).size,
    tools: rows.length,
    exact,
    looser,
    stricter: rows.length - exact - looser,
    exactRate: ratio(exact, rows.length) ?? 0,
    looserRate: ratio(looser, rows.length) ?? 0,
  };
}

function score(label: string, rows: readonly Row[], inRecord: (row: Row) => boolean, inSuggestion: (row: Row) => boolean): LabelScore {
  const support = rows.filter(inRecord).length;
  const suggested = rows.filter(inSuggestion).length;
  const agreed = rows.filter((row) => inRecord(row) && inSuggestion(row)).length;
  return { label, support, suggested, agreed, precision: ratio(agreed, suggested), recall: ratio(agreed, support) };
}

/** A ratio rounded to four places, null for 0/0. */
function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 10000) / 10000;
}
