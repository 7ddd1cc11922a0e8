/**
 * `rclass records add FILE` and `rclass records list`: the user's local
 * records (SPEC 5.10), kept in `records/` of rclass's state folder (or
 * `--records DIR`) and layered over the public registry by `scan`, `lookup`
 * and the hooks. `add` validates a record file as the registry's records
 * are validated, refuses one that claims a public record's identity or a
 * local record's, and copies it into the folder under its id, never
 * replacing a file. A draft's `suggested-` marks (SPEC 13) are refused
 * unless `--accept-suggestions` takes them as the user's own judgement.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { parseCommandLine } from '../parse-args.ts';
import { EXIT, type CliIO, UsageError, complain } from '../io.ts';
import { localRecordsFolder } from '../local-records.ts';
import { loadRegistry } from '../../node/registry.ts';
import { showPath } from '../../node/clients/locations.ts';
import { loadLocalRecords, readLocalSources } from '../../node/local-records.ts';
import { readRegularFileSync } from '../../node/read-regular.ts';
import { validateLocalSources } from '../../records/local.ts';
import { formatProblem } from '../../records/problems.ts';
import { decodeRecordText, parseRecordSource } from '../../records/source.ts';
import { acceptSuggestions } from '../../records/accept-suggestions.ts';
import { messageOf } from '../../core/errors.ts';

/** The usage line of `records`. */
export const RECORDS_USAGE = 'rclass records add FILE [--accept-suggestions] [--records DIR] | rclass records list [--records DIR]';

/** The help text of `records`. */
export const RECORDS_HELP = `usage: ${RECORDS_USAGE}

Local records: record files of your own, in the registry's format, for servers the
public registry has no record of (SPEC 5.10). scan, lookup and the hooks add them to
the registry and name them ("local record ID (FILE)"), never as the registry.

  add FILE                validate FILE (as npm run check validates a record, without the
                          network) and copy it into the folder as <id>.yaml; refused when it
                          has a problem, when a public record or another local record claims
                          its id, package, image or URL, or when <id>.yaml exists there
  --accept-suggestions    take a draft's suggested- effects (from rclass scan --write-drafts or
                          the site's catalogue) as your own judgement: the marks are removed,
                          each tool's class is derived from its effects, and a tool with no
                          suggestion (unclassified) is left out, so it stays unknown (R4)
  list                    print each local record and every problem, as FILE:LINE:COL
  --records DIR           the folder (default \${XDG_STATE_HOME:-~/.local/state}/rclass/records)

A local record adds servers only: it never changes a public record. A folder or file
with a problem makes the hook ask about every MCP call until it is fixed.
`;

/** Largest FILE accepted (bytes), as the folder's own limit. */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Write `text` as `file`, exclusively: a temporary file in the folder, hard-linked to the name (which fails when anything is there).
 * @returns false when something is already at `file`
 */
function writeExclusive(file: string, text: string): boolean {
  const dir = path.dirname(file);
  // 0700 like the state folder it usually lives in (src/node/state-dir.ts), which the hook refuses otherwise.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/** The public registry local records are layered over, or undefined once the reason it could not be loaded is printed. */
async function publicRegistry(io: CliIO): Promise<Awaited<ReturnType<typeof loadRegistry>> | undefined> {
  try {
    return await loadRegistry(undefined, io.cwd);
  } catch (error) {
    complain(io, messageOf(error));
    return undefined;
  }
}

async function add(io: CliIO, file: string, accept: boolean, flag: string | undefined): Promise<number> {
  const folder = localRecordsFolder(io, flag);
  if (folder === undefined) throw new UsageError('there is no state folder (no absolute XDG_STATE_HOME or HOME): name the folder with `--records DIR`');
  const show = (name: string) => showPath(name, io.env, io.cwd);
  let bytes: Buffer;
  try {
    bytes = readRegularFileSync(path.resolve(io.cwd, file));
  } catch (error) {
    throw new UsageError(`cannot read \`${file}\`: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}`);
  }
  if (bytes.byteLength > MAX_FILE_BYTES) throw new UsageError(`\`${file}\` is larger than ${MAX_FILE_BYTES} bytes`);
  const decoded = decodeRecordText(bytes);
  if (!('text' in decoded)) throw new UsageError(`\`${file}\` is not UTF-8 text`);
  const parsed = parseRecordSource(file, decoded.text);
  if (parsed.problems.length > 0) {
    for (const problem of parsed.problems) io.stderr.write(`${formatProblem(problem)}\n`);
    complain(io, `\`${file}\` was not added`);
    return EXIT.threshold;
  }
  const data = parsed.source.data as { id?: unknown } | null;
  const id = data !== null && typeof data === 'object' && typeof data.id === 'string' && /^[a-z0-9][a-z0-9-]{0,47}$/.test(data.id) ? data.id : undefined;
  if (id === undefined) throw new UsageError(`\`${file}\` has no record \`id\` (lowercase letters, digits and hyphens)`);
  let text = decoded.text;
  if (accept) {
    const today = new Date().toISOString().slice(0, 10);
    const accepted = acceptSuggestions(parsed.source.data, today);
    text = [
      '# yaml-language-server: $schema=https://reversibility.twomuchlabs.com/schema/record.schema.json',
      `# LOCAL RECORD adopted by rclass records add --accept-suggestions on ${today} from ${path.basename(file)}:`,
      "# its effects were suggested from each tool's own definition (SPEC 13) and accepted as the user's own",
      '# judgement, not read from source. It never becomes a public record as it is (SPEC 13.2).',
      ...(accepted.leftOut.length > 0 ? [`# Left out (nothing suggested, so unknown and R4): ${accepted.leftOut.join(', ')}.`] : []),
      stringify(accepted.record, { lineWidth: 0 }),
    ].join('\n');
    if (accepted.leftOut.length > 0)
      complain(io, `left out ${accepted.leftOut.length} tool(s) with no suggestion, which stay unknown (R4): ${accepted.leftOut.join(', ')}`);
  }
  const target = path.join(folder.dir, `${id}.yaml`);
  const registry = await publicRegistry(io);
  if (registry === undefined) return EXIT.incomplete;
  const existing = await readLocalSources(folder.dir, { named: false, show });
  const candidate = parseRecordSource(show(target), text);
  const others = existing.sources.filter((source) => source.file !== show(target));
  const checked = validateLocalSources([...others, candidate.source], [...existing.problems, ...candidate.problems], registry.document.servers);
  const mine = checked.problems.filter((problem) => problem.file === show(target));
  if (mine.length > 0 || !checked.files.has(id)) {
    for (const problem of mine) io.stderr.write(`${formatProblem(problem).replace(show(target), file)}\n`);
    const marks = mine.some((problem) => problem.message.includes('suggested-'));
    complain(
      io,
      `\`${file}\` was not added as a local record${marks && !accept ? '; its effects are still suggestions: check them, or pass `--accept-suggestions` to take them as your own judgement' : ''}`,
    );
    return EXIT.threshold;
  }
  if (!writeExclusive(target, text)) {
    complain(io, `\`${show(target)}\` already exists and was not replaced; remove it first to replace it`);
    return EXIT.threshold;
  }
  io.stdout.write(`added local record ${id}: ${show(target)}\n`);
  return EXIT.ok;
}

async function list(io: CliIO, flag: string | undefined): Promise<number> {
  const folder = localRecordsFolder(io, flag);
  if (folder === undefined) throw new UsageError('there is no state folder (no absolute XDG_STATE_HOME or HOME): name the folder with `--records DIR`');
  const registry = await publicRegistry(io);
  if (registry === undefined) return EXIT.incomplete;
  const local = await loadLocalRecords(folder.dir, registry.document.servers, { named: folder.named, show: (name) => showPath(name, io.env, io.cwd) });
  const lines = [`local records in ${showPath(folder.dir, io.env, io.cwd)}: ${local.records.length} in use`];
  for (const record of local.records) lines.push(`  ${record.id}  ${record.tools.length} tools  ${local.files.get(record.id) ?? ''}`);
  for (const problem of local.problems) lines.push(formatProblem(problem));
  if (local.problems.length > 0) lines.push(`${local.problems.length} problem(s): the hook asks about every MCP call until they are fixed`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return local.problems.length > 0 ? EXIT.threshold : EXIT.ok;
}

/**
 * Run `rclass records`.
 * @returns 0 done, 1 refused (a problem with the record or the folder, each printed), 3 the registry could not be loaded
 * @throws UsageError for a wrong command line or an unreadable FILE
 */
export async function recordsCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'accept-suggestions': { type: 'boolean', default: false },
      records: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(RECORDS_HELP);
    return EXIT.ok;
  }
  const [action, ...rest] = positionals;
  if (action === 'add') {
    if (rest.length !== 1) throw new UsageError('`records add` takes one FILE');
    return add(io, rest[0]!, values['accept-suggestions'], values.records);
  }
  if (action === 'list') {
    if (rest.length !== 0 || values['accept-suggestions']) throw new UsageError('`records list` takes no FILE and no `--accept-suggestions`');
    return list(io, values.records);
  }
  throw new UsageError(action === undefined ? '`records` needs `add FILE` or `list`' : `unknown \`records\` action \`${action.slice(0, 40)}\``);
}
