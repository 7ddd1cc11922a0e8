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
 * JSON object (from `{` to `}`), and otherwise blocks; the hook runs under
 * a processor-time limit ({@link HOOK_CPU_SECONDS}), so a hook stuck in
 * synchronous work ends and blocks too. It holds no
 * single quote or backslash, so one single-quoted word carries it through
 * sh, bash, zsh and fish alike (Codex runs a hook command with the user's
 * `$SHELL -lc`); the shell form is `/bin/sh -c GUARD rclass-hook WORDS…`,
 * whatever shell the agent uses. It costs one `sh` process per call, not a
 * second Node.
 *
 * Windows has no `/bin/sh`, so Claude Code's exec form written for Windows
 * runs the same guard in Node instead ({@link NODE_HOOK_GUARD}): the
 * launcher's own Node with `-e GUARD -- WORDS…`, which also kills a hook
 * that has not answered within {@link NODE_GUARD_TIMEOUT_MS} and blocks. It
 * costs a second Node start per call on Windows only. Browser-safe.
 */

/** The shell that runs the guard, by absolute path (present on every POSIX system and in Git for Windows' bash). */
const GUARD_SHELL = '/bin/sh';

/**
 * The processor time a hook may use (seconds), set with the shell's
 * `ulimit -t` before it runs. A decision takes well under a second of it;
 * the hook's own watchdog cannot interrupt synchronous work (a loop, a
 * pattern that backtracks), so this ends such a hook (SIGXCPU or SIGKILL,
 * exit 152 or 137) well before Claude Code's 15 s timeout, which would let
 * the call run. `ulimit -t` is a builtin of dash, bash, zsh and BusyBox sh;
 * where it fails (a lower limit already set) the guard goes on without it.
 */
const HOOK_CPU_SECONDS = 6;

/**
 * The guard program (`sh -c`) with a given processor-time limit: the hook's
 * words are its positional parameters. The reason names the exit status
 * (128 + N for signal N).
 * @param cpuSeconds the `ulimit -t` the hook runs under (a whole number of seconds, at least 1)
 * @throws RangeError when `cpuSeconds` is not a whole number of at least 1
 */
export function hookGuardProgram(cpuSeconds: number): string {
  if (!Number.isInteger(cpuSeconds) || cpuSeconds < 1)
    throw new RangeError(`the processor-time limit must be a whole number of seconds, at least 1; got ${cpuSeconds}`);
  return (
    `ulimit -t ${cpuSeconds} 2>/dev/null; out=$("$@"); s=$?; case $s:$out in "0:{"*"}") printf %s "$out"; exit 0;; esac; ` +
    'echo "rclass: the hook ended without an answer (exit status $s); the call is blocked rather than let through" >&2; exit 2'
  );
}

/** The guard program every generated POSIX hook command runs ({@link hookGuardProgram} at {@link HOOK_CPU_SECONDS}). */
export const HOOK_GUARD = hookGuardProgram(HOOK_CPU_SECONDS);

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

/** How long the Node guard waits for the hook (ms): past the hook's own 9.5 s watchdog, before Claude Code's 15 s timeout (which lets the call run). */
const NODE_GUARD_TIMEOUT_MS = 12_000;

/**
 * The guard as a Node program (`node -e NODE_HOOK_GUARD -- WORDS…`), for
 * where no `/bin/sh` runs {@link HOOK_GUARD}: it passes its stdin to the
 * hook's words, passes the answer on when the hook exited 0 with one whole
 * JSON object, and otherwise (an exit status other than 0, a signal, no
 * answer within {@link NODE_GUARD_TIMEOUT_MS}, a hook that cannot start)
 * writes the same reason as the shell guard and exits 2. A signal reads as
 * 128 + its number, as in the shell.
 */
export const NODE_HOOK_GUARD =
  "const cp=require('child_process'),os=require('os');const w=process.argv.slice(1);let i;try{i=require('fs').readFileSync(0)}catch{i=Buffer.alloc(0)}" +
  `const r=cp.spawnSync(w[0],w.slice(1),{input:i,maxBuffer:1<<26,timeout:${NODE_GUARD_TIMEOUT_MS},killSignal:'SIGKILL',windowsHide:true});` +
  "const o=r.stdout?r.stdout.toString():'',t=o.trim();if(r.status===0&&t.startsWith('{')&&t.endsWith('}')){process.stdout.write(t);process.exit(0)}" +
  "const s=r.error&&r.error.code==='ETIMEDOUT'?'no answer in '+" +
  `${NODE_GUARD_TIMEOUT_MS / 1000}` +
  "+' s':r.status!==null?r.status:r.signal?128+(os.constants.signals[r.signal]||0):r.error?r.error.code:'unknown';" +
  "process.stderr.write('rclass: the hook ended without an answer (exit status '+s+'); the call is blocked rather than let through\\n');process.exit(2)";

/**
 * The words that run a hook command through the Node guard, for Windows.
 * @param words the hook's own words; the first must be a Node executable (the launcher's `process.execPath`), which also runs the guard
 * @returns `NODE -e NODE_HOOK_GUARD --` followed by `words`
 * @throws RangeError if `words` is empty
 */
export function nodeGuardedWords(words: readonly string[]): string[] {
  const node = words[0];
  if (node === undefined) throw new RangeError('the hook launcher has no words');
  return [node, '-e', NODE_HOOK_GUARD, '--', ...words];
}
