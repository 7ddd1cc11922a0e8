/**
 * Which record `rclass proxy` ties its server to (src/hook/proxy/identify.ts,
 * SPEC 6): `--record ID` vouches for a command the registry cannot
 * recognise, never for one the registry knows is not that record (a package
 * run at or past its record's `before`, SPEC 5.3).
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex } from '../../src/clients/identify/index.ts';
import { resolveWrapped } from '../../src/hook/proxy/identify.ts';
import { IDENTITY_RECORDS } from '../clients/records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);
const hasRecord = (id: string): boolean => IDENTITY_RECORDS.some((record) => record.id === id);
const stripe = (spec: string, record?: string) =>
  resolveWrapped({ command: 'npx', args: ['-y', spec, '--tools=all'], ...(record !== undefined ? { record } : {}) }, {}, index, hasRecord);

describe('rclass proxy and a package past its record’s before', () => {
  it('regression: --record stripe does not vouch for @stripe/mcp 0.3.3 or unpinned, which run another server', () => {
    for (const spec of ['@stripe/mcp@0.3.3', '@stripe/mcp']) {
      const result = stripe(spec, 'stripe');
      expect(result.status, spec).toBe('unrecognised');
      if (result.status === 'unrecognised') {
        expect(result.reason, spec).toContain('`--record stripe` does not apply');
        expect(result.reason, spec).toContain('only before 0.3.1');
      }
    }
  });

  it("regression: --record stripe does not vouch for the public registry's tarball URL of @stripe/mcp 0.3.3, nor for npm:@stripe/mcp@0.3.3 (issue 23 item 6)", () => {
    for (const spec of ['https://registry.npmjs.org/@stripe/mcp/-/mcp-0.3.3.tgz', 'npm:@stripe/mcp@0.3.3']) {
      const result = stripe(spec, 'stripe');
      expect(result.status, spec).toBe('unrecognised');
      if (result.status === 'unrecognised') {
        expect(result.reason, spec).toContain('`--record stripe` does not apply');
        expect(result.reason, spec).toContain('only before 0.3.1');
      }
    }
    expect(stripe('https://registry.npmjs.org/@stripe/mcp/-/mcp-0.2.5.tgz', 'stripe')).toMatchObject({
      status: 'recognised',
      recordId: 'stripe',
      version: '0.2.5',
      via: 'map',
    });
  });

  it('does not suggest --record for such a command, and recognises a release before it with or without --record', () => {
    const unvouched = stripe('@stripe/mcp@0.3.3');
    expect(unvouched).toMatchObject({ status: 'unrecognised' });
    if (unvouched.status === 'unrecognised') expect(unvouched.reason).not.toContain('--record ID');
    expect(stripe('@stripe/mcp@0.2.5')).toMatchObject({ status: 'recognised', recordId: 'stripe', version: '0.2.5', via: 'config' });
    expect(stripe('@stripe/mcp@0.2.5', 'stripe')).toMatchObject({ status: 'recognised', recordId: 'stripe', version: '0.2.5', via: 'map' });
  });

  it('still suggests --record for a launcher it cannot recognise at all', () => {
    const result = resolveWrapped({ command: '/opt/corp/server', args: [] }, {}, index, hasRecord);
    expect(result.status).toBe('unrecognised');
    if (result.status === 'unrecognised') expect(result.reason).toContain('name the record with `--record ID`');
  });
});

describe('rclass proxy and a server told to run other code (SPEC 6.2)', () => {
  const withOptions = buildIdentityIndex(
    IDENTITY_RECORDS.map((record) =>
      record.id === 'playwright'
        ? {
            ...record,
            server: {
              ...record.server,
              code_options: [{ options: ['--executable-path'], reason: 'Runs the named file as the browser.', documentation: 'https://example.com' }],
            },
          }
        : record,
    ),
  );
  const playwright = (record?: string) =>
    resolveWrapped(
      { command: 'npx', args: ['-y', '@playwright/mcp', '--executable-path=./evil.sh'], ...(record !== undefined ? { record } : {}) },
      {},
      withOptions,
      hasRecord,
    );

  it('regression: leaves `@playwright/mcp --executable-path=./evil.sh` unrecognised, and --record playwright does not vouch for it', () => {
    for (const result of [playwright(), playwright('playwright')]) {
      expect(result.status).toBe('unrecognised');
      if (result.status === 'unrecognised') {
        expect(result.reason).toContain('`--executable-path`');
        expect(result.reason).not.toContain('evil.sh');
      }
    }
    const vouched = playwright('playwright');
    if (vouched.status === 'unrecognised') expect(vouched.reason).toContain('`--record playwright` does not apply');
  });
});

describe("rclass proxy in the client's whole environment: a variable counts only for the launcher it changes (SPEC 6.2, issue 26)", () => {
  const fs = (record?: string) => ({
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
    ...(record !== undefined ? { record } : {}),
  });
  const pip = { PIP_CERT: '/etc/ssl/corp.pem', PIP_FIND_LINKS: 'https://mirror.example/simple', PATH: '/usr/bin', HOME: '/home/u' };

  it('regression: an npx server is still recognised with PIP_CERT and PIP_FIND_LINKS in the environment, with and without --record', () => {
    expect(resolveWrapped(fs(), pip, index, hasRecord)).toMatchObject({ status: 'recognised', recordId: 'filesystem', via: 'config' });
    expect(resolveWrapped(fs('filesystem'), pip, index, hasRecord)).toMatchObject({ status: 'recognised', recordId: 'filesystem', via: 'map' });
  });

  it("a uvx server is still recognised with PIP_* set (uv reads none of pip's variables), and refused with UV_INDEX_URL", () => {
    const time = { command: 'uvx', args: ['mcp-server-time'] };
    expect(resolveWrapped(time, pip, index, hasRecord)).toMatchObject({ status: 'recognised', recordId: 'time' });
    const uv = resolveWrapped(time, { UV_INDEX_URL: 'https://mirror.example/simple' }, index, hasRecord);
    expect(uv.status).toBe('unrecognised');
    if (uv.status === 'unrecognised') expect(uv.reason).toContain('`UV_INDEX_URL`');
  });

  it('an npx server with NODE_OPTIONS or npm_config_registry in the environment stays unrecognised, and --record does not vouch for it', () => {
    for (const [key, value] of [
      ['NODE_OPTIONS', '--require ./x.js'],
      ['npm_config_registry', 'https://mirror.example/'],
    ] as const) {
      const plain = resolveWrapped(fs(), { [key]: value }, index, hasRecord);
      expect(plain.status, key).toBe('unrecognised');
      if (plain.status === 'unrecognised') expect(plain.reason, key).toContain(`\`${key}\``);
      const vouched = resolveWrapped(fs('filesystem'), { [key]: value }, index, hasRecord);
      expect(vouched, key).toMatchObject({
        status: 'unrecognised',
        reason: `\`--record filesystem\` does not apply: the proxy's environment sets \`${key}\`, which changes what code runs`,
      });
    }
  });

  it('a docker server with DOCKER_HOST in the environment is unrecognised; PIP_* and NODE_OPTIONS do not change what docker runs', () => {
    const git = { command: 'docker', args: ['run', '-i', '--rm', 'mcp/git'] };
    expect(resolveWrapped(git, { ...pip, NODE_OPTIONS: '--require ./x.js' }, index, hasRecord)).toMatchObject({ status: 'recognised', recordId: 'git' });
    const daemon = resolveWrapped(git, { DOCKER_HOST: 'tcp://203.0.113.9:2375' }, index, hasRecord);
    expect(daemon.status).toBe('unrecognised');
    if (daemon.status === 'unrecognised') expect(daemon.reason).toContain('`DOCKER_HOST`');
  });

  it('a launcher rclass does not know counts every family: PIP_CERT leaves --record unapplied', () => {
    expect(resolveWrapped({ command: '/opt/corp/server', args: [], record: 'filesystem' }, { PIP_CERT: '/etc/ssl/corp.pem' }, index, hasRecord)).toMatchObject({
      status: 'unrecognised',
      reason: "`--record filesystem` does not apply: the proxy's environment sets `PIP_CERT`, which changes what code runs",
    });
  });
});
