/**
 * `rclass audit report`: the auditor's view of the log (SPEC 10). Every
 * R3 or R4 decision, and every decision that asked or blocked, on one line
 * with what became of the call: approved and ran, not run, or blocked.
 *
 * An outcome line (written after the call by PostToolUse or
 * PostToolUseFailure, or by the proxy when it did not run a call it asked
 * about: `not_run`, with why in `detail`) belongs to the decision with the
 * same session and `tool_use_id`. An `ask` with no outcome was refused or
 * cancelled by the user, or never ran. An outcome line marked `refused`
 * (the proxy refused the request before any decision: a retry naming no
 * pending approval, a forged or reused nonce, or a call reusing an id in
 * flight; SPEC 10.1) belongs to no decision and is a line of its own, in
 * log order, so every such attempt shows. Node-only for file reading;
 * {@link reportLines} is pure.
 */
import { readLogLines } from './lines.ts';
import { safeText } from '../core/safe-text.ts';

/** A parsed log line, as far as the report needs it. */
interface Line {
  seq?: unknown;
  time?: unknown;
  event?: unknown;
  session?: unknown;
  server?: unknown;
  tool?: unknown;
  tool_use_id?: unknown;
  class?: unknown;
  decision?: unknown;
  outcome?: unknown;
  detail?: unknown;
  approved_via?: unknown;
  refused?: unknown;
  user?: unknown;
  host?: unknown;
}

/** What an outcome line says became of a call; both undefined when there is none. */
interface Outcome {
  outcome: unknown;
  detail: string | undefined;
  /** Where the proxy's approval came from (SPEC 10.1), when the line says. */
  via?: string | undefined;
}

/** How the report names what the proxy refused before any decision (an outcome line's `refused`, SPEC 10.1). */
const REFUSED: Record<string, string> = {
  approval: 'refused an approval that names no pending question',
  duplicate_id: 'refused a call under the id of a request in flight',
};

/** How the report names each approval channel of the proxy; the client's own question is the plain "approved". */
const APPROVED_VIA: Record<string, string> = { page: 'approved on the local page', tty: 'approved on the terminal' };

/** Options for {@link reportLines}. */
export interface ReportOptions {
  /** Only decisions at or after this time (ms since the epoch). */
  since?: number;
}

/** The report: its lines, and how many log lines could not be read. */
export interface Report {
  lines: string[];
  /** Log lines that are not JSON objects (left out). */
  unreadable: number;
  /** Decisions in the log (after `since`). */
  decisions: number;
  /** Requests the proxy refused before any decision (outcome lines marked `refused`, after `since`); each is one of `lines`. */
  refused: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Strip control characters so a log line cannot move the terminal's cursor. */
function printable(value: string): string {
  return safeText(value, { replacement: '?' });
}

function key(line: Line): string | undefined {
  const session = text(line.session);
  const id = text(line.tool_use_id);
  return session !== undefined && id !== undefined ? `${session}\u0000${id}` : undefined;
}

function interesting(line: Line): boolean {
  return line.class === 'R3' || line.class === 'R4' || line.decision === 'ask' || line.decision === 'deny';
}

function whatHappened(decision: unknown, { outcome, detail, via }: Outcome, sessionHasOutcomes: boolean): string {
  if (outcome === 'not_run') return `not run (${detail ?? 'not approved'})`;
  if (decision === 'deny') return outcome === undefined ? 'blocked' : `blocked, yet an outcome was recorded (${String(outcome)})`;
  const ran = outcome === 'ran' ? 'ran' : outcome === 'failed' ? 'ran and failed' : undefined;
  if (decision === 'ask') {
    const approved = (via !== undefined ? APPROVED_VIA[via] : undefined) ?? 'approved';
    if (ran !== undefined) return outcome === 'failed' ? `${approved}, ran and failed` : `${approved} and ran`;
    return sessionHasOutcomes ? 'not run (refused or cancelled)' : 'no outcome recorded (refused, cancelled, or no PostToolUse hook)';
  }
  return ran ?? 'no outcome recorded';
}

/**
 * Collects log lines one at a time and builds the report at the end, so a
 * long log is never held in memory whole: only the decisions worth
 * reporting and the outcomes' keys are kept.
 */

/**
 * A session id as the report shows it: its first 8 characters, after the agent's prefix when it has one
 * (`gemini:`, `codex:`, `cursor:` from `rclass hook --agent`), so two Gemini CLI sessions read
 * `gemini:3f2a9c1e` and `gemini:77b0e4d2` rather than both `gemini:3`.
 */
function shortSession(session: string): string {
  const prefixed = /^([a-z][a-z-]{0,15}):(.+)$/.exec(session);
  return prefixed === null ? session.slice(0, 8) : `${prefixed[1]}:${prefixed[2]!.slice(0, 8)}`;
}
class ReportBuilder {
  readonly #since: number | undefined;
  /** In log order: the decisions worth reporting, and the refusals that belong to no decision. */
  readonly #decisions: Array<{ line: Line; refused: boolean }> = [];
  readonly #outcomes = new Map<string, Outcome>();
  readonly #sessionsWithOutcomes = new Set<string>();
  #unreadable = 0;
  #count = 0;
  #refused = 0;

  constructor(options: ReportOptions = {}) {
    this.#since = options.since;
  }

  /** Add the next line of the log, parsed; anything that is not an object counts as unreadable. */
  add(value: unknown): void {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.#unreadable += 1;
      return;
    }
    const line = value as Line;
    if (line.event === 'outcome' && line.refused !== undefined && line.refused !== null) {
      if (!this.#after(line)) return;
      this.#refused += 1;
      this.#decisions.push({ line, refused: true });
    } else if (line.event === 'outcome') {
      const k = key(line);
      if (k !== undefined && !this.#outcomes.has(k)) this.#outcomes.set(k, { outcome: line.outcome, detail: text(line.detail), via: text(line.approved_via) });
      const session = text(line.session);
      if (session !== undefined) this.#sessionsWithOutcomes.add(session);
    } else if (line.event === 'decision') {
      if (!this.#after(line)) return;
      this.#count += 1;
      if (interesting(line)) this.#decisions.push({ line, refused: false });
    }
  }

  /** Whether a line is at or after `since` (always, without it). */
  #after(line: Line): boolean {
    if (this.#since === undefined) return true;
    const time = typeof line.time === 'string' ? Date.parse(line.time) : Number.NaN;
    return time >= this.#since;
  }

  /** The report so far. */
  finish(): Report {
    const lines: string[] = [];
    for (const { line, refused } of this.#decisions) {
      if (refused) {
        lines.push(refusedLine(line));
        continue;
      }
      const k = key(line);
      const outcome = (k !== undefined ? this.#outcomes.get(k) : undefined) ?? { outcome: undefined, detail: undefined };
      const session = text(line.session);
      const server = text(line.server);
      const tool = text(line.tool);
      const name = tool === undefined ? '(unreadable hook input)' : server === undefined ? tool : `${server}/${tool}`;
      const decision = line.decision === 'none' ? 'no decision' : (text(line.decision) ?? 'no decision');
      const who = `${text(line.user) ?? 'unknown user'}@${text(line.host) ?? 'unknown host'}`;
      const detail = text(line.detail);
      const happened = whatHappened(line.decision, outcome, session !== undefined && this.#sessionsWithOutcomes.has(session));
      const cls = text(line.class) ?? '--';
      lines.push(
        printable(
          `${text(line.time) ?? '(no time)'} ${cls} ${name} ${decision}: ${happened}${detail !== undefined ? ` [${detail}]` : ''} (session ${session === undefined ? 'unknown' : shortSession(session)}, ${who})`,
        ),
      );
    }
    return { lines, unreadable: this.#unreadable, decisions: this.#count, refused: this.#refused };
  }
}

/** The report's line for a request the proxy refused before any decision: no class, what was refused and why. */
function refusedLine(line: Line): string {
  const session = text(line.session);
  const server = text(line.server);
  const tool = text(line.tool) ?? '(no tool name)';
  const kind = typeof line.refused === 'string' ? REFUSED[line.refused] : undefined;
  const what = kind ?? `refused (${String(line.refused)})`;
  const detail = text(line.detail);
  const who = `${text(line.user) ?? 'unknown user'}@${text(line.host) ?? 'unknown host'}`;
  return printable(
    `${text(line.time) ?? '(no time)'} -- ${server === undefined ? tool : `${server}/${tool}`} ${what}: not run${detail !== undefined ? ` (${detail})` : ''} (session ${session === undefined ? 'unknown' : shortSession(session)}, ${who})`,
  );
}

/**
 * Build the report from parsed log lines, oldest first.
 * @param entries the log's lines, parsed (anything that is not an object is counted as unreadable)
 * @returns one line per decision worth an auditor's attention, without trailing newlines
 */
export function reportLines(entries: Iterable<unknown>, options: ReportOptions = {}): Report {
  const builder = new ReportBuilder(options);
  for (const entry of entries) builder.add(entry);
  return builder.finish();
}

/**
 * Build the report from a log file, reading it line by line, then from
 * `waiting`: decisions not yet chained into the file (its pending folder,
 * SPEC 10.2), so the report leaves none out.
 * @throws the file system's error when the file cannot be read (`ENOENT` for a missing file)
 */
export async function reportFile(file: string, options: ReportOptions = {}, waiting: Iterable<unknown> = []): Promise<Report> {
  const builder = new ReportBuilder(options);
  for await (const line of readLogLines(file)) {
    if (line.tooLong) {
      builder.add(undefined);
      continue;
    }
    try {
      builder.add(JSON.parse(line.text));
    } catch {
      builder.add(undefined);
    }
  }
  for (const entry of waiting) builder.add(entry);
  return builder.finish();
}
