/**
 * The changelog grouped for watching (src/site/lib/changelog.ts, issue 27
 * item 7): one group per server per release, and each group summed up by
 * kind of change.
 */
import { describe, expect, it } from 'vitest';
import { changeKinds, releaseOfDay, serverChangelogPath, serverFeedPath, serverReleases, type ClassChange } from '../../src/site/lib/changelog.ts';

const change = (date: string, server: string, tool: string, from: string, to: string, rule?: string): ClassChange => ({
  date,
  server,
  tool,
  from,
  to,
  why: 'Because.',
  ...(rule === undefined ? {} : { rule }),
});

const CHANGES = [
  change('2026-12-01', 'azure', 'a', 'R3', 'R4'),
  change('2026-12-05', 'playwright', 'browser_navigate', 'R1', 'R4'),
  change('2026-12-01', 'github', 'g', 'R1', 'R4'),
  change('2026-12-05', 'playwright', 'browser_navigate', 'none', 'R1', 'http-url'),
  change('2026-12-01', 'azure', 'b', 'R3', 'R4'),
  change('2026-12-01', 'azure', 'c', 'none', 'R1', 'learn-absent'),
];

describe('changelog per server and release', () => {
  it('groups six changes into three entries: playwright on 12-05, then azure and github on 12-01', () => {
    const releases = serverReleases(CHANGES);
    expect(releases.map((release) => `${release.date} ${release.server} ${release.changes.length}`)).toEqual([
      '2026-12-05 playwright 2',
      '2026-12-01 azure 3',
      '2026-12-01 github 1',
    ]);
    expect(releases[1]!.changes.map((c) => c.tool)).toEqual(['a', 'b', 'c']);
  });

  it("sums azure's release up by kind, most frequent first, without the rule's id", () => {
    const azure = serverReleases(CHANGES).find((release) => release.server === 'azure')!;
    expect(changeKinds(azure.changes)).toEqual(['2 × class R3 → R4', '1 × new rule: R1']);
  });

  it('names releases and per-server addresses', () => {
    expect(releaseOfDay('2026-12-01')).toBe('2026.12.01');
    expect(serverChangelogPath('slack-korotovsky')).toBe('changelog/server/slack-korotovsky/');
    expect(serverFeedPath('azure')).toBe('changelog/server/azure.xml');
  });
});
