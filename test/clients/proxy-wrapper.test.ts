/**
 * An entry wrapped in `rclass proxy -- …` is identified as the server it
 * wraps, and says rclass gates it (issue 26: the README's own proxy setup
 * was unrecognised, so `scan --fail-on R4` failed on it). Only rclass from
 * `PATH` or an absolute path outside the project counts as rclass.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry } from '../../src/clients/identify/index.ts';
import type { ConfigEntry } from '../../src/clients/types.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);
const FS = ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/tmp'];

function entry(command: string, args: string[], projectDir?: string): ConfigEntry {
  return {
    name: 'fs',
    scope: 'mcpServers',
    transport: 'stdio',
    command,
    args,
    envKeys: [],
    headerKeys: [],
    disabled: false,
    problems: [],
    ...(projectDir !== undefined ? { projectDir } : {}),
  };
}

describe('rclass proxy -- COMMAND in a client configuration', () => {
  it('regression: `rclass proxy -- npx -y @modelcontextprotocol/server-filesystem` is the filesystem server, gated by rclass proxy', () => {
    expect(identifyEntry(entry('rclass', ['proxy', '--', ...FS]), index)).toMatchObject({
      status: 'recognised',
      recordId: 'filesystem',
      subject: 'npm @modelcontextprotocol/server-filesystem',
      gatedBy: 'rclass proxy',
    });
  });

  it("the proxy's own options before `--`, and rclass started by node from an absolute path outside the project, are read the same way", () => {
    const wrapped = entry('/usr/bin/node', ['/opt/rclass/bin/rclass.mjs', 'proxy', '--name', 'files', '--allow-up-to', 'R1', '--', ...FS], '/srv/app');
    expect(identifyEntry(wrapped, index)).toMatchObject({ status: 'recognised', recordId: 'filesystem', gatedBy: 'rclass proxy' });
  });

  it('the wrapped command is judged as if written alone: a server behind the proxy that runs other code stays unrecognised, saying so', () => {
    const result = identifyEntry(entry('rclass', ['proxy', '--', 'node', './server.js']), index);
    expect(result.status).toBe('unrecognised');
    if (result.status === 'unrecognised') expect(result.reason).toMatch(/^the server behind `rclass proxy`: /);
  });

  it('an rclass inside the project, a relative one, or a proxy without `--` is not taken for rclass', () => {
    for (const [command, args, project] of [
      ['/srv/app/bin/rclass', ['proxy', '--', ...FS], '/srv/app'],
      ['./rclass', ['proxy', '--', ...FS], undefined],
      ['node', ['/srv/app/bin/rclass.mjs', 'proxy', '--', ...FS], '/srv/app'],
      ['rclass', ['proxy', ...FS], undefined],
      ['rclass', ['proxy', '--'], undefined],
    ] as const) {
      const result = identifyEntry(entry(command, [...args], project), index);
      expect(result.status, `${command} ${args.join(' ')}`).toBe('unrecognised');
      expect('gatedBy' in result, command).toBe(false);
    }
  });
});
