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
import { pendingRecords } from '../../audit/log.ts';
import { decisionDigest } from '../../audit/chain.ts';
import { reportFile, reportLines } from '../../audit/report.ts';
import { type VerifyResult, verifyAnchored, verifyAuditFile } from '../../audit/verify.ts';
import { readAnchorHeads } from '../../audit/anchor.ts';
import { EXIT, type CliIO, UsageError, complain } from '../io.ts';
import { messageOf } from '../../core/errors.ts';

/** What waits in an audit log's pending folder (SPEC 10.2), read once per command. */
type Waiting = ReturnType<typeof pendingRecords>;

/** The usage line of `audit`. */
export const AUDIT_USAGE = 'rclass audit verify|report [--log FILE] [--anchor FILE] [--since DATE]';

/** The help text of `audit`. */
export const AUDIT_HELP = `usage: ${AUDIT_USAGE}

Read the audit log that \`rclass hook\` writes (SPEC 10).

  verify          recompute the hash chain; exit 1 naming the first line that
                  was changed, removed, inserted, reordered or cut short
  report          every R3 or R4 decision and everything that asked or blocked,
                  one line each, with what happened next: approved and ran,
                  not run (refused or cancelled), or blocked

  --log FILE      the log to read (default \${XDG_STATE_HOME:-~/.local/state}/rclass/audit.jsonl)
  --anchor FILE   verify: also prove the log reaches the chain heads recorded in
                  FILE, the hook's --anchor-file, or the lines its --anchor-command
                  sent (for \`logger -t rclass\`: journalctl -t rclass -o cat > FILE)
  --since DATE    report: only decisions from DATE on (YYYY-MM-DD, local midnight,
                  or an RFC 3339 time such as 2026-10-25T13:00:00+01:00)

With no log at the default location yet (the hook has not decided anything,
or it logs elsewhere with its own --log), both say so and exit 0: there is
nothing to report or verify. A file named with --log must exist: a missing
one exits 3, so a mistyped path never passes as a clean log.

A hook process that cannot take the log's lock in time writes its decision to
a file in the folder <log>.pending/ instead; the next logged decision chains it
in. verify says how many decisions wait there (no hash covers them yet), and
report includes them. With an anchor, such a decision has no anchored head, so
the hook asks about the call rather than let it run.

Without an anchor, a chain that verifies shows that no line was changed,
inserted, reordered or removed before the last line. It cannot show that
lines were cut from the end (the shorter file is a valid chain too), nor that
the whole chain was rewritten after an edit: anyone who can write the file
can do both.

With an anchor (\`rclass hook --anchor-file FILE\` or \`--anchor-command CMD\`
writes the chain head, seq and hash of the last line, there on every append),
verify --anchor FILE also fails, saying which, when the log ends before the
anchor's last head (lines cut from the end) or when a line's hash differs
from the head the anchor recorded for it (the chain was rewritten), and when
the anchor's heads go back (a seq not above an earlier one): heads only move
forward, so a forged head (anyone can run logger -t rclass) fails and never
lowers what the log must reach, and a new log needs a new anchor. It still
cannot show anything about lines written after the anchor's last head, and
it holds only as long as the anchor itself cannot be rewritten: a file the
agent can write is no anchor. Use a file only another user can write, an
append-only file (chattr +a), or a command such as \`logger -t rclass\` that
ships the head off the file (SPEC 10.3).

Exit codes: 0 ok (or no log yet at the default location), 1 the chain does not
verify, 2 usage error, 3 the log cannot be read (or a --log FILE does not exist).
`;

/**
 * Parse `--since`.
 * @returns ms since the epoch
 * @throws UsageError when the text is not a date
 */
function parseSince(text: string): number {
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
  complain(io, code === 'ENOENT' ? `no audit log at \`${shown}\`` : `cannot read the audit log \`${shown}\`: ${code ?? messageOf(error)}`);
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
  'this shows no line was changed, inserted, reordered or removed before the last one; without an anchor it cannot show that lines were cut from the end or that the whole chain was rewritten, since anyone who can write the file can do both (see --anchor, SPEC 10.3)';

/**
 * `verify --anchor`: the chain, then the anchor's heads (SPEC 10.3).
 * @returns 0 when the chain holds and reaches the anchor's last head; 1 when
 *   it does not (the message says which: a bad line, lines cut from the end,
 *   a rewritten chain, an anchor with no head); 3 when a file cannot be read
 */
async function verifyWithAnchor(io: CliIO, file: string, shown: string, anchorArg: string, defaultLog: boolean): Promise<number> {
  let heads: Awaited<ReturnType<typeof readAnchorHeads>>;
  try {
    heads = await readAnchorHeads(path.resolve(io.cwd, anchorArg));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    complain(io, code === 'ENOENT' ? `no anchor at \`${anchorArg}\`` : `cannot read the anchor \`${anchorArg}\`: ${code ?? messageOf(error)}`);
    return EXIT.incomplete;
  }
  let verdict: Awaited<ReturnType<typeof verifyAnchored>>;
  const waiting = pendingRecords(file);
  const waitingDigests = waiting.records.map((record) => decisionDigest(record as unknown as Record<string, unknown>));
  try {
    verdict = await verifyAnchored(file, heads, waitingDigests);
  } catch (error) {
    const lost = heads.pending.filter((digest) => !waitingDigests.includes(digest)).length;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && lost > 0) {
      complain(
        io,
        `the audit log does not verify against the anchor: there is no log at \`${shown}\`, and ${lost} decision${lost === 1 ? '' : 's'} the anchor recorded as waiting in its pending folder ${lost === 1 ? 'is' : 'are'} not there`,
      );
      return EXIT.threshold;
    }
    // No log at all while the anchor holds heads: every line was removed.
    if (defaultLog && (error as NodeJS.ErrnoException).code === 'ENOENT' && heads.heads.length === 0) return noLogYet(io, 'verify', shown);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && heads.heads.length > 0) {
      complain(
        io,
        `the audit log does not verify against the anchor: there is no log at \`${shown}\` but the anchor's last head is seq ${heads.heads.at(-1)!.seq}`,
      );
      return EXIT.threshold;
    }
    return unreadable(io, shown, error);
  }
  if (heads.ignored > 0) complain(io, `note: ${heads.ignored} line${heads.ignored === 1 ? '' : 's'} of \`${anchorArg}\` hold no chain head and were left out`);
  if (verdict.bad !== undefined) {
    complain(io, `the audit log does not verify: \`${shown}\` line ${verdict.bad.line}: ${verdict.bad.reason}`);
    return EXIT.threshold;
  }
  if (verdict.anchorFailure !== undefined) {
    complain(io, `the audit log does not verify against the anchor \`${anchorArg}\`: ${verdict.anchorFailure.message}`);
    return EXIT.threshold;
  }
  const head = verdict.anchored!;
  io.stdout.write(
    `ok: ${verdict.lines} line${verdict.lines === 1 ? '' : 's'}, the hash chain holds and reaches the anchor's last head, seq ${head.seq} (\`${shown}\`)\n`,
  );
  if (verdict.unanchored > 0)
    complain(
      io,
      `note: the last ${verdict.unanchored} line${verdict.unanchored === 1 ? '' : 's'} came after the anchor's last head, so cutting ${verdict.unanchored === 1 ? 'it' : 'them'} off would not be detected`,
    );
  notePending(io, waiting, shown);
  complain(io, `note: ${ANCHORED_LIMITS}`);
  return EXIT.ok;
}

/** The note that a report includes decisions from the pending folder (SPEC 10.2). */
function waitingNote(count: number, shown: string): string {
  return `note: ${count} decision${count === 1 ? '' : 's'} read ${count === 1 ? 'waits' : 'wait'} in \`${shown}.pending/\`, not yet chained into the log; no hash covers ${count === 1 ? 'it' : 'them'} until the next logged decision chains ${count === 1 ? 'it' : 'them'} in`;
}

/**
 * No log file yet, but decisions wait in its pending folder (every hook
 * process so far timed out on the lock, or the log was removed): verify says
 * so and exits 0, as with no log at all; report lists them, marked as waiting.
 */
function onlyPending(io: CliIO, action: 'verify' | 'report', waiting: Waiting, shown: string, since: number | undefined): number {
  if (action === 'verify') {
    io.stdout.write(`nothing chained yet at \`${shown}\`\n`);
    notePending(io, waiting, shown);
    return EXIT.ok;
  }
  const report = reportLines(waiting.records, since === undefined ? {} : { since });
  for (const line of report.lines) io.stdout.write(`${line}\n`);
  complain(io, waitingNote(waiting.records.length, shown));
  return EXIT.ok;
}

/**
 * Say what waits in the log's pending folder (SPEC 10.2): decisions written
 * while another hook process held the lock, which the next append chains in
 * and no verification covers until then; and pending files that cannot be read.
 */
function notePending(io: CliIO, waiting: Waiting, shown: string): void {
  const count = waiting.records.length;
  if (count > 0)
    complain(
      io,
      `note: ${count} decision${count === 1 ? ' waits' : 's wait'} in \`${shown}.pending/\`, written while another hook process held the log's lock; the next logged decision chains ${count === 1 ? 'it' : 'them'} in, and until then no hash covers ${count === 1 ? 'it' : 'them'}`,
    );
  if (waiting.damaged.length > 0)
    complain(
      io,
      `note: ${waiting.damaged.length} file${waiting.damaged.length === 1 ? '' : 's'} in \`${shown}.pending/\` cannot be read as decisions and ${waiting.damaged.length === 1 ? 'is' : 'are'} kept for you to look at: ${waiting.damaged.join(', ')}`,
    );
}

/** What verification with an anchor still cannot detect (SPEC 10.3); printed after every passing `verify --anchor`. */
const ANCHORED_LIMITS =
  'the anchor proves the log was not cut or rewritten up to its last head; it proves nothing if the anchor itself could be rewritten by whoever changed the log (SPEC 10.3)';

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
      anchor: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(AUDIT_HELP);
    return EXIT.ok;
  }
  const [action, ...extra] = positionals;
  if (action !== 'verify' && action !== 'report')
    throw new UsageError(action === undefined ? '`audit` needs `verify` or `report`' : `\`audit\` takes \`verify\` or \`report\`; got \`${action}\``);
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``);
  if (values.since !== undefined && action !== 'report') throw new UsageError('`--since` applies to `report` only');
  if (values.anchor !== undefined && action !== 'verify') throw new UsageError('`--anchor` applies to `verify` only');
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
  if (action === 'verify' && values.anchor !== undefined) return verifyWithAnchor(io, file, shown, values.anchor, values.log === undefined);

  let verdict: VerifyResult;
  try {
    verdict = await verifyAuditFile(file);
  } catch (error) {
    const waiting = (error as NodeJS.ErrnoException).code === 'ENOENT' ? pendingRecords(file) : undefined;
    if (waiting !== undefined && waiting.records.length > 0) return onlyPending(io, action, waiting, shown, since);
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
    notePending(io, pendingRecords(file), shown);
    complain(io, `note: ${UNANCHORED_LIMITS}`);
    return EXIT.ok;
  }

  let report: Awaited<ReturnType<typeof reportFile>>;
  const waiting = pendingRecords(file).records;
  try {
    report = await reportFile(file, since === undefined ? {} : { since }, waiting);
  } catch (error) {
    return unreadable(io, shown, error);
  }
  for (const line of report.lines) io.stdout.write(`${line}\n`);
  if (waiting.length > 0) complain(io, waitingNote(waiting.length, shown));
  if (report.lines.length === 0)
    complain(
      io,
      `no R3 or R4 decisions and nothing asked or blocked among ${report.decisions} decision${report.decisions === 1 ? '' : 's'} in \`${shown}\`${values.since !== undefined ? ` since ${values.since}` : ''}`,
    );
  if (report.unreadable > 0)
    complain(io, `${report.unreadable} line${report.unreadable === 1 ? ' is' : 's are'} not JSON and ${report.unreadable === 1 ? 'was' : 'were'} left out`);
  if (broken !== undefined) {
    complain(io, `the audit log does not verify, so this report may be wrong: ${broken}`);
    return EXIT.threshold;
  }
  return EXIT.ok;
}
