// Property-based tests (fast-check) for the argument analysis (SPEC 5.4.1,
// 5.4.2, 5.4.3, 9): random input never crashes the analysis, and nothing it
// could not decide comes out as "read-only" or "allowed". Run counts are
// bounded so the suite stays fast; seeds are fast-check's (a failure prints
// the seed and the shrunk counterexample).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeSql, loadSqlParser, type SqlDialect, type SqlParser } from '../../src/core/sql/index.ts';
import { lex } from '../../src/core/sql/lexer.ts';
import { checkUrl, findUrls } from '../../src/core/url/index.ts';
import { isContained } from '../../src/core/paths.ts';

let parser: SqlParser;
beforeAll(async () => {
  parser = await loadSqlParser();
});

const DIALECTS: SqlDialect[] = ['postgresql', 'mysql', 'sqlite'];
const dialect = fc.constantFrom(...DIALECTS);

/** SQL-ish fragments chosen to hit quoting, comments, dialect differences and acting functions. */
const FRAGMENTS = [
  'SELECT ',
  'WITH x AS (',
  ') ',
  'FROM t ',
  'WHERE ',
  'a ',
  '1 ',
  ', ',
  '; ',
  ';',
  '(',
  ')',
  "'",
  "''",
  '"',
  '`',
  '[',
  ']',
  '$$',
  '$a$',
  '$b$',
  '$1',
  '--',
  '-- ',
  '/*',
  '*/',
  '/*!',
  '#',
  '\\',
  "E'",
  "U&'",
  "B'",
  '\n',
  '\t',
  ' ',
  'INSERT INTO t VALUES (1) ',
  'DELETE FROM t ',
  'DROP TABLE t ',
  'UPDATE t SET a = 1 ',
  'RETURNING * ',
  'INTO u ',
  'FOR UPDATE ',
  'UNION ',
  'VALUES (1) ',
  'EXPLAIN ',
  'ANALYZE ',
  'COMMIT',
  'DO ',
  'lower(',
  'count(*)',
  'nextval(',
  'pg_sleep(',
  'pg_terminate_backend(',
  'sleep(',
  'load_extension(',
  '::int',
  '::evil',
  '+',
  '||',
  'CASE WHEN ',
  ' THEN ',
  ' END',
  'é',
  '\u3000',
  '\u0000',
];
const sqlSoup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 24 }).map((parts) => parts.join(''));
const WRITES = [
  'DELETE FROM t',
  'INSERT INTO t VALUES (1)',
  'UPDATE t SET a = 1',
  'DROP TABLE t',
  'TRUNCATE t',
  "COPY t TO PROGRAM 'x'",
  'CREATE TABLE u (a int)',
  'MERGE INTO t USING s ON true WHEN MATCHED THEN DELETE',
];

function wellFormedVerdict(v: { readOnly: unknown; reason: unknown }): void {
  expect(typeof v.readOnly).toBe('boolean');
  expect(typeof v.reason).toBe('string');
  expect((v.reason as string).length).toBeGreaterThan(0);
}

/** Independent of the analysis: does PostgreSQL parse this text as exactly one statement? */
function parsesAsOneStatement(sql: string): boolean {
  try {
    const tree = parser.parse(sql) as { stmts?: unknown[] };
    return Array.isArray(tree.stmts) && tree.stmts.length === 1;
  } catch {
    return false;
  }
}

describe('sql properties', () => {
  it('arbitrary strings (any UTF-16, lone surrogates included) never crash the analysis, in every dialect', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), dialect, (s, d) => {
        wellFormedVerdict(analyzeSql(s, d, parser));
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary non-string values are never read-only', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((v) => typeof v !== 'string'),
        dialect,
        (v, d) => {
          const verdict = analyzeSql(v, d, parser);
          expect(verdict.readOnly).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('SQL-ish fragment soup: a read-only verdict only for text that parses as one statement and lexes cleanly in every reading', () => {
    fc.assert(
      fc.property(sqlSoup, dialect, (s, d) => {
        const v = analyzeSql(s, d, parser);
        wellFormedVerdict(v);
        if (v.readOnly) {
          expect(s.includes('\u0000')).toBe(false);
          expect(lex(s, d).ok).toBe(true);
          expect(lex(s, 'postgresql').ok).toBe(true);
          // MySQL/SQLite backtick and bracket identifiers are rewritten before parsing.
          if (d === 'postgresql') expect(parsesAsOneStatement(s)).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('appending a newline and a DROP statement to any text never gives read-only', () => {
    fc.assert(
      fc.property(fc.oneof(sqlSoup, fc.string({ maxLength: 60 })), dialect, (s, d) => {
        expect(analyzeSql(`${s}\n; DROP TABLE t`, d, parser).readOnly).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('a write wrapped in a CTE, EXPLAIN ANALYZE, a second statement or a comment-looking prefix is never read-only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WRITES),
        fc.constantFrom('SELECT 1', 'WITH x AS (SELECT 1) SELECT * FROM x', "SELECT '--'", 'SELECT $$;$$'),
        dialect,
        (w, select, d) => {
          for (const sql of [
            `WITH w AS (${w} RETURNING 1) SELECT * FROM w`,
            `EXPLAIN ANALYZE ${w}`,
            `${select}; ${w}`,
            `${select};\n${w};`,
            `/* x */ ${w}`,
            `-- x\n${w}`,
          ]) {
            expect(analyzeSql(sql, d, parser).readOnly, sql).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('randomly nested expressions never crash the analysis or break the parser', () => {
    const { expr } = fc.letrec((tie) => ({
      expr: fc.oneof(
        { depthSize: 'large', withCrossShrink: true },
        fc.constantFrom('1', 'a', "'x'", '$1', 'NULL'),
        fc.tuple(tie('expr'), fc.constantFrom('+', '*', '||', '=', ' AND ', ' OR ', '::int+'), tie('expr')).map(([a, op, b]) => `${a}${op}${b}`),
        tie('expr').map((e) => `(${e})`),
        tie('expr').map((e) => `lower(${e})`),
        tie('expr').map((e) => `(SELECT ${e})`),
        tie('expr').map((e) => `CASE WHEN ${e} THEN 1 END`),
        tie('expr').map((e) => `NOT ${e}`),
      ),
    }));
    const chain = fc
      .tuple(fc.constantFrom('+1', '::int', ' || a', ')'), fc.integer({ min: 0, max: 6000 }))
      .map(([piece, n]) => (piece === ')' ? `SELECT ${'('.repeat(n)}1${')'.repeat(n)}` : `SELECT 1${piece.repeat(n)}`));
    fc.assert(
      fc.property(
        fc.oneof(
          expr.map((e) => `SELECT ${e}`),
          chain,
        ),
        (sql) => {
          wellFormedVerdict(analyzeSql(sql, 'postgresql', parser));
        },
      ),
      { numRuns: 150 },
    );
    expect(analyzeSql('SELECT 1', 'postgresql', parser)).toEqual({ readOnly: true, reason: 'single read-only query' });
  });
});

const ALLOW = ['allowed.example'];
/** Characters known to split URL parsers apart, plus look-alikes. */
const URL_NOISE = [
  '@',
  '\\',
  '%',
  '%2e',
  '%40',
  '.',
  ':',
  '[',
  ']',
  '#',
  '?',
  '/',
  '\t',
  '\n',
  ' ',
  '\u3002',
  '\uff0e',
  '\u00ad',
  '\u0430',
  'xn--',
  '0x',
  '\u0000',
  ';',
  ',',
  '&',
  "'",
  '"',
];

/** An RFC 3986 reading of the authority, independent of WHATWG. */
function rfcAuthority(url: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url);
  return m ? (m[1] as string).toLowerCase() : undefined;
}

function checkAllowedInvariants(url: string, verdict: { allowed: boolean; host?: string }): void {
  if (!verdict.allowed) return;
  const parsed = new URL(url);
  expect(['http:', 'https:']).toContain(parsed.protocol);
  expect(parsed.username + parsed.password).toBe('');
  expect(/[\s\u0000-\u001f\\]/.test(url)).toBe(false);
  const host = parsed.hostname;
  expect(verdict.host).toBe(host);
  expect(host === 'allowed.example' || host.endsWith('.allowed.example')).toBe(true);
  // The RFC 3986 reading agrees: the authority is exactly host or host:port.
  const authority = rfcAuthority(url);
  expect(authority === host || authority?.startsWith(`${host}:`)).toBe(true);
}

describe('url properties', () => {
  it('arbitrary strings never crash checkUrl, and an allowed one satisfies every invariant', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (s) => {
        const v = checkUrl(s, ALLOW);
        expect(typeof v.allowed).toBe('boolean');
        checkAllowedInvariants(s, v);
      }),
      { numRuns: 500 },
    );
  });

  it('an allowed URL with parser-splitting characters inserted anywhere is only allowed if every parser still reads the allowed host', () => {
    const base = 'https://allowed.example/path?q=1#f';
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: base.length }), fc.constantFrom(...URL_NOISE, 'attacker.example')), { minLength: 1, maxLength: 4 }),
        (edits) => {
          let url = base;
          for (const [at, piece] of edits) url = url.slice(0, Math.min(at, url.length)) + piece + url.slice(Math.min(at, url.length));
          const v = checkUrl(url, ALLOW);
          checkAllowedInvariants(url, v);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('generated web URLs never crash checkUrl', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (u) => {
        const v = checkUrl(u, ALLOW);
        checkAllowedInvariants(u, v);
      }),
      { numRuns: 300 },
    );
  });

  it('findUrls never crashes on arbitrary JSON and returns strings', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = findUrls(value);
        expect(typeof r.truncated).toBe('boolean');
        for (const u of r.urls) expect(typeof u).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('an attacker URL planted anywhere in random arguments is found and refused, or the search reports truncation', () => {
    const planted = fc.constantFrom(
      'https://attacker.example/c?d=x',
      'see https://attacker.example/x.',
      '//attacker.example/p',
      'attacker.example:8080',
      'HTTP://ATTACKER.EXAMPLE',
      'ht\ttps://attacker.example/',
      'https://allowed.example@attacker.example/',
      "javascript:fetch('//attacker.example')",
    );
    const plantIn = (value: unknown, url: string, path: number[], asKey: boolean): unknown => {
      if (path.length === 0 || value === null || typeof value !== 'object') return asKey ? { [url]: value } : url;
      const [head, ...rest] = path as [number, ...number[]];
      if (Array.isArray(value)) {
        if (value.length === 0) return [url];
        const i = head % value.length;
        const copy = [...value];
        copy[i] = plantIn(copy[i], url, rest, asKey);
        return copy;
      }
      const keys = Object.keys(value);
      if (keys.length === 0) return asKey ? { [url]: 1 } : { k: url };
      const k = keys[head % keys.length] as string;
      return { ...(value as Record<string, unknown>), [k]: plantIn((value as Record<string, unknown>)[k], url, rest, asKey) };
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), planted, fc.array(fc.nat(), { maxLength: 5 }), fc.boolean(), (value, url, path, asKey) => {
        const args = plantIn(value, url, path, asKey);
        const r = findUrls(args);
        const refused = r.urls.some((u) => !checkUrl(u, ALLOW).allowed);
        expect(r.truncated || refused).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('path properties', () => {
  const segment = fc.constantFrom('a', 'b', 'dir', 'dir-evil', 'DIR', '.', '..', '', ' ', 'x.', '\u0000');
  const posixPath = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
  const windowsPath = fc
    .tuple(fc.constantFrom('C:', 'c:', 'D:', '\\\\srv\\share', '\\\\?\\C:'), fc.array(segment, { maxLength: 5 }), fc.constantFrom('\\', '/'))
    .map(([root, parts, sep]) => root + sep + parts.join(sep));
  const anyPath = fc.oneof(posixPath, windowsPath, fc.string({ maxLength: 30 }));

  it('isContained never throws, and says yes only when the root is a component-wise prefix of the target', () => {
    fc.assert(
      fc.property(anyPath, anyPath, (target, root) => {
        const inside = isContained(target, root);
        expect(typeof inside).toBe('boolean');
        if (inside && target.startsWith('/') && root.startsWith('/')) {
          const t = target.split('/').filter(Boolean);
          const r = root.split('/').filter(Boolean);
          expect(t.includes('..') || t.includes('.')).toBe(false);
          expect(t.slice(0, r.length)).toEqual(r);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a path is always contained in itself when it is absolute and resolved', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'dir', 'dir-evil', 'x y'), { maxLength: 5 }), (parts) => {
        const p = `/${parts.join('/')}`;
        expect(isContained(p, p)).toBe(true);
        expect(isContained(p === '/' ? '/child' : `${p}/child`, p)).toBe(true);
        if (p !== '/') expect(isContained(`${p}-evil/child`, p)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
