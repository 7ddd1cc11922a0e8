/**
 * What a user's word that an entry runs a record (`--map`, `--record`,
 * `--assume`) may rely on (src/clients/identify/vouch.ts, SPEC 5.3, 6.3):
 * never a record the registry knows the entry is not, and the release the
 * entry names, however it names it.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry, vouchFor } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);

function vouch(entry: Record<string, unknown>, record: string) {
  const normalised = normaliseEntry('claude-code', 'x', 'mcpServers', entry);
  return vouchFor(normalised, identifyEntry(normalised, index), record, index);
}

describe('vouching for a record', () => {
  it('regression: refuses stripe for @stripe/mcp past before however the entry names it (custom registry, -p, --package=, npm alias, a whole command line)', () => {
    const entries: Array<Record<string, unknown>> = [
      { command: 'npx', args: ['-y', '--registry=https://npm.corp.example/', '@stripe/mcp@0.3.3'] },
      { command: 'npx', args: ['-y', '--registry', 'https://registry.npmjs.org/', '@stripe/mcp'] },
      { command: 'npx', args: ['-y', '-p', '@stripe/mcp@0.3.3', 'mcp'] },
      { command: 'npx', args: ['-y', '--package=@stripe/mcp', 'mcp'] },
      { command: 'npx', args: ['-y', 'x@npm:@stripe/mcp@0.3.3'] },
      { command: 'npx --yes -- @stripe/mcp@0.3.1-rc.1' },
    ];
    for (const entry of entries) {
      const result = vouch(entry, 'stripe');
      expect(result, JSON.stringify(entry)).toHaveProperty('refuse');
      if ('refuse' in result) expect(result.refuse).toContain('only before 0.3.1');
    }
  });

  it('accepts a release before it, and keeps the version the entry names', () => {
    expect(vouch({ command: 'npx', args: ['-y', '--registry=https://npm.corp.example/', '@stripe/mcp@0.2.5'] }, 'stripe')).toEqual({ version: '0.2.5' });
    expect(vouch({ command: 'npx', args: ['-y', '@stripe/mcp@0.2.5'] }, 'stripe')).toEqual({ version: '0.2.5' });
  });

  it('regression: a vouched entry keeps the release it names, so rules follow min_version (an old or pre-release kube stays without them)', () => {
    expect(vouch({ command: 'npx', args: ['-y', '--registry=https://npm.corp.example/', 'kubernetes-mcp-server@0.0.65'] }, 'kube')).toEqual({
      version: '0.0.65',
    });
    expect(vouch({ command: 'npx', args: ['-y', '-p', 'kubernetes-mcp-server@0.0.66-rc.1', 'kubernetes-mcp-server'] }, 'kube')).toEqual({ version: null });
    // `uvx --from <package> <its own command>` is recognised (issue 24), so it keeps the pre-release it names, older than min_version.
    expect(vouch({ command: 'uvx', args: ['--from', 'kubernetes-mcp-server==0.0.66rc1', 'kubernetes-mcp-server'] }, 'kube')).toEqual({ version: '0.0.66rc1' });
    expect(vouch({ command: 'uvx', args: ['--index-url', 'https://pypi.corp.example/simple', 'kubernetes-mcp-server==0.0.66rc1'] }, 'kube')).toEqual({
      version: '0.0.66rc1',
    });
  });

  it('regression: refuses stripe for the public registry tarball URL of @stripe/mcp 0.3.3 and for `npm:@stripe/mcp@0.3.3` (issue 23 item 6)', () => {
    const tarball = vouch({ command: 'npx', args: ['-y', 'https://registry.npmjs.org/@stripe/mcp/-/mcp-0.3.3.tgz', '--tools=all'] }, 'stripe');
    expect(tarball).toHaveProperty('refuse', expect.stringContaining('names `@stripe/mcp@0.3.3`'));
    const alias = vouch({ command: 'npx', args: ['-y', 'npm:@stripe/mcp@0.3.3', '--tools=all'] }, 'stripe');
    expect(alias).toHaveProperty('refuse', expect.stringContaining('a package spec rclass cannot read'));
  });

  it('reads a public registry tarball URL as the release it serves, so one before `before` is vouched for with its version', () => {
    expect(vouch({ command: 'npx', args: ['-y', 'https://registry.npmjs.org/@stripe/mcp/-/mcp-0.2.5.tgz'] }, 'stripe')).toEqual({ version: '0.2.5' });
  });

  it("regression (second review): reads no other host's tarball as a release, since that host can serve any bytes under the name", () => {
    for (const url of [
      'https://evil.example/@stripe/mcp/-/mcp-0.2.5.tgz',
      'https://registry.npmjs.org.evil.example/@stripe/mcp/-/mcp-0.2.5.tgz',
      'https://registry.npmjs.org@evil.example/@stripe/mcp/-/mcp-0.2.5.tgz',
      'https://registry.npmjs.org:8443/@stripe/mcp/-/mcp-0.2.5.tgz',
      'https://registry.npmjs.org/mirror/@stripe/mcp/-/mcp-0.2.5.tgz',
      'http://registry.npmjs.org/@stripe/mcp/-/mcp-0.2.5.tgz',
    ]) {
      expect(vouch({ command: 'npx', args: ['-y', url, '--tools=all'] }, 'stripe'), url).toHaveProperty('refuse', expect.stringContaining('only before 0.3.1'));
    }
    expect(vouch({ command: 'npx', args: ['-y', '-p', 'https://evil.example/@stripe/mcp/-/mcp-0.2.5.tgz', 'mcp'] }, 'stripe')).toHaveProperty('refuse');
    expect(vouch({ command: 'npx', args: ['-y', 'https://npm.corp.example/repo/kubernetes-mcp-server/-/kubernetes-mcp-server-0.0.65.tgz'] }, 'kube')).toEqual({
      version: undefined,
    });
  });

  it('never vouches a package spec it cannot read for a record with before (git, file:, other tarballs, a local folder, a bare npm: alias)', () => {
    for (const spec of [
      'github:stripe/agent-toolkit',
      'git+https://github.com/stripe/agent-toolkit.git',
      'file:./stripe-mcp.tgz',
      './stripe-mcp',
      'https://cdn.example/stripe-mcp.tgz',
      'npm:@stripe/mcp',
    ]) {
      const result = vouch({ command: 'npx', args: ['-y', spec, '--tools=all'] }, 'stripe');
      expect(result, spec).toHaveProperty('refuse', expect.stringContaining('only before 0.3.1'));
    }
    expect(vouch({ command: 'npx', args: ['-y', '-p', 'github:stripe/agent-toolkit', 'mcp'] }, 'stripe')).toHaveProperty('refuse');
    expect(vouch({ command: 'uvx', args: ['--from', 'git+https://github.com/x/y', 'stripe-mcp'] }, 'stripe')).toHaveProperty('refuse');
  });

  it("keeps such specs as the user's word for a record without before", () => {
    expect(vouch({ command: 'npx', args: ['-y', 'github:containers/kubernetes-mcp-server'] }, 'kube')).toEqual({ version: undefined });
    expect(vouch({ command: 'npx', args: ['-y', 'file:./kube.tgz'] }, 'kube')).toEqual({ version: undefined });
  });

  it("takes a launcher that names no package of the record as the user's word that it is current", () => {
    expect(vouch({ command: '/opt/corp/pg-mcp/bin/server', args: ['--stdio'] }, 'heroku')).toEqual({ version: undefined });
    expect(vouch({ command: 'npx', args: ['-y', '-p', '@corp/other', 'mcp'] }, 'stripe')).toEqual({ version: undefined });
  });
});
