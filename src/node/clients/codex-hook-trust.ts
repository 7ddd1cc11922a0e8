/**
 * Whether Codex will run the rclass hook installed in its user `hooks.json`
 * (issue 26; review turn 3, F9: `codex exec` skips a hook nobody trusted,
 * without a word). What Codex 0.171.0 does, from openai/codex
 * `codex-rs/hooks/src/engine/discovery.rs` (`append_matcher_groups`,
 * `hook_trust_status`, and its test `bypass_hook_trust_respects_disabled_handlers`):
 *
 * - each command handler of `$CODEX_HOME/hooks.json` (default
 *   `~/.codex/hooks.json`) has the key `<absolute file>:<event>:<group>:<handler>`,
 *   the event in snake case (`pre_tool_use`), the group and the handler
 *   counted from 0;
 * - its state is `[hooks.state."<key>"]` in the user's `config.toml`:
 *   `enabled = false` switches it off; `trusted_hash` is the hash it was
 *   approved at (in `/hooks`). Codex runs an unmanaged hook only when that
 *   hash equals the handler's current one (`Trusted`); no `trusted_hash` is
 *   `Untrusted`, another one `Modified`, and neither runs (unless
 *   `--dangerously-bypass-hook-trust`).
 *
 * The binary of `@openai/codex@0.171.0-linux-x64` holds the same names
 * (`hooks.state."`, `".trusted_hash`, `HookTrustStatus` `untrusted`/`trusted`).
 * The current hash is a SHA-256 over Codex's own serialisation of the
 * handler, which rclass does not recompute: a `trusted_hash` is reported as
 * approved, with the warning that a file changed since shows as modified.
 * Node-only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { isObject } from '../../clients/formats/shared.ts';
import { homeFrom } from '../state-dir.ts';

/** One rclass handler in Codex's hooks.json and what Codex will do with it. */
export interface CodexHookTrust {
  /** The key Codex keeps its state under, `<file>:pre_tool_use:0:0`. */
  key: string;
  /** `untrusted`: never approved, Codex skips it; `approved`: a trusted_hash is kept; `disabled`: `enabled = false`. */
  status: 'untrusted' | 'approved' | 'disabled';
}

/** Codex's snake-case label of a hooks.json event name (`PreToolUse` → `pre_tool_use`). */
function eventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Whether a handler's command runs rclass's Codex hook. */
function isRclassHook(command: unknown): boolean {
  return typeof command === 'string' && /(^|\s|['"])hook['"]?\s+['"]?--agent['"]?\s+['"]?codex(['"]|\s|$)/.test(command);
}

/**
 * Read the trust state of every rclass hook in Codex's user hooks.json.
 * @param env HOME or USERPROFILE, and CODEX_HOME
 * @returns one entry per rclass handler, in file order; `[]` when there is no such file or handler; never throws
 *   (a config.toml that cannot be read or parsed counts as holding no approval)
 */
export async function codexHookTrust(env: Readonly<Record<string, string | undefined>>): Promise<CodexHookTrust[]> {
  const home = homeFrom(env);
  const codexHome =
    env.CODEX_HOME !== undefined && path.isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : home === undefined ? undefined : path.join(home, '.codex');
  if (codexHome === undefined) return [];
  const file = path.join(codexHome, 'hooks.json');
  let hooks: unknown;
  try {
    hooks = (JSON.parse(await readFile(file, 'utf8')) as { hooks?: unknown }).hooks;
  } catch {
    return [];
  }
  if (!isObject(hooks)) return [];
  let states: Record<string, unknown> = {};
  try {
    const config = parseToml(await readFile(path.join(codexHome, 'config.toml'), 'utf8')) as Record<string, unknown>;
    const state = isObject(config.hooks) ? config.hooks.state : undefined;
    if (isObject(state)) states = state;
  } catch {
    // No approval can be read: every handler counts as untrusted.
  }
  const found: CodexHookTrust[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, groupIndex) => {
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : [];
      handlers.forEach((handler, handlerIndex) => {
        if (!isObject(handler) || !isRclassHook(handler.command)) return;
        const key = `${file}:${eventLabel(event)}:${groupIndex}:${handlerIndex}`;
        const state = states[key];
        const status =
          isObject(state) && state.enabled === false ? 'disabled' : isObject(state) && typeof state.trusted_hash === 'string' ? 'approved' : 'untrusted';
        found.push({ key, status });
      });
    });
  }
  return found;
}

/**
 * A note for each rclass hook Codex will not run, or may not: for `scan` and `policy --format codex-hook`.
 * @returns sentences, none when every rclass hook is approved or there is none
 */
export function codexHookTrustNotes(trust: readonly CodexHookTrust[]): string[] {
  return trust.flatMap(({ key, status }) => {
    if (status === 'untrusted')
      return [
        `Codex has not trusted the rclass hook \`${key}\` (no trusted_hash under [hooks.state] in its config.toml), so Codex skips it without a warning: start \`codex\` in a terminal, open /hooks and approve it`,
      ];
    if (status === 'disabled')
      return [`the rclass hook \`${key}\` is switched off in Codex's config.toml (enabled = false under [hooks.state]), so Codex does not run it`];
    return [];
  });
}
