/**
 * The Claude Code settings fragment that installs `rclass hook` (SPEC 8.5,
 * 9, 10), to merge into `~/.claude/settings.json` or `.claude/settings.json`.
 *
 * - `SessionStart`: records the project folder and a digest of each MCP
 *   server's configuration as the session starts, so a change during the
 *   session shows.
 * - `PreToolUse` with an empty matcher: the hook sees every tool, because
 *   the session guard must know when anything was read; it decides only
 *   MCP calls and the built-in tools that send data out (and asks before a built-in tool writes to its
 *   own state, its log or Claude Code's settings).
 * - `PostToolUse` and `PostToolUseFailure` for MCP tools, the outbound built-in tools and
 *   the built-in tools that can write, with an anchored regular expression
 *   (`mcp__.*` inside it covers plugin servers and claude.ai connectors; a
 *   bare `mcp__<server>` would be an exact name and match nothing), so the
 *   log records which decisions led to a call running, failed ones too.
 * - Exec form (`command` is the executable, `args` its arguments, no shell)
 *   when asked for: Claude Code 2.1.139 added `args` (its `docs/changelog.md`;
 *   `docs/hooks.md`, "Exec form and shell form"). In shell form Claude Code
 *   runs `command` with `sh -c`, Git Bash, or PowerShell on Windows without
 *   Git Bash, where a POSIX-quoted command does not run and the gate is off.
 *   Exec form runs the same words on every platform; shell form stays for
 *   older Claude Code and for a launcher found through the PATH (`rclass`,
 *   a `.cmd` shim on Windows, which exec form cannot start).
 * - An explicit `timeout` in seconds on every entry, larger than the hook's
 *   own deadline: a hook that times out fails open, so the hook answers
 *   `ask` before Claude Code would give up on it.
 * - The hook runs through a guard (`hook-guard.ts`): `/bin/sh -c GUARD
 *   rclass-hook WORDS…` in both forms, so a hook process that crashes, is
 *   killed or prints nothing exits 2 and blocks the call (Claude Code runs
 *   a call whose hook exits with anything else). Exec form written for
 *   Windows (`windows`) has no `/bin/sh` to run it, so the launcher's Node
 *   runs the same guard (`node -e NODE_HOOK_GUARD -- WORDS…`).
 *
 * Browser-safe.
 */
import { EVERY_TOOL_MATCHER, HOOK_DEADLINE_MS, HOOK_TIMEOUT_SECONDS, MCP_MATCHER, OUTCOME_MATCHER } from '../clients/claude-code-hooks.ts';
import type { Thresholds } from '../core/policy.ts';
import { guardedWords, nodeGuardedWords } from './hook-guard.ts';

export { HOOK_DEADLINE_MS, HOOK_TIMEOUT_SECONDS, MCP_MATCHER, OUTCOME_MATCHER };

/**
 * What the ready-made `claude-hook.json` download must say about itself. A
 * download cannot know where the user's Node and rclass are, so it runs
 * `rclass hook` through a PATH lookup, which `rclass policy --help` warns
 * against: it is an example to read, and the file to install is generated
 * on the user's machine. Shown in the file's description and on the
 * downloads page, since the file itself is strict JSON with no comments.
 */
export const CLAUDE_HOOK_DOWNLOAD_NOTE =
  'An example only: it runs `rclass hook` through a PATH lookup, so whichever `rclass` comes first on the PATH Claude Code runs with is the one that decides, which `rclass policy --help` warns against. To install the hook, generate the file on your own machine with `rclass policy --format claude-hook`, which pins the absolute paths of your Node and your rclass.';

/** The hook events the fragment installs, in the order written. */
export const HOOK_EVENTS = ['SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure'] as const;

/** The matcher written for each event: SessionStart's matches every start (`startup`, `resume`, `clear`, `compact`). */
export const EVENT_MATCHERS: Readonly<Record<(typeof HOOK_EVENTS)[number], string>> = {
  SessionStart: EVERY_TOOL_MATCHER,
  PreToolUse: EVERY_TOOL_MATCHER,
  PostToolUse: OUTCOME_MATCHER,
  PostToolUseFailure: OUTCOME_MATCHER,
};

/** The first Claude Code release whose command hooks take `args` (exec form): `docs/changelog.md`, 2.1.139. */
export const EXEC_FORM_SINCE = '2.1.139';

/** How a command hook is written: `exec` (`command` + `args`, no shell) or `shell` (one POSIX-quoted string). */
export type HookForm = 'exec' | 'shell';

/** One command hook. */
interface ClaudeCommandHook {
  type: 'command';
  /** The shell command (shell form), or the executable (exec form). */
  command: string;
  /** Exec form: the arguments, one word each. */
  args?: string[];
  /** Seconds. */
  timeout: number;
}

/** The settings fragment. */
export interface ClaudeHookSettings {
  hooks: Record<(typeof HOOK_EVENTS)[number], Array<{ matcher: string; hooks: ClaudeCommandHook[] }>>;
}

/** Options for {@link renderClaudeHook}. */
export interface ClaudeHookOptions {
  /**
   * The words that start rclass, e.g. `["/usr/bin/node", "/opt/rclass/bin/rclass.mjs"]`,
   * or `["rclass"]` to leave the lookup to the shell's PATH.
   */
  launcher: readonly string[];
  /** Thresholds passed on to `rclass hook`. */
  thresholds: Thresholds;
  /** Seconds; defaults to {@link HOOK_TIMEOUT_SECONDS}. Must be larger than the hook's deadline. */
  timeoutSeconds?: number;
  /** `shell` (the default) or `exec`. */
  form?: HookForm;
  /** Hosts passed on as `--egress-allow HOST`, in order (already checked by the caller, SPEC 9.4). */
  egressAllow?: readonly string[];
  /** Passed on as `--anchor-file FILE` and `--anchor-command CMD`: where the hook writes the audit chain's head (SPEC 10.3). */
  anchor?: { file?: string; command?: string };
  /** Passed on as `--records DIR`: the local records folder (absolute, SPEC 5.10). */
  records?: string;
  /** Written for Windows: exec form then runs the guard in the launcher's Node, since there is no `/bin/sh`. */
  windows?: boolean;
}

/**
 * Quote one word for a POSIX shell (Claude Code runs `command` through a
 * shell): words of safe characters stay bare, anything else is single-quoted.
 */
export function shellWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The flags every hook install fragment passes on to `rclass hook` (Claude
 * Code's and each agent's): the thresholds, one `--egress-allow HOST` per
 * host (SPEC 9.2), the anchor flags (SPEC 10.3) and `--records DIR` (SPEC 5.10), in that order.
 */
export function hookFlags(options: Pick<ClaudeHookOptions, 'thresholds' | 'egressAllow' | 'anchor' | 'records'>): string[] {
  const words: string[] = [];
  if (options.thresholds.allowUpTo !== undefined) words.push('--allow-up-to', options.thresholds.allowUpTo);
  if (options.thresholds.denyFrom !== undefined) words.push('--deny-from', options.thresholds.denyFrom);
  for (const host of options.egressAllow ?? []) words.push('--egress-allow', host);
  if (options.anchor?.file !== undefined) words.push('--anchor-file', options.anchor.file);
  if (options.anchor?.command !== undefined) words.push('--anchor-command', options.anchor.command);
  if (options.records !== undefined) words.push('--records', options.records);
  return words;
}

/** The hook's words: the launcher, `hook` and {@link hookFlags}. */
function hookWords(options: ClaudeHookOptions): string[] {
  return [...options.launcher, 'hook', ...hookFlags(options)];
}

/** The hook's own shell command, without the guard: {@link hookWords}, each quoted for a POSIX shell. */
export function hookCommand(options: ClaudeHookOptions): string {
  return hookWords(options).map(shellWord).join(' ');
}

/**
 * Whether a Claude Code version takes exec-form hooks ({@link EXEC_FORM_SINCE} or later).
 * @param version e.g. `2.1.219 (Claude Code)`, as `claude --version` prints it
 * @returns false when no `X.Y.Z` is found
 */
export function supportsExecForm(version: string): boolean {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return false;
  const have = match.slice(1, 4).map(Number);
  const need = EXEC_FORM_SINCE.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if (have[i] !== need[i]) return have[i]! > need[i]!;
  return true;
}

/**
 * Render the settings fragment.
 * @throws RangeError if the launcher is empty, or the timeout is not a whole number of seconds above the hook's deadline ({@link HOOK_DEADLINE_MS})
 * @returns pretty-printed JSON ending in a newline
 */
export function renderClaudeHook(options: ClaudeHookOptions): string {
  if (options.launcher.length === 0) throw new RangeError('the hook launcher has no words');
  const timeout = options.timeoutSeconds ?? HOOK_TIMEOUT_SECONDS;
  if (!Number.isInteger(timeout) || timeout * 1000 <= HOOK_DEADLINE_MS) {
    throw new RangeError(
      `the hook timeout must be a whole number of seconds above the hook's own ${HOOK_DEADLINE_MS / 1000} s deadline; got \`${String(timeout)}\``,
    );
  }
  const words = options.form === 'exec' && options.windows === true ? nodeGuardedWords(hookWords(options)) : guardedWords(hookWords(options));
  const hook: ClaudeCommandHook =
    options.form === 'exec'
      ? { type: 'command', command: words[0]!, args: words.slice(1), timeout }
      : { type: 'command', command: words.map(shellWord).join(' '), timeout };
  const hooks = {} as ClaudeHookSettings['hooks'];
  for (const event of HOOK_EVENTS)
    hooks[event] = [{ matcher: EVENT_MATCHERS[event], hooks: [{ ...hook, ...(hook.args !== undefined ? { args: [...hook.args] } : {}) }] }];
  return `${JSON.stringify({ hooks } satisfies ClaudeHookSettings, null, 2)}\n`;
}
