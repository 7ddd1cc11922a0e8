/**
 * `npm run evidence -- --write-excerpts`: write each citation's excerpt
 * (SPEC 5.2) into its record, from the pinned source the evidence check
 * reads. The YAML is edited in place, not re-serialised: the `yaml`
 * library's Document API locates each evidence map and its keys by their
 * source ranges, and only the `excerpt` (and, for a span, `end`) values are
 * inserted or replaced, so comments, key order, flow style and every other
 * byte stay as they were. Each edited file is parsed again and must hold
 * exactly the old data plus the new values, else nothing of it is written.
 * Rerunning changes nothing when the excerpts are current.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { type Node, type Pair, type Scalar, isMap, isScalar, parseDocument, stringify } from 'yaml';
import type { Citation } from './citations.ts';
import { excerptOf } from './excerpt.ts';

/** What to write into one evidence map. */
export interface ExcerptEdit {
  /** The evidence map's path in the record's data (`['tools', 3, 'evidence']`). */
  evidencePath: Array<string | number>;
  excerpt: string;
  /** The last cited line, for a citation whose tool name is written below its cited line; undefined for one line. */
  end: number | undefined;
}

/**
 * The excerpt a citation should store, from the lines of its file: the cited
 * line, or the span down to the line where the tool's name was found when
 * that is below it (within the near distance).
 * @param found the line where the name was found near the cited one, if it was
 * @returns undefined when the cited line is past the end of the file
 */
export function excerptEdit(citation: Citation, lines: readonly string[], found: number | undefined): ExcerptEdit | undefined {
  const end = found !== undefined && found > citation.line ? found : undefined;
  const excerpt = excerptOf(lines, citation.line, end, citation.names ?? [citation.tool]);
  return excerpt === undefined ? undefined : { evidencePath: citation.evidencePath, excerpt, end };
}

/** A YAML scalar for a value, as one double-quoted flow scalar (safe inside `{ … }` and in a block map alike). */
function flowScalar(value: string | number): string {
  return typeof value === 'number'
    ? String(value)
    : stringify(value, { defaultStringType: 'QUOTE_DOUBLE', lineWidth: 0, doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY }).trimEnd();
}

/** One splice of the file's text. */
interface Splice {
  at: number;
  remove: number;
  insert: string;
}

/**
 * The splices that set `key` to `value` in an evidence map: replace the
 * value when the key is there, else add the pair after the map's last pair.
 */
function setKey(text: string, map: { items: Pair[]; flow?: boolean }, key: string, value: string | number, flow: boolean): Splice {
  const pair = map.items.find((item) => isScalar(item.key) && (item.key as Scalar).value === key);
  if (pair !== undefined && isScalar(pair.value)) {
    const [start, end] = (pair.value as Node).range!;
    return { at: start, remove: end - start, insert: flowScalar(value) };
  }
  const last = map.items[map.items.length - 1]!;
  const lastEnd = (last.value as Node).range![1];
  if (flow) return { at: lastEnd, remove: 0, insert: `, ${key}: ${flowScalar(value)}` };
  const keyStart = (last.key as Node).range![0];
  const indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
  const lineEnd = text.indexOf('\n', lastEnd);
  return { at: lineEnd === -1 ? text.length : lineEnd, remove: 0, insert: `\n${' '.repeat(indent)}${key}: ${flowScalar(value)}` };
}

/**
 * Apply edits to one record file's text.
 * @returns the new text (the same text when every excerpt is current)
 * @throws if an evidence map is not where an edit says, or the edited text does not parse to the old data plus the edits
 */
export function applyExcerpts(text: string, edits: readonly ExcerptEdit[]): string {
  const doc = parseDocument(text);
  const before: unknown = doc.toJS();
  const splices: Splice[] = [];
  for (const edit of edits) {
    const map = doc.getIn(edit.evidencePath, true);
    if (!isMap(map)) throw new Error(`no evidence map at ${edit.evidencePath.join('.')}`);
    const flow = map.flow === true;
    const current = map.toJSON() as { line?: number; end?: number; excerpt?: string };
    // A span no longer needed keeps its key, set to the one cited line.
    const end = edit.end ?? (current.end !== undefined ? current.line : undefined);
    // Keys are set in the order they are added after the last pair: `end` before `excerpt`.
    const wanted: Array<[string, string | number]> = [];
    if (end !== undefined && current.end !== end) wanted.push(['end', end]);
    if (current.excerpt !== edit.excerpt) wanted.push(['excerpt', edit.excerpt]);
    // Both keys missing: add them as one insertion, so their order is kept.
    const added = wanted.map(([key, value]) => setKey(text, map, key, value, flow));
    const sameAt = added.length === 2 && added[0]!.remove === 0 && added[1]!.remove === 0 && added[0]!.at === added[1]!.at;
    if (sameAt) splices.push({ at: added[0]!.at, remove: 0, insert: added[0]!.insert + added[1]!.insert });
    else splices.push(...added);
  }
  splices.sort((a, b) => b.at - a.at);
  let result = text;
  for (const splice of splices) result = result.slice(0, splice.at) + splice.insert + result.slice(splice.at + splice.remove);
  if (result === text) return text;

  // The edited file must hold exactly the old data plus the new values.
  const expected = structuredClone(before) as Record<string, unknown>;
  for (const edit of edits) {
    let target: Record<string, unknown> = expected;
    for (const key of edit.evidencePath) target = target[key as string] as Record<string, unknown>;
    const end = edit.end ?? (target.end !== undefined ? target.line : undefined);
    if (end !== undefined) target.end = end;
    target.excerpt = edit.excerpt;
  }
  const reparsed = parseDocument(result);
  if (reparsed.errors.length > 0) throw new Error(`the edited file would not parse (${reparsed.errors[0]!.message}); nothing written`);
  const after = reparsed.toJS() as Record<string, unknown>;
  if (!isDeepStrictEqual(after, expected)) {
    const tools = (after.tools ?? []) as unknown[];
    const index = tools.findIndex((tool, i) => !isDeepStrictEqual(tool, (expected.tools as unknown[] | undefined)?.[i]));
    throw new Error(`writing the excerpts would change more than the excerpts${index >= 0 ? ` (at tools[${index}])` : ''}; nothing written`);
  }
  return result;
}

/**
 * Write the excerpts of each record file. A file whose edit fails is left
 * as it was and named in `failed`; the others are still written.
 * @param edits by record file path
 * @returns the files whose text changed, and each file left unwritten with why
 * @throws on read or write errors
 */
export async function writeExcerpts(edits: ReadonlyMap<string, readonly ExcerptEdit[]>): Promise<{ changed: string[]; failed: string[] }> {
  const changed: string[] = [];
  const failed: string[] = [];
  for (const [file, fileEdits] of edits) {
    const text = await readFile(file, 'utf8');
    let updated: string;
    try {
      updated = applyExcerpts(text, fileEdits);
    } catch (error) {
      failed.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    if (updated === text) continue;
    await writeFile(file, updated);
    changed.push(file);
  }
  return { changed, failed };
}
