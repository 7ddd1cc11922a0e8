/**
 * The guard every generated hook command runs the hook through (issue 23
 * item 2): a hook process that dies (a signal: exit 139 or 133 from the
 * shell), exits with anything but 0, or prints no JSON object must block
 * the call, because each agent runs a call whose hook fails any other way:
 *
 * - Claude Code: exit 2 blocks a PreToolUse call with stderr as the reason;
 *   any other non-zero exit is non-blocking and the call proceeds
 *   (https://code.claude.com/docs/en/hooks, "Exit code 2").
 * - Gemini CLI: exit 2 with text on stderr becomes `decision: deny`; any
 *   other exit is a warning and the call runs; a signal death reads as exit
 *   0 (`exitCode || EXIT_CODE_SUCCESS`) (google-gemini/gemini-cli
 *   `packages/core/src/hooks/hookRunner.ts`).
 * - Codex: exit 2 blocks only with a non-empty stderr; other codes, no exit
 *   code (a signal) and empty output fail open (openai/codex
 *   `codex-rs/hooks/src/events/pre_tool_use.rs` `parse_completed`).
 * - Cursor: exit 2 denies (https://cursor.com/docs/hooks); `failClosed`
 *   blocks on a crash too.
 *
 * So the guard turns every such end into exit 2 with a reason on stderr:
 * a POSIX `sh` program that runs the hook's words (`"$@"`), passes its
 * output on when the hook exited 0 and printed what looks like one whole
 * JSON object (from `{` to `}`), and otherwise blocks. It holds no
 * single quote or backslash, so one single-quoted word carries it through
 * sh, bash, zsh and fish alike (Codex runs a hook command with the user's
 * `$SHELL -lc`); the shell form is `/bin/sh -c GUARD rclass-hook WORDS…`,
 * whatever shell the agent uses. It costs one `sh` process per call, not a
 * second Node. Browser-safe.
 */

/** The shell that runs the guard, by absolute path (present on every POSIX system and in Git for Windows' bash). */
const GUARD_SHELL = '/bin/sh';

/**
 * The guard program (`sh -c`): the hook's words are its positional
 * parameters. The reason names the exit status (128 + N for signal N).
 */
export const HOOK_GUARD =
  'out=$("$@"); s=$?; case $s:$out in "0:{"*"}") printf %s "$out"; exit 0;; esac; ' +
  'echo "rclass: the hook ended without an answer (exit status $s); the call is blocked rather than let through" >&2; exit 2';

/** `$0` of the guard's shell: the name its own messages carry. */
const GUARD_NAME = 'rclass-hook';

/**
 * The words that run a hook command through the guard.
 * @param words the hook's own words (launcher, `hook`, flags)
 * @returns `/bin/sh -c GUARD rclass-hook` followed by `words`
 */
export function guardedWords(words: readonly string[]): string[] {
  return [GUARD_SHELL, '-c', HOOK_GUARD, GUARD_NAME, ...words];
}
