/**
 * The changelog of class changes (`changelog/classes.yaml`, SPEC 2.9): every
 * change of a tool's or an argument rule's class, with the class before and
 * after and one sentence saying why. The build checks it against the records
 * so it cannot fall behind them, and emits it for the site.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isClass } from '../core/classes.ts';
import type { ServerRecord } from '../core/record.ts';
import { isOneSentence } from './checks/check.ts';
import type { Problem } from './problems.ts';
import { type DataPath, decodeRecordText, parseRecordSource } from './source.ts';
import { ROOT } from './paths.ts';

/** The repository's changelog of class changes. */
const CHANGELOG_FILE = path.join(ROOT, 'changelog', 'classes.yaml');

/** One change of class. */
export interface ClassChange {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Record id. */
  server: string;
  tool: string;
  /** The argument rule's id, when the change is a rule's. */
  rule?: string;
  /** `R0` … `R4`, or `none` when it did not exist before. */
  from: string;
  /** `R0` … `R4`, or `none` when it no longer exists. */
  to: string;
  why: string;
}

const FIELDS = new Set(['date', 'server', 'tool', 'rule', 'from', 'to', 'why']);
const isClassOrNone = (value: unknown): boolean => value === 'none' || isClass(value);

/**
 * Read and check the changelog against validated records.
 * @param records the records that passed validation
 * @param file the changelog file (default {@link CHANGELOG_FILE}); `shownAs` is how reports name it
 * @returns the entries (empty when any problem was found) and every problem with file:line:column
 */
export async function checkChangelog(
  records: readonly ServerRecord[],
  file: string = CHANGELOG_FILE,
  shownAs = 'changelog/classes.yaml',
): Promise<{ changes: ClassChange[]; problems: Problem[] }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch {
    return {
      changes: [],
      problems: [{ file: shownAs, line: 1, column: 1, severity: 'error', check: 'changelog', message: 'the changelog of class changes is missing' }],
    };
  }
  const decoded = decodeRecordText(bytes);
  if (!('text' in decoded)) {
    return {
      changes: [],
      problems: [
        { file: shownAs, line: decoded.invalid.line, column: decoded.invalid.column, severity: 'error', check: 'changelog', message: 'not valid UTF-8' },
      ],
    };
  }
  const { source, problems } = parseRecordSource(shownAs, decoded.text);
  if (problems.length > 0) return { changes: [], problems };
  const found: Problem[] = [];
  const report = (at: DataPath, message: string): void => {
    const { line, column } = source.locate(at);
    found.push({ file: shownAs, line, column, severity: 'error', check: 'changelog', message });
  };
  const data = source.data ?? [];
  if (!Array.isArray(data)) {
    report([], 'the changelog is a list of changes');
    return { changes: [], problems: found };
  }
  const current = currentClasses(records);
  const latest = new Map<string, { index: number; to: string }>();
  data.forEach((entry: unknown, i: number) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      report([i], 'each change is a mapping of date, server, tool, rule (optional), from, to and why');
      return;
    }
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!FIELDS.has(key)) report([i, key], `unknown field \`${key}\``);
    if (typeof e.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(e.date)) report([i, 'date'], 'date must be YYYY-MM-DD');
    if (typeof e.server !== 'string' || typeof e.tool !== 'string') report([i], 'server and tool must be strings');
    if (e.rule !== undefined && typeof e.rule !== 'string') report([i, 'rule'], 'rule must be a rule id');
    if (!isClassOrNone(e.from) || !isClassOrNone(e.to)) report([i], 'from and to must each be R0 … R4 or none');
    else if (e.from === e.to) report([i, 'to'], 'from and to are the same; that is no change');
    if (typeof e.why !== 'string' || !isOneSentence(e.why)) report([i, 'why'], 'why must be one sentence, starting with a capital and ending with a period');
    const key = `${String(e.server)}\u0000${String(e.tool)}\u0000${typeof e.rule === 'string' ? e.rule : ''}`;
    if (!latest.has(key)) latest.set(key, { index: i, to: String(e.to) });
  });
  // Newest first: the first entry for a tool or rule must match what the records say now.
  for (const [key, { index, to }] of latest) {
    const now = current.get(key) ?? 'none';
    if (now !== to) {
      const [server, tool, rule] = key.split('\u0000');
      report([index, 'to'], `the newest change of ${server}/${tool}${rule ? ` rule ${rule}` : ''} says ${to}, but the record now says ${now}`);
    }
  }
  return { changes: found.length === 0 ? (data as ClassChange[]) : [], problems: found };
}

/** Every tool's and rule's current class, keyed `server\0tool\0rule`. */
function currentClasses(records: readonly ServerRecord[]): Map<string, string> {
  const classes = new Map<string, string>();
  for (const record of records) {
    for (const tool of record.tools) {
      classes.set(`${record.id}\u0000${tool.name}\u0000`, tool.class);
      for (const rule of tool.rules ?? []) classes.set(`${record.id}\u0000${tool.name}\u0000${rule.id}`, rule.class);
    }
  }
  return classes;
}
