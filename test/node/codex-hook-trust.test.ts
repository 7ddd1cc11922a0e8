/**
 * Whether Codex will run the rclass hook in its hooks.json (issue 26; review
 * turn 3, F9): the key `<file>:pre_tool_use:<group>:<handler>` and the
 * `[hooks.state."<key>"]` table of config.toml, as openai/codex
 * `codex-rs/hooks/src/engine/discovery.rs` reads them. The hooks.json is
 * the one `rclass policy --format codex-hook` writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAgentHook } from '../../src/export/agent-hooks.ts';
import { codexHookTrust, codexHookTrustNotes } from '../../src/node/clients/codex-hook-trust.ts';
import { tempDir } from '../cli/harness.ts';

/** A Codex home with the generated hooks.json (a launcher path with a space, so the command is quoted) and the given config.toml. */
function codexHome(config?: string): { env: Record<string, string>; key: string } {
  const home = tempDir();
  const codex = path.join(home, '.codex');
  mkdirSync(codex, { recursive: true });
  writeFileSync(
    path.join(codex, 'hooks.json'),
    renderAgentHook({ agent: 'codex', launcher: ['/usr/bin/node', '/opt/r class/bin/rclass.mjs'], thresholds: {} }),
  );
  if (config !== undefined) writeFileSync(path.join(codex, 'config.toml'), config);
  return { env: { HOME: home }, key: `${path.join(codex, 'hooks.json')}:pre_tool_use:0:0` };
}

describe('the rclass hook in Codex hooks.json and its trust (review turn 3, F9)', () => {
  it('regression: a hook Codex has no trusted_hash for is reported as skipped, with how to approve it', async () => {
    const { env, key } = codexHome('model = "o3"\n');
    const trust = await codexHookTrust(env);
    expect(trust).toEqual([{ key, status: 'untrusted' }]);
    expect(codexHookTrustNotes(trust)).toEqual([
      `Codex has not trusted the rclass hook \`${key}\` (no trusted_hash under [hooks.state] in its config.toml), so Codex skips it without a warning: start \`codex\` in a terminal, open /hooks and approve it`,
    ]);
  });

  it('no config.toml at all: untrusted', async () => {
    const { env, key } = codexHome();
    expect(await codexHookTrust(env)).toEqual([{ key, status: 'untrusted' }]);
  });

  it('a trusted_hash under [hooks.state."<key>"] is approved, and no note is given', async () => {
    const { env, key } = codexHome();
    writeFileSync(path.join(env.HOME!, '.codex', 'config.toml'), `[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = "sha256:${'0'.repeat(64)}"\n`);
    const trust = await codexHookTrust(env);
    expect(trust).toEqual([{ key, status: 'approved' }]);
    expect(codexHookTrustNotes(trust)).toEqual([]);
  });

  it('enabled = false is reported as switched off, even with a trusted_hash', async () => {
    const { env, key } = codexHome();
    writeFileSync(
      path.join(env.HOME!, '.codex', 'config.toml'),
      `[hooks.state.${JSON.stringify(key)}]\nenabled = false\ntrusted_hash = "sha256:${'0'.repeat(64)}"\n`,
    );
    expect(await codexHookTrust(env)).toEqual([{ key, status: 'disabled' }]);
  });

  it('a trusted_hash kept for another handler index does not count for this one', async () => {
    const { env, key } = codexHome();
    writeFileSync(
      path.join(env.HOME!, '.codex', 'config.toml'),
      `[hooks.state.${JSON.stringify(key.replace(/:0:0$/, ':0:1'))}]\ntrusted_hash = "sha256:${'0'.repeat(64)}"\n`,
    );
    expect(await codexHookTrust(env)).toEqual([{ key, status: 'untrusted' }]);
  });

  it('CODEX_HOME moves both files; a hooks.json with no rclass hook, or none at all, gives nothing', async () => {
    const elsewhere = tempDir();
    writeFileSync(path.join(elsewhere, 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } }));
    expect(await codexHookTrust({ HOME: tempDir(), CODEX_HOME: elsewhere })).toEqual([]);
    expect(await codexHookTrust({ HOME: tempDir() })).toEqual([]);
  });
});
