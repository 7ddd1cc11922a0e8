/**
 * The Claude Code settings fragment that installs `rclass hook` for every
 * MCP call (SPEC 8.5), to merge into `.claude/settings.json` or
 * `~/.claude/settings.json`.
 *
 * - `PreToolUse` with matcher `mcp__.*`: a regular expression (it has
 *   characters other than letters, digits, `_`, `-`, `|` and `,`), matched
 *   unanchored, so it covers `mcp__<server>__<tool>`, plugin servers'
 *   `mcp__plugin_<plugin>_<server>__<tool>` and connectors'
 *   `mcp__claude_ai_<server>__<tool>`. A bare `mcp__<server>` would be an
 *   exact name and match nothing.
 * - `PostToolUse` and `PostToolUseFailure` with the same matcher, so the
 *   hook learns which calls ran, including failed ones.
 * - An explicit `timeout` in seconds: a hook that times out fails open, so
 *   the bound is stated rather than left to Claude Code's default.
 *
 * Browser-safe.
 */
import type { Thresholds } from './thresholds.ts';

/** The matcher for every MCP tool (SPEC 8.5). */
export const MCP_MATCHER = 'mcp__.*';

/** Seconds Claude Code waits for the hook before running the call under the normal permission rules. */
export const HOOK_TIMEOUT_SECONDS = 10;

/** The hook events the fragment installs. */
export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'] as const;

/** One command hook. */
export interface ClaudeCommandHook {
  type: 'command';
  command: string;
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
  /** Seconds; defaults to {@link HOOK_TIMEOUT_SECONDS}. */
  timeoutSeconds?: number;
}

/**
 * Quote one word for a POSIX shell (Claude Code runs `command` through a
 * shell): words of safe characters stay bare, anything else is single-quoted.
 */
export function shellWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The hook's shell command: the launcher, `hook`, and the threshold flags. */
export function hookCommand(options: ClaudeHookOptions): string {
  const words = [...options.launcher, 'hook'];
  if (options.thresholds.allowUpTo !== undefined) words.push('--allow-up-to', options.thresholds.allowUpTo);
  if (options.thresholds.denyFrom !== undefined) words.push('--deny-from', options.thresholds.denyFrom);
  return words.map(shellWord).join(' ');
}

/**
 * Render the settings fragment.
 * @throws RangeError if the launcher is empty or the timeout is not a positive whole number of seconds
 * @returns pretty-printed JSON ending in a newline
 */
export function renderClaudeHook(options: ClaudeHookOptions): string {
  if (options.launcher.length === 0) throw new RangeError('the hook launcher has no words');
  const timeout = options.timeoutSeconds ?? HOOK_TIMEOUT_SECONDS;
  if (!Number.isInteger(timeout) || timeout <= 0) throw new RangeError(`the hook timeout must be a positive whole number of seconds; got \`${String(timeout)}\``);
  const hook: ClaudeCommandHook = { type: 'command', command: hookCommand(options), timeout };
  const entry = () => [{ matcher: MCP_MATCHER, hooks: [{ ...hook }] }];
  const settings: ClaudeHookSettings = { hooks: { PreToolUse: entry(), PostToolUse: entry(), PostToolUseFailure: entry() } };
  return `${JSON.stringify(settings, null, 2)}\n`;
}
