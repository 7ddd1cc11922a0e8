/**
 * Peers (SPEC 2.9.4): tools of different servers with the same verb and
 * object have the same effects above R0, or the record says why in
 * `differs`; `npm run check` reports an unexplained difference at the tool's
 * effects, and docs/reviews/consistency.md is the committed report.
 */
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRecord, ToolRecord } from '../../src/core/record.ts';
import { consistencyMarkdown, consistencyReport } from '../../src/records/consistency-report.ts';
import { peerGroups, peerKey } from '../../src/records/peers.ts';
import { loadRegistryDir } from '../../src/records/read-dir.ts';
import { REGISTRY_DIR, ROOT } from '../../src/records/paths.ts';
import { loadedRegistry } from '../loaded-registry.ts';

function server(id: string, tools: Array<Partial<ToolRecord> & { name: string; effects: string[] }>): ServerRecord {
  return { id, tools: tools.map((t) => ({ class: 'R4', rationale: 'x', evidence: { path: 'a', line: 1 }, ...t })) } as unknown as ServerRecord;
}

describe('peerKey', () => {
  it('reads snake, camel and server-prefixed names to the same verb and object', () => {
    expect(peerKey('create_issue', 'github')).toEqual({ verb: 'create', object: 'issue' });
    expect(peerKey('createIssue', 'jira')).toEqual({ verb: 'create', object: 'issue' });
    expect(peerKey('linear_createIssue', 'linear-tacticlaunch')).toEqual({ verb: 'create', object: 'issue' });
    expect(peerKey('list_repositories', 'github')).toEqual({ verb: 'read', object: 'repository' });
  });

  it('takes the object before a preposition: add_user_to_group acts on a user', () => {
    expect(peerKey('add_user_to_group', 'aws-iam')).toEqual({ verb: 'create', object: 'user' });
    expect(peerKey('add_comment_to_pending_review', 'github')).toEqual({ verb: 'create', object: 'comment' });
  });

  it('has no key for a name that does not start with a known verb or has no object', () => {
    expect(peerKey('merge_pull_request', 'github')).toBeUndefined();
    expect(peerKey('delete', 'x')).toBeUndefined();
  });
});

describe('peerGroups', () => {
  it('compares only effects above R0, so metered reads agree with plain reads', () => {
    const records = [server('a', [{ name: 'get_logs', effects: ['read'] }]), server('b', [{ name: 'get_logs', effects: ['read', 'metered'] }])];
    expect(peerGroups(records)).toEqual([]);
  });

  it('names the usual effects of a group and leaves a single server alone', () => {
    const records = [
      server('a', [{ name: 'delete_label', effects: ['delete'] }]),
      server('b', [{ name: 'delete_label', effects: ['delete'] }]),
      server('c', [{ name: 'deleteLabel', effects: ['shared-write'], differs: 'The service keeps deleted labels in a trash.' }]),
      server('d', [
        { name: 'create_thing', effects: ['send'] },
        { name: 'create_thing_again', effects: ['delete'] },
      ]),
    ];
    const groups = peerGroups(records);
    expect(groups.map((g) => [g.verb, g.object, g.usual])).toEqual([['delete', 'label', ['delete']]]);
    const report = consistencyReport(records);
    expect([report.unusual, report.explained]).toEqual([1, 1]);
  });
});

describe('the registry (SPEC 2.9.4)', () => {
  it('explains every tool whose effects differ from its peers, and the committed report is a fresh run', async () => {
    // The run's load of registry/ (test/registry-setup.ts). It tolerates no check, where this test once loaded the
    // registry again tolerating peer-effects: every check runs over every record either way, so the problems are
    // the same, and a tolerated check only keeps records in `records` that have peer-effects problems, which fail
    // the first assertion either way.
    const loaded = await loadedRegistry();
    expect(loaded.problems.filter((p) => p.check === 'peer-effects').map((p) => `${p.file}:${p.line}  ${p.message}`)).toEqual([]);
    const report = consistencyReport(loaded.records);
    expect(report.explained).toBe(report.unusual);
    expect(await readFile(path.join(ROOT, 'docs', 'reviews', 'consistency.md'), 'utf8')).toBe(consistencyMarkdown(report));
    expect(await readFile(path.join(ROOT, 'docs', 'reviews', 'consistency.json'), 'utf8')).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });
});

describe('a folder that is not the whole registry', () => {
  it('is not judged by peers: a subset has other peer groups, so peer-effects runs only over registry/ itself', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rclass-peers-'));
    for (const id of ['github-reference', 'linear-jerhadf', 'docker-hub', 'github'])
      await copyFile(path.join(REGISTRY_DIR, `${id}.yaml`), path.join(dir, `${id}.yaml`));
    const loaded = await loadRegistryDir(dir, 'registry');
    expect(loaded.problems.filter((p) => p.check === 'peer-effects')).toEqual([]);
    expect(loaded.records.map((r) => r.id).sort()).toEqual(['docker-hub', 'github', 'github-reference', 'linear-jerhadf']);
  });
});
