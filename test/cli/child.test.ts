/**
 * The CLI end to end as a child process, through `bin/rclass.mjs`: once as
 * installed (a package folder holding a fresh bundle of the current source,
 * `build/registry.json`, `schema/`, `package.json` and the launcher, with
 * the repository's node_modules for the WebAssembly packages), and once
 * from source in the repository (RCLASS_SOURCE=1, through tsx).
 */
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleCli } from '../../scripts/steps/cli-bundle.ts';
import { registryDocument } from '../export/registry.ts';
import { ROOT, tempDir } from './harness.ts';

const SCHEMA = readFileSync(path.join(ROOT, 'schema', 'mcp.cedarschema'), 'utf8');

/** A package folder laid out as npm installs this package, with a bundle of the current source. */
let installed = '';
beforeAll(async () => {
  installed = tempDir();
  for (const item of ['package.json', 'bin', 'schema']) cpSync(path.join(ROOT, item), path.join(installed, item), { recursive: true });
  mkdirSync(path.join(installed, 'build'), { recursive: true });
  const registry = path.join(ROOT, 'build', 'registry.json');
  if (existsSync(registry)) cpSync(registry, path.join(installed, 'build', 'registry.json'));
  else writeFileSync(path.join(installed, 'build', 'registry.json'), JSON.stringify(await registryDocument()));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(installed, 'node_modules'), 'dir');
  await bundleCli(path.join(installed, 'build', 'cli', 'rclass.mjs'));
}, 60_000);

function rclass(root: string, args: string[], env: Record<string, string> = {}, input?: string) {
  const result = spawnSync(process.execPath, [path.join(root, 'bin', 'rclass.mjs'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const modes: Array<[string, () => string, Record<string, string>]> = [
  ['installed, from the bundle', () => installed, {}],
  ['in the repository, from source', () => ROOT, { RCLASS_SOURCE: '1' }],
];

for (const [mode, root, env] of modes) {
  const run = (args: string[], extra: Record<string, string> = {}, input?: string) => rclass(root(), args, { ...env, ...extra }, input);
  describe(`bin/rclass.mjs ${mode}`, () => {
    it('prints R4 with the rationale for DROP TABLE through sqlite write_query', () => {
      const result = run(['lookup', 'sqlite', 'write_query', '--args', '{"query": "DROP TABLE users"}']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines[0]).toBe('R4 Irreversible (registry)');
      expect(lines[1]).toContain('DROP TABLE');
      expect(lines[2]).toBe('default policy: never_autonomous');
    });

    it('prints Cedar that validates against schema/mcp.cedarschema', () => {
      const result = run(['policy', '--format', 'cedar', '--deny-from', 'R4']);
      expect(result.code).toBe(0);
      const parts = cedar.policySetTextToParts(result.stdout);
      if (parts.type !== 'success') throw new Error(JSON.stringify(parts.errors));
      const policies = Object.fromEntries(parts.policies.map((text, i) => [`p${i}`, text]));
      const validation = cedar.validate({ schema: SCHEMA, policies: { staticPolicies: policies }, validationSettings: { mode: 'strict' } });
      expect(validation.type).toBe('success');
      if (validation.type === 'success') expect(validation.validationErrors).toEqual([]);
      expect(parts.policies.some((text) => text.includes('forbid'))).toBe(true);
    });

    it('exits 2 for a usage error, 1 for a met threshold and 3 for an unreadable registry', () => {
      expect(run(['lookup', 'sqlite', 'write_query', '--args', 'nope']).code).toBe(2);
      expect(run(['lookup', 'sqlite', 'write_query', '--args', '-', '--fail-on', 'R3'], {}, '{"query": "DELETE FROM t"}').code).toBe(1);
      const broken = run(['export', '--registry', 'no-such.json']);
      expect(broken).toEqual({ code: 3, stdout: '', stderr: 'rclass: no such registry file `no-such.json`\n' });
    });

    it('prints its version (installed, only the bundle can answer: the folder has no src/ to fall back to)', () => {
      expect(existsSync(path.join(installed, 'src'))).toBe(false);
      const result = run(['--version']);
      expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^rclass \d+\.\d+\.\d+\n$/), stderr: '' });
    });

    it('prints the registry with export', () => {
      const result = run(['export']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).format_version).toBe(1);
    });
  });
}
