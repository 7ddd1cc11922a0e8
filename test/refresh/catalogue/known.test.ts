/**
 * A resumed catalogue run keeps the last report's failure of a package
 * instead of installing it again only when trying again would meet the
 * same release under deadlines no longer than before (issue 25 item 4).
 */
import { describe, expect, it } from 'vitest';
import { keepsKnownFailure } from '../../../src/refresh/catalogue/known.ts';
import type { CatalogueFailure } from '../../../src/records/catalogue/types.ts';

const DEADLINES = { installMs: 300_000, listMs: 45_000 };
const failure = (reason: string, stage: CatalogueFailure['stage'], version?: string): CatalogueFailure => ({
  registry: 'npm',
  name: '@stripe/mcp',
  figure: 300000,
  ...(version !== undefined ? { version } : {}),
  stage,
  reason,
});

describe('keepsKnownFailure', () => {
  it('a failure at the version the registry still calls latest is kept; at an older one it is tried again', () => {
    const exited = failure('it exited with code 1 during initialize', 'start', '0.2.3');
    expect(keepsKnownFailure(exited, '0.2.3', DEADLINES)).toBe(true);
    expect(keepsKnownFailure(exited, '0.3.0', DEADLINES)).toBe(false);
    expect(keepsKnownFailure(exited, undefined, DEADLINES)).toBe(false);
  });

  it('a failure from a report that named no version is kept, as --retry-failed is there to try it', () => {
    expect(keepsKnownFailure(failure('@ansvar/mcp-sqlite has no bin', 'install'), '1.0.5', DEADLINES)).toBe(true);
  });

  it('an install or a start that ran out of a shorter deadline than this run gives is tried again', () => {
    expect(keepsKnownFailure(failure('npm install bitbucket-mcp@latest did not finish within 120 s', 'install'), '5.0.0', DEADLINES)).toBe(false);
    expect(keepsKnownFailure(failure('npm install @salesforce/mcp@latest did not finish within 300 s', 'install'), '0.30.15', DEADLINES)).toBe(true);
    expect(keepsKnownFailure(failure('it did not answer initialize within 25 s, so it was killed', 'start'), '1.0.0', DEADLINES)).toBe(false);
    expect(keepsKnownFailure(failure('it did not answer initialize within 45 s, so it was killed', 'start'), '1.0.0', DEADLINES)).toBe(true);
    expect(
      keepsKnownFailure(
        failure(
          'it exited with code 1 during initialize; started again with placeholders for APIFY_TOKEN, it did not answer initialize within 25 s, so it was killed',
          'start',
        ),
        '1.0.0',
        DEADLINES,
      ),
    ).toBe(false);
  });
});
