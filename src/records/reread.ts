/**
 * Blind re-reads of the registry (issue: accuracy published per release):
 * draw a reproducible random sample of tools, give a second reader only
 * what identifies each tool's source, then compare their effects with the
 * records. The figures of every re-read go to docs/reviews/accuracy.json,
 * which the site's "How accurate is this registry?" page shows.
 */
import { createHash } from 'node:crypto';
import { CLASSES, type ReversibilityClass } from '../core/classes.ts';
import { EFFECT_IDS, deriveClass } from '../core/effects.ts';
import { isDocumentationEvidence, type ServerRecord } from '../core/record.ts';

/** What a blind reader gets for one tool: where its source is, nothing of the record's verdict. */
export interface BlindEntry {
  server: string;
  tool: string;
  /** `owner/name` of the source repository, when the record names one. */
  repository?: string;
  /** The commit the evidence is pinned to, the published package `name@version`, or `documentation` (SPEC 5.1). */
  source: string;
  /** The file and line; for a record resting on the vendor's documentation, the page (the quote is the record's reading, so the reader gets only the page). */
  evidence: { path: string; line: number } | { url: string };
}

/**
 * A reproducible sample: every (server, tool) pair of the given records,
 * ordered by the SHA-256 of `SEED:server/tool` (hex), the first `size`
 * taken. Any implementation can redraw it from the seed and the records.
 * @param records the records to draw from (already narrowed, e.g. to those changed since the last re-read)
 * @param seed any string, e.g. the date of the re-read
 * @param size how many tools; fewer when the records hold fewer
 */
export function drawSample(records: readonly ServerRecord[], seed: string, size: number): BlindEntry[] {
  const pairs = records.flatMap((record) =>
    record.tools.map((tool) => ({ record, tool, key: createHash('sha256').update(`${seed}:${record.id}/${tool.name}`).digest('hex') })),
  );
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return pairs.slice(0, Math.max(0, size)).map(({ record, tool }) => {
    const provenance = record.provenance as { commit?: string; package?: { name: string; version: string }; documentation?: unknown };
    const repository = (record.server as { repository?: string }).repository;
    return {
      server: record.id,
      tool: tool.name,
      ...(repository === undefined ? {} : { repository }),
      source:
        provenance.commit ??
        (provenance.package
          ? `${provenance.package.name}@${provenance.package.version}`
          : provenance.documentation !== undefined
            ? 'documentation'
            : 'unknown'),
      evidence: isDocumentationEvidence(tool.evidence) ? { url: tool.evidence.url } : { path: tool.evidence.path, line: tool.evidence.line },
    };
  });
}

/** One answer of a blind reader: the effects they found for a tool. */
export interface ReaderAnswer {
  server: string;
  tool: string;
  effects: string[];
  note?: string;
}

/** Agreement of one measure: how many of how many. */
interface Tally {
  agree: number;
  of: number;
}

/** What a comparison of a reader's answers with the records finds. */
export interface RereadFigures {
  tools: number;
  servers: number;
  /** Same class (the highest class among the effects). */
  class: Tally;
  /** Exactly the same set of effects. */
  effects: Tally;
  /** Mean Jaccard similarity of the effect sets, rounded to two places. */
  jaccard: number;
  /** Class differences where the record's class is higher (stricter) or lower (looser) than the reader's. */
  registryStricter: number;
  registryLooser: number;
  /** Per class of the record: how many of its tools the reader gave the same class. */
  byClass: Record<ReversibilityClass, Tally>;
  /** Per effect: tools where both list it, where only the record does, where only the reader does. */
  byEffect: Record<string, { both: number; recordOnly: number; readerOnly: number }>;
  /** Every tool whose class differs, for the report to resolve. */
  classDifferences: Array<{ server: string; tool: string; record: string; reader: string; recordEffects: string[]; readerEffects: string[] }>;
}

/**
 * Compare a reader's answers with the records.
 * @throws Error naming an answer whose server or tool the records do not have
 */
export function compareAnswers(records: readonly ServerRecord[], answers: readonly ReaderAnswer[]): RereadFigures {
  const byClass = Object.fromEntries(CLASSES.map((c) => [c, { agree: 0, of: 0 }])) as Record<ReversibilityClass, Tally>;
  const byEffect: RereadFigures['byEffect'] = Object.fromEntries(EFFECT_IDS.map((e) => [e, { both: 0, recordOnly: 0, readerOnly: 0 }]));
  const figures: RereadFigures = {
    tools: answers.length,
    servers: new Set(answers.map((a) => a.server)).size,
    class: { agree: 0, of: answers.length },
    effects: { agree: 0, of: answers.length },
    jaccard: 0,
    registryStricter: 0,
    registryLooser: 0,
    byClass,
    byEffect,
    classDifferences: [],
  };
  let jaccardSum = 0;
  for (const answer of answers) {
    const tool = records.find((r) => r.id === answer.server)?.tools.find((t) => t.name === answer.tool);
    if (tool === undefined) throw new Error(`the registry has no tool ${answer.server}/${answer.tool}`);
    const mine = new Set(tool.effects ?? []);
    const theirs = new Set(answer.effects);
    const recordClass = tool.class;
    const readerClass = deriveClass(answer.effects);
    byClass[recordClass].of++;
    if (recordClass === readerClass) {
      figures.class.agree++;
      byClass[recordClass].agree++;
    } else {
      if (CLASSES.indexOf(recordClass) > CLASSES.indexOf(readerClass)) figures.registryStricter++;
      else figures.registryLooser++;
      figures.classDifferences.push({
        server: answer.server,
        tool: answer.tool,
        record: recordClass,
        reader: readerClass,
        recordEffects: [...mine].sort(),
        readerEffects: [...theirs].sort(),
      });
    }
    const union = new Set([...mine, ...theirs]);
    const shared = [...mine].filter((e) => theirs.has(e)).length;
    if (shared === union.size) figures.effects.agree++;
    jaccardSum += union.size === 0 ? 1 : shared / union.size;
    for (const e of union) {
      const slot = byEffect[e] ?? { both: 0, recordOnly: 0, readerOnly: 0 };
      byEffect[e] = slot;
      if (mine.has(e) && theirs.has(e)) slot.both++;
      else if (mine.has(e)) slot.recordOnly++;
      else slot.readerOnly++;
    }
  }
  figures.jaccard = answers.length === 0 ? 0 : Math.round((jaccardSum / answers.length) * 100) / 100;
  return figures;
}
