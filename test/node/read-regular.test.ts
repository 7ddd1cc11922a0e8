/**
 * `readRegularFileSync` (src/node/read-regular.ts, issue 23): the hook reads
 * files the agent can replace; a FIFO in their place must fail at once, not
 * block the hook past the agent's timeout (which lets the call run).
 * Integration tier: FIFOs are made with `mkfifo`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import { projectSettingsInspector } from '../../src/node/clients/project-settings.ts';
import { readRegularFileSync } from '../../src/node/read-regular.ts';
import { IDENTITY_RECORDS } from '../clients/records.ts';
import { tempDir } from '../cli/harness.ts';

describe('readRegularFileSync', () => {
  it('reads a regular file whole', () => {
    const file = path.join(tempDir(), 'a.json');
    writeFileSync(file, '{"a":1}\n');
    expect(readRegularFileSync(file).toString('utf8')).toBe('{"a":1}\n');
  });

  it('regression (issue 23): a FIFO with no writer fails at once with ENOTREG instead of blocking', () => {
    const file = path.join(tempDir(), 'state.json');
    execFileSync('mkfifo', [file]);
    expect(() => readRegularFileSync(file)).toThrow(expect.objectContaining({ code: 'ENOTREG' }));
  });

  it('a folder fails with ENOTREG and a missing file with ENOENT', () => {
    const dir = path.join(tempDir(), 'sub');
    mkdirSync(dir);
    expect(() => readRegularFileSync(dir)).toThrow(expect.objectContaining({ code: 'ENOTREG' }));
    expect(() => readRegularFileSync(path.join(dir, 'none'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('regression (issue 23): a project pyproject.toml that is a FIFO makes a uvx entry unrecognised at once, where reading it blocked the hook until the agent let the call run', () => {
    const root = tempDir();
    const home = path.join(root, 'home');
    const dir = path.join(root, 'work', 'app');
    mkdirSync(home, { recursive: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'pyproject.toml')]);
    const index = { ...buildIdentityIndex(IDENTITY_RECORDS), project: projectSettingsInspector(home) };
    const entry = normaliseEntry('claude-code', 'x', 'mcpServers', { command: 'uvx', args: ['mcp-server-git'] }, dir);
    expect(identifyEntry(entry, index).status).toBe('unrecognised');
  });
});
