/**
 * `rclass audit verify|report`: read the hook's audit log (SPEC 10).
 *
 * - `verify` recomputes the hash chain: exit 0 when every line holds,
 *   exit 1 naming the first line that was changed, removed, inserted,
 *   reordered or cut short.
 * - `report` prints every R3 or R4 decision and everything that asked or
 *   blocked, one line each, with what happened next. It verifies the chain
 *   too, and exits 1 (after printing) when it does not hold.
 *
 * No log at the default location is the normal state before the hook's
 * first decision: both say so and exit 0 (there is nothing to report or
 * verify). A log named with `--log` that does not exist exits 3, since a
 * mistyped path must not pass as a clean log. Exit 3 when the log cannot be
 * read; 2 for a usage error.
 */
import path from 'node:path';
import { parseCommandLine } from '../parse-args.ts';
import { defaultAuditLog } from '../../node/state-dir.ts';
import { reportFile } from '../../audit/report.ts';
import { verifyAuditFile } from '../../audit/verify.ts';
import { EXIT, type CliIO, UsageError, complain } from '../io.ts';
import { messageOf } from '../../core/errors.ts';

/** The usage line of `audit`. */
export const AUDIT_USAGE = 'rclass audit verify|report [--log FILE] [--since DATE]';

/** The help text of `audit`. */
export const AUDIT_HELP = `usage: ${AUDIT_USAGE}

Read the audit log that \`rclass hook\` writes (SPEC 10).

  verify          recompute the hash chain; exit 1 naming the first line that
                  was changed, removed, inserted, reordered or cut short
  report          every R3 or R4 decision and everything that asked or blocked,
                  one line each, with what happened next: approved and ran,
                  not run (refused or cancelled), or blocked

  --log FILE      the log to read (default \${XDG_STATE_HOME:-~/.local/state}/rclass/audit.jsonl)
  --since DATE    report: only decisions from DATE on (YYYY-MM-DD, local midnight,
                  or an RFC 3339 time such as 2026-10-25T13:00:00+01:00)

With no log at the default location yet (the hook has not decided anything,
or it logs elsewhere with its own --log), both say so and exit 0: there is
nothing to report or verify. A file named with --log must exist: a missing
one exits 3, so a mistyped path never passes as a clean log.

A chain that verifies shows that no line was changed, inserted, reordered or
removed before the last line. It cannot show that lines were cut from the
end (the shorter file is a valid chain too), nor that the whole chain was
rewritten after an edit: anyone who can write the file can do both. Ship the
log to storage the agent cannot write if it has to hold up (SPEC 10.3).

Exit codes: 0 ok (or no log yet at the default location), 1 the chain does not
verify, 2 usage error, 3 the log cannot be read (or a --log FILE does not exist).
`;

/**
 * Parse `--since`.
 * @returns ms since the epoch
 * @throws UsageError when the text is not a date
 */
export function parseSince(text: string): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day !== null) {
    const date = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    if (date.getMonth() === Number(day[2]) - 1 && date.getDate() === Number(day[3])) return date.getTime();
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return time;
  }
  throw new UsageError(`\`--since\` must be a date (YYYY-MM-DD) or an RFC 3339 time; got \`${text}\``);
}

function unreadable(io: CliIO, shown: string, error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  complain(io, code === 'ENOENT' ? `no audit log at \`${shown}\`` : `cannot read the audit log \`${shown}\`: ${code ?? (messageOf(error))}`);
  return EXIT.incomplete;
}

/**
 * The default log does not exist: `rclass hook` has logged nothing yet (or
 * logs to its own `--log FILE`). Not an error: say so, `verify` on stdout like
 * its `ok:` line, `report` on stderr like its other notes, and exit 0.
 */
function noLogYet(io: CliIO, action: 'verify' | 'report', shown: string): number {
  const where = `no decisions logged yet at \`${shown}\`: \`rclass hook\` creates the log at its first decision (if your hook runs with \`--log FILE\`, pass the same \`--log FILE\` here)`;
  if (action === 'verify') io.stdout.write(`nothing to verify: ${where}\n`);
  else complain(io, where);
  return EXIT.ok;
}

/** What verification without an anchor cannot detect (SPEC 10.3); printed after every passing verify. */
export const UNANCHORED_LIMITS =
  'this shows no line was changed, inserted, reordered or removed before the last one; it cannot show that lines were cut from the end or that the whole chain was rewritten, since anyone who can write the file can do both (SPEC 10.3)';

/**
 * Run `rclass audit`.
 * @param argv the words after `audit`
 * @returns 0, 1 (the chain does not verify) or 3 (the log cannot be read)
 * @throws UsageError for a wrong command line
 */
export async function auditCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      log: { type: 'string' },
      since: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(AUDIT_HELP);
    return EXIT.ok;
  }
  const [action, ...extra] = positionals;
  if (action !== 'verify' && action !== 'report') throw new UsageError(action === undefined ? '`audit` needs `verify` or `report`' : `\`audit\` takes \`verify\` or \`report\`; got \`${action}\``);
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``);
  if (values.since !== undefined && action !== 'report') throw new UsageError('`--since` applies to `report` only');
  const since = values.since === undefined ? undefined : parseSince(values.since);
  let file: string;
  if (values.log !== undefined) file = path.resolve(io.cwd, values.log);
  else {
    try {
      file = defaultAuditLog(io.env);
    } catch (error) {
      complain(io, `${messageOf(error)}; give the log with \`--log FILE\``);
      return EXIT.incomplete;
    }
  }
  const shown = values.log ?? file;

  let verdict;
  try {
    verdict = await verifyAuditFile(file);
  } catch (error) {
    if (values.log === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return noLogYet(io, action, shown);
    return unreadable(io, shown, error);
  }
  const broken = verdict.ok ? undefined : `\`${shown}\` line ${verdict.bad!.line}: ${verdict.bad!.reason}`;

  if (action === 'verify') {
    if (broken !== undefined) {
      complain(io, `the audit log does not verify: ${broken}`);
      return EXIT.threshold;
    }
    io.stdout.write(`ok: ${verdict.lines} line${verdict.lines === 1 ? '' : 's'}, the hash chain holds (\`${shown}\`)\n`);
    complain(io, `note: ${UNANCHORED_LIMITS}`);
    return EXIT.ok;
  }

  let report;
  try {
    report = await reportFile(file, since === undefined ? {} : { since });
  } catch (error) {
    return unreadable(io, shown, error);
  }
  for (const line of report.lines) io.stdout.write(`${line}\n`);
  if (report.lines.length === 0) complain(io, `no R3 or R4 decisions and nothing asked or blocked among ${report.decisions} decision${report.decisions === 1 ? '' : 's'} in \`${shown}\`${values.since !== undefined ? ` since ${values.since}` : ''}`);
  if (report.unreadable > 0) complain(io, `${report.unreadable} line${report.unreadable === 1 ? ' is' : 's are'} not JSON and ${report.unreadable === 1 ? 'was' : 'were'} left out`);
  if (broken !== undefined) {
    complain(io, `the audit log does not verify, so this report may be wrong: ${broken}`);
    return EXIT.threshold;
  }
  return EXIT.ok;
}
