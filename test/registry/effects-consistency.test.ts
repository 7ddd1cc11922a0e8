/**
 * Classes follow from effects the same way on every server (SPEC 2.9). One
 * test per inconsistency the effects issue found, each pinning that the
 * pattern is gone, plus the general law: equal effects, equal class.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveClass } from '../../src/core/effects.ts';
import type { ServerRecord, ToolRecord } from '../../src/core/record.ts';
import { loadedRegistry } from '../loaded-registry.ts';

let records: ServerRecord[] = [];

beforeAll(async () => {
  const loaded = await loadedRegistry();
  expect(loaded.problems).toEqual([]);
  records = loaded.records;
});

function tool(server: string, name: string): ToolRecord {
  const found = records.find((r) => r.id === server)?.tools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no tool ${server}/${name}`);
  return found;
}

function rule(server: string, name: string, id: string): { class: string; effects?: string[] } {
  const found = tool(server, name).rules?.find((r) => r.id === id);
  if (found === undefined) throw new Error(`no rule ${id} on ${server}/${name}`);
  return found;
}

describe('the general law (SPEC 2.9)', () => {
  it('tools with the same set of effects have the same class on every server, overrides aside', () => {
    const byEffects = new Map<string, Set<string>>();
    for (const record of records) {
      for (const t of record.tools) {
        if (t.override !== undefined) continue;
        const key = [...(t.effects ?? [])].sort().join(',');
        byEffects.set(key, (byEffects.get(key) ?? new Set()).add(t.class));
      }
    }
    const mixed = [...byEffects].filter(([, classes]) => classes.size > 1).map(([key, classes]) => `${key}: ${[...classes].join('/')}`);
    expect(mixed).toEqual([]);
  });

  it('every stated class, tool or rule, equals the class its effects derive, overrides aside', () => {
    const wrong: string[] = [];
    for (const record of records) {
      for (const t of record.tools) {
        if (t.override === undefined && deriveClass(t.effects ?? []) !== t.class) wrong.push(`${record.id}/${t.name}`);
        for (const r of t.rules ?? []) if (deriveClass(r.effects ?? []) !== r.class) wrong.push(`${record.id}/${t.name}#${r.id}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('overrides stay under 2% of tools, each with a reason', () => {
    const all = records.flatMap((r) => r.tools);
    const overridden = all.filter((t) => t.override !== undefined);
    expect(overridden.length).toBeLessThanOrEqual(Math.floor(all.length * 0.02));
    for (const t of overridden) expect(t.override!.length).toBeGreaterThan(10);
  });
});

describe('the patterns the effects issue found are gone', () => {
  it('1. "this server cannot delete what it creates" no longer decides: account-visible creations are shared-write (R2), private ones create-private (R1)', () => {
    for (const [server, name] of [
      ['stripe', 'create_product'],
      ['stripe', 'create_customer'],
      ['heroku', 'create_app'],
      ['mongodb', 'atlas-create-project'],
    ] as const) {
      expect(tool(server, name).effects).toContain('shared-write');
      expect(tool(server, name).class).toBe('R2');
    }
    expect(rule('github', 'create_repository', 'private-repository')).toMatchObject({ class: 'R1', effects: ['create-private'] });
    expect(rule('github-reference', 'create_repository', 'private-repository')).toMatchObject({ class: 'R1', effects: ['create-private'] });
    expect(rule('gitlab', 'create_repository', 'private-project')).toMatchObject({ class: 'R1', effects: ['create-private'] });
    // Docker Hub's rule cannot require the user's own namespace, so an organisation's members may see it.
    expect(rule('docker-hub', 'createRepository', 'private')).toMatchObject({ class: 'R2', effects: ['create-private', 'shared-write'] });
  });

  it('2. creations in a Linear team all have the same class whatever the object', () => {
    const classes = ['linear_createCycle', 'linear_createTeamLabel', 'linear_createRelease'].map((n) => tool('linear-tacticlaunch', n).class);
    expect(classes).toEqual(['R2', 'R2', 'R2']);
    expect(rule('linear-tacticlaunch', 'linear_createInitiative', 'no-owner-or-content')).toMatchObject({ class: 'R2', effects: ['shared-write'] });
  });

  it('3. moving to a trash others can see is R2 on every server', () => {
    expect(tool('linear-tacticlaunch', 'linear_archiveDocument')).toMatchObject({ class: 'R2', effects: ['trash', 'shared-write'] });
    expect(tool('notion', 'API-delete-a-block')).toMatchObject({ class: 'R2', effects: ['trash', 'shared-write'] });
  });

  it('4. credits spent at a plan price are metered everywhere, never a payment', () => {
    const metered = [
      tool('everart', 'generate_image').effects,
      rule('sentry', 'execute_sentry_tool', 'tool-analyze-issue-with-seer').effects,
      rule('firecrawl', 'firecrawl_monitor_create', 'no-notifications').effects,
      rule('firecrawl', 'firecrawl_scrape', 'no-actions').effects,
    ];
    for (const effects of metered) {
      expect(effects).toContain('metered');
      expect(effects).not.toContain('pay-final');
      expect(effects).not.toContain('pay-refundable');
    }
    expect(tool('everart', 'generate_image').class).toBe('R1');
  });

  it("5. ending someone else's work is availability (R3) on every server", () => {
    expect(tool('heroku', 'pg_kill')).toMatchObject({ class: 'R3', effects: ['availability'] });
    expect(tool('cloudflare-browser', 'kill_browser_session')).toMatchObject({ class: 'R3', effects: ['availability'] });
    expect(tool('firecrawl', 'firecrawl_interact_stop')).toMatchObject({ class: 'R3', effects: ['availability'] });
  });

  it("6. changes to a running service's availability are at least R3", () => {
    for (const name of ['rename_app', 'create_addon', 'maintenance_off']) {
      expect(tool('heroku', name).effects).toContain('availability');
      expect(['R3', 'R4']).toContain(tool('heroku', name).class);
    }
  });

  it('7. widening an audience is a disclosure (R4) on every server', () => {
    for (const name of ['linear_updateTeam', 'linear_transferIssue']) {
      expect(tool('linear-tacticlaunch', name).effects).toContain('widen');
      expect(tool('linear-tacticlaunch', name).class).toBe('R4');
    }
    expect(tool('notion', 'API-move-page')).toMatchObject({ class: 'R4', effects: ['widen'] });
  });

  it('8. relations that replace a previous value are not R1 when people can see them', () => {
    for (const name of ['linear_addIssueToCycle', 'linear_addIssueToProject']) {
      expect(tool('linear-tacticlaunch', name).effects).toContain('shared-write');
      expect(tool('linear-tacticlaunch', name).class).not.toBe('R1');
    }
  });

  it('9. files a server writes for itself that hold live credentials are credential, not working context', () => {
    const storage = rule('playwright', 'browser_storage_state', 'no-filename');
    expect(storage.effects).toContain('credential');
    expect(storage.class).toBe('R3');
    expect(tool('playwright', 'browser_start_tracing').effects).toContain('credential');
  });

  it('10. grafana Sift investigations are R2 because others can see them, and the rationale says so', () => {
    for (const name of ['find_error_pattern_logs', 'find_slow_requests']) {
      expect(tool('grafana', name)).toMatchObject({ class: 'R2', effects: ['read', 'shared-write'] });
      expect(tool('grafana', name).rationale).not.toMatch(/costs nothing/i);
    }
  });

  it('11. every record whose rules depend on a published release names the release it was checked against', () => {
    // Hosted-only servers have no release a configuration can pin; Docker Hub's image tags do not match its tags in git (record notes).
    const noPublishedVersion = new Set(['cloudflare-radar', 'cloudflare-workers-bindings', 'docker-hub', 'neon-hosted', 'browserbase-hosted']);
    const missing = records
      .filter((r) => r.tools.some((t) => (t.rules ?? []).length > 0))
      .filter((r) => r.server.min_version === undefined && !noPublishedVersion.has(r.id))
      .map((r) => r.id);
    expect(missing).toEqual([]);
    for (const id of noPublishedVersion) expect(records.find((r) => r.id === id)?.server.packages ?? []).toEqual([]);
  });
});
