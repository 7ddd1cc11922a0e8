// SQL corpus (SPEC 5.4.1): every case in test/corpora/sql.json, plus the cases
// that cannot be written as JSON literals (over the size cap, deeply nested),
// and checks of the pieces the analysis relies on.
import { beforeAll, describe, expect, it } from 'vitest';
import corpus from '../corpora/sql.json' with { type: 'json' };
import { analyzeSql, loadSqlParser, loadedSqlParser, SQL_MAX_BYTES, SQL_MAX_NESTING, type SqlDialect, type SqlParser } from '../../src/core/sql/index.ts';
import { lex, opaqueMask, firstDisagreement } from '../../src/core/sql/lexer.ts';
import { READ_ONLY_FUNCTIONS } from '../../src/core/sql/allowlists.ts';

interface SqlCase {
  input: unknown;
  dialect: SqlDialect;
  expect: 'read-only' | 'not-read-only';
  reason: string;
  source?: string;
}

const cases = corpus as SqlCase[];
let parser: SqlParser;

beforeAll(async () => {
  parser = await loadSqlParser();
});

function label(c: SqlCase): string {
  const text = typeof c.input === 'string' ? JSON.stringify(c.input) : `(${c.input === null ? 'null' : typeof c.input})`;
  const short = text.length > 70 ? `${text.slice(0, 67)}...` : text;
  return `${c.dialect} ${short} is ${c.expect}: ${c.reason}`;
}

describe('sql corpus', () => {
  it('has at least 60 cases, each with an expectation and a reason', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const c of cases) {
      expect(['read-only', 'not-read-only']).toContain(c.expect);
      expect(typeof c.reason).toBe('string');
      expect(c.reason.length).toBeGreaterThan(5);
    }
  });

  it.each(cases.map((c) => [label(c), c] as const))('%s', (_name, c) => {
    const verdict = analyzeSql(c.input, c.dialect, parser);
    expect(typeof verdict.reason).toBe('string');
    expect(verdict.reason.length).toBeGreaterThan(0);
    expect(verdict.readOnly ? 'read-only' : 'not-read-only', verdict.reason).toBe(c.expect);
  });
});

describe('sql analysis outside the corpus', () => {
  it('loadSqlParser resolves the same parser every time and loadedSqlParser returns it', async () => {
    const again = await loadSqlParser();
    expect(again).toBe(parser);
    expect(loadedSqlParser()).toBe(parser);
  });

  it('refuses an argument one byte over the cap without parsing it', () => {
    const body = 'SELECT 1 -- ';
    const sql = body + 'x'.repeat(SQL_MAX_BYTES + 1 - body.length);
    let parsed = 0;
    const counting: SqlParser = {
      parse: (s) => {
        parsed++;
        return parser.parse(s);
      },
    };
    const v = analyzeSql(sql, 'postgresql', counting);
    expect(v).toEqual({ readOnly: false, reason: `larger than the ${SQL_MAX_BYTES}-byte cap` });
    expect(parsed).toBe(0);
  });

  it('counts the cap in UTF-8 bytes, not characters', () => {
    const body = "SELECT '";
    const chars = Math.floor((SQL_MAX_BYTES - body.length) / 3) + 10; // 3-byte characters push it over
    const sql = `${body + '\u20ac'.repeat(chars)}'`;
    expect(sql.length).toBeLessThan(SQL_MAX_BYTES);
    expect(analyzeSql(sql, 'postgresql', parser).reason).toMatch(/cap/);
  });

  it('accepts a read-only statement of exactly the cap', () => {
    const head = 'SELECT 1 -- ';
    const sql = head + 'x'.repeat(SQL_MAX_BYTES - head.length);
    expect(sql.length).toBe(SQL_MAX_BYTES);
    expect(analyzeSql(sql, 'postgresql', parser).readOnly).toBe(true);
  });

  it('refuses a 12,000-operator chain before the parser could overflow its stack, and the parser still works after', () => {
    const sql = `SELECT 1${'+1'.repeat(12_000)}`;
    const v = analyzeSql(sql, 'postgresql', parser);
    expect(v.readOnly).toBe(false);
    expect(v.reason).toMatch(/nested too deeply/);
    expect(analyzeSql('SELECT 1', 'postgresql', parser).readOnly).toBe(true);
  });

  it.each([
    ['nested sub-selects', `SELECT ${'(SELECT '.repeat(600)}1${')'.repeat(600)}`],
    ['nested function calls', `SELECT ${'lower('.repeat(2000)}'a'${')'.repeat(2000)}`],
    ['a cast chain', `SELECT 1${'::int'.repeat(3000)}`],
    ['nested CASE', `SELECT ${'CASE WHEN true THEN '.repeat(800)}1${' END'.repeat(800)}`],
    ['a UNION chain', `SELECT 1${' UNION SELECT 1'.repeat(3000)}`],
  ])('refuses %s past the nesting limit without crashing the parser', (_name, sql) => {
    const v = analyzeSql(sql, 'postgresql', parser);
    expect(v.readOnly).toBe(false);
    expect(v.reason).toMatch(/nested too deeply|parse error/);
    expect(analyzeSql('SELECT 2', 'postgresql', parser).readOnly).toBe(true);
  });

  it(`accepts a wide but shallow 60 KB query (nesting limit ${SQL_MAX_NESTING} is about depth, not size)`, () => {
    const sql = `SELECT id FROM t WHERE id IN (${Array.from({ length: 9000 }, (_, i) => String(i)).join(', ')})`;
    expect(analyzeSql(sql, 'postgresql', parser).readOnly).toBe(true);
  });

  it('refuses when the parser throws something other than a SQL error, and never throws itself', () => {
    const broken: SqlParser = {
      parse: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    };
    const v = analyzeSql('SELECT 1', 'postgresql', broken);
    expect(v.readOnly).toBe(false);
    expect(v.reason).toMatch(/parser failure/);
  });

  it('refuses when the parser returns an unexpected shape', () => {
    for (const out of [null, 42, { stmts: 'x' }, { stmts: [null] }, { stmts: [{ stmt: { SelectStmt: 1, Other: 2 } }] }]) {
      expect(analyzeSql('SELECT 1', 'postgresql', { parse: () => out }).readOnly).toBe(false);
    }
  });

  it('refuses when its own lexer and the real scanner disagree on what is code', () => {
    const lying: SqlParser = {
      parse: (s) => parser.parse(s),
      scan: () => ({ tokens: [{ start: 0, end: 8, text: "'SELECT " }] }),
    };
    // The scanner is consulted where readings are compared: MySQL/SQLite text, or PostgreSQL text with a backslash.
    expect(analyzeSql('SELECT 1', 'mysql', lying)).toEqual({ readOnly: false, reason: 'internal lexer disagrees with the postgresql scanner' });
    expect(analyzeSql("SELECT '\\d'", 'postgresql', lying)).toEqual({ readOnly: false, reason: 'internal lexer disagrees with the postgresql scanner' });
    expect(analyzeSql('SELECT 1', 'postgresql', lying).readOnly).toBe(true);
  });

  it('refuses with a parser that is missing', () => {
    expect(analyzeSql('SELECT 1', 'postgresql', undefined as unknown as SqlParser).readOnly).toBe(false);
  });

  it.each(['PRAGMA table_info(users)', "ATTACH DATABASE 'x.db' AS x"])(
    'says a SQLite statement PostgreSQL cannot read is not understood, not a syntax error: %s',
    (sql) => {
      const v = analyzeSql(sql, 'sqlite', parser);
      expect(v.readOnly).toBe(false);
      expect(v.reason).toMatch(/^not a statement the read-only analysis understands \(sqlite text is read with PostgreSQL's parser: /);
    },
  );

  it('keeps reasons short and free of the input text for parse errors', () => {
    const v = analyzeSql("SELECT 'x' FROM WHERE secret_token_123", 'postgresql', parser);
    expect(v.readOnly).toBe(false);
    expect(v.reason).not.toMatch(/secret_token_123/);
    expect(v.reason.length).toBeLessThan(100);
  });

  it('lists none of the functions the design notes name as acting', () => {
    for (const name of [
      'nextval',
      'setval',
      'currval',
      'lastval',
      'pg_terminate_backend',
      'pg_cancel_backend',
      'pg_notify',
      'pg_advisory_lock',
      'pg_try_advisory_lock',
      'pg_read_file',
      'pg_read_binary_file',
      'pg_ls_dir',
      'lo_import',
      'lo_export',
      'set_config',
      'pg_stat_reset',
      'dblink',
      'dblink_exec',
      'pg_sleep',
      'query_to_xml',
      'txid_current',
      'setseed',
      'load_extension',
      'sleep',
      'benchmark',
      'get_lock',
      'load_file',
    ]) {
      expect(READ_ONLY_FUNCTIONS.has(name), name).toBe(false);
    }
  });

  it('agrees with the real scanner on what is code for every read-only corpus case', () => {
    for (const c of cases) {
      if (c.expect !== 'read-only' || typeof c.input !== 'string' || c.dialect !== 'postgresql') continue;
      const mine = lex(c.input, 'postgresql');
      expect(mine.ok).toBe(true);
      if (!mine.ok) continue;
      const scanned = parser.scan?.(c.input) as { tokens: { start: number; end: number; text: string }[] };
      const spans = scanned.tokens
        .filter((t) => /^(?:'|"|--|\/\*|\$[^0-9]|[eEbBxXnN]'|[uU]&['"])/.test(t.text))
        .map((t) => ({ start: t.start, end: t.end, kind: 'string' as const }));
      // ASCII-only inputs here, so byte offsets equal indexes.
      expect(firstDisagreement(c.input, opaqueMask(c.input.length, mine.spans), opaqueMask(c.input.length, spans)), JSON.stringify(c.input)).toBe(-1);
    }
  });
});
