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
