/**
 * Record sources: a YAML file parsed with positions kept, so every problem
 * can point at its line and column (SPEC 5.9).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Composer, LineCounter, Parser, isCollection, isNode, visit, type CST, type Document } from 'yaml';
import type { Problem } from './problems.ts';
import { messageOf } from '../core/errors.ts';

/** A path into a record's data, e.g. `['tools', 3, 'class']`. */
export type DataPath = ReadonlyArray<string | number>;

/** One record as read from its file (or given inline, without positions). */
export interface RecordSource {
  /** Path shown in reports, relative to the repository root, with `/`. */
  file: string;
  /** The parsed data (plain JavaScript), or undefined if the YAML did not parse. */
  data: unknown;
  /** Where a data path points, as 1-based line and column. */
  locate(dataPath: DataPath, key?: boolean): { line: number; column: number };
}

/** A record given as data, with no source positions: every problem is at 1:1. */
export function inlineSource(file: string, data: unknown): RecordSource {
  return { file, data, locate: () => ({ line: 1, column: 1 }) };
}

/**
 * Parse one YAML record, keeping positions. YAML errors become problems with
 * check id `yaml-syntax`; the data is undefined when any occurred. A record
 * is one document of plain data: anchors, aliases, tags and directives are
 * problems too, since they either change what the values mean (`%YAML 1.1`,
 * `!!timestamp`, `!!js/function`) or make the data something other than what
 * is written where it is read (aliases).
 * @param file the path to show in reports
 * @param text the file's content, already decoded (see {@link decodeRecordText})
 */
export function parseRecordSource(file: string, text: string): { source: RecordSource; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const problems: Problem[] = [];
  const problemAt = (offset: number, message: string): void => {
    const pos = lineCounter.linePos(offset);
    problems.push({ file, line: pos.line, column: pos.col, severity: 'error', check: 'yaml-syntax', message });
  };
  let docs: Document.Parsed[] = [];
  try {
    const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
    docs = [...new Composer({ prettyErrors: false, uniqueKeys: true }).compose(tokens)];
    for (const doc of docs) {
      for (const error of [...doc.errors, ...doc.warnings]) {
        // Unresolved tags are reported below with every other tag.
        if (error.code !== 'TAG_RESOLVE_FAILED') problemAt(error.pos[0], ownWords(error.message));
      }
    }
    if (docs.length > 1) problemAt(docs[1]!.range[0], `a record is one YAML document; this file has ${docs.length}`);
    for (const token of plainDataViolations(tokens)) problemAt(token.offset, token.message);
    if (docs.length > 0 && docs[0]!.errors.length === 0)
      for (const offset of collectionKeys(docs[0]!)) problemAt(offset, 'a mapping key must be a plain value, not a mapping or a sequence');
  } catch (error) {
    // The parser and composer report problems rather than throw; this is for
    // whatever they still cannot handle, so no record can crash the pipeline.
    problems.push(wholeFileProblem(file, 'the file could not be read as YAML', error));
  }
  const doc: Document.Parsed | undefined = docs[0];
  let data: unknown;
  if (problems.length === 0) {
    try {
      // No aliases are left to resolve (they were problems above), so
      // maxAliasCount 0 only guards against a bug in that scan.
      data = doc === undefined ? null : doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      problems.push(wholeFileProblem(file, 'the file could not be read as data', error));
    }
  }
  const locate = (dataPath: DataPath, key = false): { line: number; column: number } => {
    if (doc === undefined) return { line: 1, column: 1 };
    // Walk down as far as the path exists; report the deepest node found.
    for (let depth = dataPath.length; depth >= 0; depth -= 1) {
      const sub = dataPath.slice(0, depth);
      const node = sub.length === 0 ? doc.contents : doc.getIn(sub, true);
      if (isNode(node) && node.range) {
        let offset = node.range[0];
        if (key && depth === dataPath.length && depth > 0) {
          const parent = depth === 1 ? doc.contents : doc.getIn(sub.slice(0, -1), true);
          const pair = (parent as { items?: Array<{ key?: { value?: unknown; range?: [number, number, number] } }> })?.items?.find(
            (item) => item.key?.value === sub[sub.length - 1],
          );
          if (pair?.key?.range) offset = pair.key.range[0];
        }
        const pos = lineCounter.linePos(offset);
        return { line: pos.line, column: pos.col };
      }
    }
    return { line: 1, column: 1 };
  };
  return { source: { file, data, locate }, problems };
}

/**
 * Read every `*.yaml` record in a directory, sorted by file name.
 * @param dir the registry directory
 * @param shownAs how the directory is written in reports (default `registry`)
 * @throws if the directory cannot be read
 */
export async function readRecordSources(dir: string, shownAs = 'registry'): Promise<{ sources: RecordSource[]; problems: Problem[] }> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort();
  const sources: RecordSource[] = [];
  const problems: Problem[] = [];
  for (const name of names) {
    const file = `${shownAs}/${name}`;
    const decoded = decodeRecordText(await readFile(path.join(dir, name)));
    if ('text' in decoded) {
      const parsed = parseRecordSource(file, decoded.text);
      sources.push(parsed.source);
      problems.push(...parsed.problems);
    } else {
      const { line, column, byte } = decoded.invalid;
      problems.push({
        file,
        line,
        column,
        severity: 'error',
        check: 'encoding',
        message: `invalid UTF-8: byte 0x${byte.toString(16).padStart(2, '0').toUpperCase()} does not start a valid UTF-8 sequence here; records are UTF-8 text`,
      });
      // Parse what there is anyway, so the file's YAML problems are reported
      // in the same run; like a file with YAML errors, it is not validated.
      const parsed = parseRecordSource(file, new TextDecoder('utf-8').decode(decoded.bytes));
      sources.push({ ...parsed.source, data: undefined });
      problems.push(...parsed.problems);
    }
  }
  return { sources, problems };
}

/**
 * Decode a record file's bytes as UTF-8. A byte order mark at the start is
 * accepted and dropped (YAML allows one, and some editors write it), so line
 * 1 columns count from the first character after it. Any ill-formed byte
 * sequence is a problem, never silently replaced with U+FFFD.
 * @returns the text, or where the first ill-formed sequence starts: 1-based
 *   line, and column counted the way YAML positions are (UTF-16 units)
 */
export function decodeRecordText(bytes: Uint8Array): { text: string } | { bytes: Uint8Array; invalid: { line: number; column: number; byte: number } } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    let lineStart = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    for (let i = 0; i < offset; i += 1) {
      if (bytes[i] === 0x0a) {
        line += 1;
        lineStart = i + 1;
      }
    }
    const column = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(lineStart, offset)).length + 1;
    return { bytes, invalid: { line, column, byte: bytes[offset]! } };
  }
}

/**
 * The offset of the first byte that does not begin a well-formed UTF-8
 * sequence (Unicode 15, table 3-7): the same place a decoder puts its first
 * U+FFFD. Overlong forms, surrogates and code points above U+10FFFF count.
 * @returns the offset, or -1 when every byte is well formed
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const inRange = (i: number, low: number, high: number): boolean => i < bytes.length && bytes[i]! >= low && bytes[i]! <= high;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let length: number;
    let secondLow = 0x80;
    let secondHigh = 0xbf;
    if (b <= 0x7f) length = 1;
    else if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) secondLow = 0xa0;
      if (b === 0xed) secondHigh = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) secondLow = 0x90;
      if (b === 0xf4) secondHigh = 0x8f;
    } else return i;
    if (length > 1 && !inRange(i + 1, secondLow, secondHigh)) return i;
    for (let k = 2; k < length; k += 1) if (!inRange(i + k, 0x80, 0xbf)) return i;
    i += length;
  }
  return -1;
}

/** A YAML library message in the report's style: first line, lowercase first letter, no final period. */
function ownWords(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/\.$/, '')
    .replace(/^./, (c) => c.toLowerCase());
}

/**
 * Tokens that make a file more than plain data: directives (`%YAML 1.1`
 * changes what `yes` and dates mean), tags (`!!js/function`, `!!binary`,
 * `!custom`, even `!!str`), anchors and aliases. Found in the parser's
 * tokens, so each points at the token itself rather than at the value.
 */
function plainDataViolations(tokens: readonly CST.Token[]): Array<{ offset: number; message: string }> {
  const found: Array<{ offset: number; message: string }> = [];
  // Iterative, so a deeply nested file cannot overflow the stack here.
  const pending: unknown[] = [...tokens];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      pending.push(...value);
      continue;
    }
    const token = value as { type?: unknown; offset?: unknown; source?: unknown };
    if (typeof token.offset === 'number' && typeof token.source === 'string') {
      const source = token.source;
      if (token.type === 'alias')
        found.push({
          offset: token.offset,
          message: `alias \`${source}\` is not allowed: records don't use YAML anchors or aliases; write the value out in full`,
        });
      else if (token.type === 'anchor')
        found.push({
          offset: token.offset,
          message: `anchor \`${source}\` is not allowed: records don't use YAML anchors or aliases; write the value out in full`,
        });
      else if (token.type === 'tag')
        found.push({ offset: token.offset, message: `tag \`${source}\` is not allowed: records are plain YAML data, without tags` });
      else if (token.type === 'directive')
        found.push({ offset: token.offset, message: `directive \`${source}\` is not allowed: records are plain YAML 1.2 data, without directives` });
    }
    for (const child of Object.values(value)) if (child !== null && typeof child === 'object') pending.push(child);
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** Mapping keys that are themselves mappings or sequences (`? [a, b]`), which plain data cannot hold. */
function collectionKeys(doc: Document.Parsed): number[] {
  const offsets: number[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isCollection(pair.key) && pair.key.range) offsets.push(pair.key.range[0]);
    },
  });
  return offsets;
}

/** A `yaml-syntax` problem at the file's first line, for an error the parser threw instead of reporting. */
function wholeFileProblem(file: string, what: string, error: unknown): Problem {
  return { file, line: 1, column: 1, severity: 'error', check: 'yaml-syntax', message: `${what}: ${ownWords(messageOf(error))}` };
}
