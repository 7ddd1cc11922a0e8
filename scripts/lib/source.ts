/**
 * Record sources: a YAML file parsed with positions kept, so every problem
 * can point at its line and column (SPEC 5.9).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import type { Problem } from './problems.ts';

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
 * check id `yaml-syntax`; the data is undefined when any occurred.
 * @param file the path to show in reports
 * @param text the file's content
 */
export function parseRecordSource(file: string, text: string): { source: RecordSource; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems: Problem[] = [];
  for (const error of [...doc.errors]) {
    const pos = lineCounter.linePos(error.pos[0]);
    problems.push({ file, line: pos.line, column: pos.col, severity: 'error', check: 'yaml-syntax', message: error.message.split('\n')[0]!.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase()) });
  }
  const data = problems.length === 0 ? doc.toJS({ maxAliasCount: 0 }) : undefined;
  const locate = (dataPath: DataPath, key = false): { line: number; column: number } => {
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
    const text = await readFile(path.join(dir, name), 'utf8');
    const parsed = parseRecordSource(`${shownAs}/${name}`, text);
    sources.push(parsed.source);
    problems.push(...parsed.problems);
  }
  return { sources, problems };
}
