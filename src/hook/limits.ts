/**
 * The hook's time bounds (SPEC 8.5), shared by the hook and the settings
 * fragment that installs it. Browser-safe: constants only.
 *
 * Claude Code runs a call under the user's normal permission rules when a
 * hook does not answer within its `timeout`, so the hook answers `ask` by
 * its own deadline, well inside the timeout the fragment sets.
 */

/**
 * The hook answers within this many milliseconds of starting, `ask` if its
 * work is not done. A call normally takes a fraction of a second; the
 * margin is for a loaded machine, where loading the SQL parser alone can
 * take seconds.
 */
export const HOOK_DEADLINE_MS = 8000;

/** Milliseconds after the deadline allowed for logging that the hook ran out of time. */
export const TIMEOUT_LOG_MS = 1000;

/**
 * The `timeout` (seconds) the settings fragment gives Claude Code: above
 * the deadline and the time to log a timeout, with room for starting Node.
 */
export const HOOK_TIMEOUT_SECONDS = 15;
