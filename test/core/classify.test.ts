/**
 * Classifier behaviour beyond the conformance vectors: what a classification
 * reports, and that nothing makes it throw (SPEC 4.4, 4.5).
 */
import { describe, expect, it } from 'vitest';
import { Classifier, Registry, Session, type ServerRecord } from '../../src/core/index.ts';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const record: ServerRecord = {
  id: 'db',
  name: 'DB',
  description: 'A database server used by the tests.',
  server: { repository: 'example/db', min_version: '2.0.0' },
  provenance: { status: 'reviewed', author: 'a', reviewers: ['b'], last_verified: '2026-11-30', commit: COMMIT },
  tools: [
    {
      name: 'query',
      class: 'R4',
      effects: ['read', 'delete', 'overwrite'],
      rationale: 'Runs any statement.',
      evidence: { path: 'src/query.ts', line: 12 },
      rules: [
        {
          id: 'single-select',
          class: 'R0',
          effects: ['read'],
          when: [{ sql_read_only: { arg: 'sql', dialect: 'postgresql' } }],
          reason: 'One read-only statement changes nothing.',
        },
      ],
    },
    { name: 'status', class: 'R0', effects: ['read'], rationale: 'Reports status.', evidence: { path: 'src/status.ts', line: 3 } },
  ],
};
const classifier = new Classifier(Registry.fromRecords([record]));

describe('classification report (SPEC 4.5)', () => {
  it('names the rule, the status, the base class and the evidence permalink', async () => {
    const got = await classifier.checkAsync('db', 'query', { sql: 'SELECT 1' });
    expect(got).toMatchObject({
      server: 'db',
      tool: 'query',
      class: 'R0',
      name: 'No effect',
      source: 'rule',
      rule: 'single-select',
      rationale: 'One read-only statement changes nothing.',
      policy: 'act',
      status: 'reviewed',
      base_class: 'R4',
      evidence: `https://github.com/example/db/blob/${COMMIT}/src/query.ts#L12`,
    });
    expect(got.rules).toEqual([
      {
        id: 'single-select',
        class: 'R0',
        fired: true,
        conditions: [{ predicate: 'sql_read_only', arg: 'sql', held: true, detail: 'sql is one read-only postgresql statement' }],
      },
    ]);
  });

  it('says which condition failed when a rule does not fire', async () => {
    const got = await classifier.checkAsync('db', 'query', { sql: 'DELETE FROM t' });
    expect(got.class).toBe('R4');
    expect(got.source).toBe('registry');
    expect(got.rule).toBeUndefined();
    expect(got.rules?.[0]?.fired).toBe(false);
    expect(got.rules?.[0]?.conditions[0]?.held).toBe(false);
    expect(got.rules?.[0]?.conditions[0]?.detail).toMatch(/^sql is not read-only: /);
  });

  it('notes that rules were ignored for an older release', () => {
    const got = classifier.check('db', 'query', { sql: 'SELECT 1' }, { serverVersion: '1.9.9' });
    expect(got.class).toBe('R4');
    expect(got.notes).toEqual(['argument rules ignored: version 1.9.9 is older than 2.0.0, the release the record was checked against']);
  });

  it('reports an unknown tool with the record status', () => {
    expect(classifier.check('db', 'drop_everything', {})).toMatchObject({ class: 'R4', source: 'unknown', status: 'reviewed', policy: 'never_autonomous' });
  });
});

describe('never throws (SPEC 4.4)', () => {
  it('a getter that throws inside the arguments is R4 with source error', async () => {
    const hostile = Object.defineProperty({}, 'sql', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const got = await classifier.checkAsync('db', 'query', hostile);
    expect(got).toMatchObject({ class: 'R4', source: 'error', notes: ['boom'] });
  });

  it('a proxy whose traps throw is R4 with source error', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const hostile = new Proxy({}, { has: trap, get: trap, getOwnPropertyDescriptor: trap, ownKeys: trap });
    expect(classifier.check('db', 'query', hostile)).toMatchObject({ class: 'R4', source: 'error' });
  });

  it('non-string server and tool names are unknown, not a crash', () => {
    expect(classifier.check(42 as unknown as string, {} as unknown as string, {})).toMatchObject({ class: 'R4', source: 'unknown' });
  });

  it('an egress check over a huge argument fails closed', () => {
    const fetchRecord: ServerRecord = {
      ...record,
      id: 'web',
      server: { repository: 'example/web' },
      tools: [
        { name: 'get', class: 'R0', effects: ['read'], rationale: 'Fetches a page.', evidence: { path: 'a.ts', line: 1 }, egress: { destination: ['url'] } },
      ],
    };
    const web = new Classifier(Registry.fromRecords([fetchRecord]));
    const session = new Session({ egressAllow: ['allowed.example'], hasRead: true });
    const many = Array.from({ length: 200_000 }, (_, i) => `https://allowed.example/${i}`);
    const got = web.check('web', 'get', { url: 'https://allowed.example/', more: many }, { session });
    expect(got).toMatchObject({ class: 'R4', source: 'session' });
  });
});

describe('session (SPEC 9.1, 10)', () => {
  it('tracks reads and the worst class decided so far', () => {
    const session = new Session();
    expect(session.hasRead).toBe(false);
    session.record(classifier.check('db', 'status', {}));
    session.record(classifier.check('db', 'query', { sql: 'x' }));
    session.record(classifier.check('db', 'status', {}));
    expect(session.state()).toEqual({ hasRead: true, effectiveClass: 'R4', calls: 3 });
    expect(Session.fromState(session.state()).effectiveClass).toBe('R4');
  });
});

describe("a call to a release at or past a package's before (SPEC 5.3)", () => {
  const moved = new Classifier(
    Registry.fromRecords([
      { ...record, server: { repository: 'example/db', packages: [{ registry: 'npm', name: 'db-mcp', before: '3.0.0' }], min_version: '2.0.0' } },
    ]),
  );

  it('is unknown (R4) for every tool, naming the package and its before', async () => {
    const got = await moved.checkAsync('db', 'status', {}, { serverVersion: '3.0.0' });
    expect(got).toMatchObject({ class: 'R4', source: 'unknown', status: 'reviewed' });
    expect(got.rationale).toBe(
      'Release 3.0.0 of `db-mcp` is not older than 3.0.0, from which the package runs another server than the db record describes (SPEC 5.3); its tools are unknown and irreversible until classified (SPEC 4.3).',
    );
    expect((await moved.checkAsync('db', 'status', {}, { serverVersion: '3.0.0-rc.1' })).class).toBe('R4');
  });

  it('classifies a release before it, or an unpinned call (identification already refused those), by the record', async () => {
    expect(await moved.checkAsync('db', 'status', {}, { serverVersion: '2.5.0' })).toMatchObject({ class: 'R0', source: 'registry' });
    expect(await moved.checkAsync('db', 'query', { sql: 'SELECT 1' }, { serverVersion: '2.5.0' })).toMatchObject({ class: 'R0', source: 'rule' });
    expect(await moved.checkAsync('db', 'status', {})).toMatchObject({ class: 'R0', source: 'registry' });
  });
});
