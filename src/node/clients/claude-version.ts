/**
 * The version of the Claude Code installed for this user, as
 * `claude --version` prints it (e.g. `2.1.219 (Claude Code)`), so that
 * `rclass policy --format claude-hook` can write exec-form hooks where that
 * version takes them. Node-only.
 */
import { spawnSync } from 'node:child_process';

/**
 * Ask the `claude` on the PATH for its version (no shell; 5 s at most).
 * @param env the environment whose PATH is searched
 * @returns what it printed, trimmed, or undefined when it is not installed, fails or prints nothing
 */
export function installedClaudeVersion(env: Readonly<Record<string, string | undefined>>): string | undefined {
  try {
    const result = spawnSync('claude', ['--version'], {
      env: { ...env },
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    });
    const text = typeof result.stdout === 'string' ? result.stdout.trim() : '';
    return result.status === 0 && text !== '' ? text.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
