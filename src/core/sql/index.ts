// SQL argument analysis: is one SQL text a single read-only query? (SPEC 5.4.1)
//
// Pipeline, each step failing closed:
//   1. shape: a string, within SQL_MAX_BYTES, no NUL, well-formed UTF-16;
//   2. the tool's dialect reading (MySQL, SQLite): executable comments are
//      refused, `x` and [x] identifiers are rewritten to "x" in place;
//   3. the PostgreSQL reading of our own lexer, and a nesting estimate so the
//      parser is never handed a tree deep enough to overflow its stack;
//   4. libpg-query parses; exactly one statement is required;
//   5. every plausible reading (PostgreSQL with standard_conforming_strings
//      off, the tool's dialect) must agree with ours on which characters are
//      code, else some server could run text we saw as a literal; where such a
//      comparison is made, libpg-query's own scanner must agree with ours too;
//   6. an allowlist walk of the tree (tree.ts).
// Browser-safe: no Node APIs; libpg-query is only reached via loadSqlParser().
//
// What the text cannot show (limits of SPEC 5.4.1, to be stated with it): a
// database can attach code to its own objects, and a read-only-looking query
// still runs it: views and row-security policies that call functions,
// operators, casts and comparison functions defined for user types, domain
// checks, and PostgreSQL's attribute notation (`t.f` calls f(t) when t has no
// column f). The function list also assumes pg_catalog is searched first (the
// default); a schema placed before it can shadow built-in names. So "read-only"
// here means "the statement text asks for no effect"; deployments should also
// run such tools with a read-only role or default_transaction_read_only.

import { firstDisagreement, lex, opaqueMask, rewriteQuotedIdentifiers, type Span } from './lexer.ts';
import { estimateNesting, SQL_MAX_NESTING } from './nesting.ts';
import { byteToIndexMapper, isWellFormedUtf16, shortParserMessage, utf8Length } from './text.ts';
import { checkStatement } from './tree.ts';
import { messageOf } from '../errors.ts';

export { loadSqlParser, loadedSqlParser, type SqlParser } from './loader.ts';
export { SQL_MAX_NESTING } from './nesting.ts';
import type { SqlParser } from './loader.ts';

/** The SQL dialect a tool speaks, as recorded in the registry. */
export type SqlDialect = 'postgresql' | 'sqlite' | 'mysql';

/** Outcome of {@link analyzeSql}. `reason` is a short lowercase phrase naming what decided it. */
export interface SqlVerdict {
  readOnly: boolean;
  reason: string;
}

/**
 * Largest SQL argument analysed, in UTF-8 bytes (64 KiB). Larger arguments are
 * not read-only and are not parsed. SPEC 5.4.1.
 */
export const SQL_MAX_BYTES = 65536;

const DIALECTS: ReadonlySet<string> = new Set(['postgresql', 'sqlite', 'mysql']);

function no(reason: string): SqlVerdict {
  return { readOnly: false, reason };
}

function isSqlErrorLike(e: unknown): boolean {
  return e instanceof Error && (e.name === 'SqlError' || 'sqlDetails' in e);
}

/** Opaque spans according to libpg-query's scanner output, converted to UTF-16 indexes. */
function scanSpans(text: string, result: unknown): Span[] | undefined {
  const tokens = (result as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(tokens)) return undefined;
  const toIndex = byteToIndexMapper(text);
  const spans: Span[] = [];
  for (const tok of tokens) {
    const t = tok as { start?: unknown; end?: unknown; text?: unknown };
    if (typeof t.start !== 'number' || typeof t.end !== 'number' || typeof t.text !== 'string') return undefined;
    const s = t.text;
    const c0 = s.charAt(0);
    const opaque =
      c0 === "'" ||
      c0 === '"' ||
      s.startsWith('--') ||
      s.startsWith('/*') ||
      (c0 === '$' && s.length >= 2 && s.endsWith('$')) ||
      /^[eEbBxXnN]'/.test(s) ||
      /^[uU]&['"]/.test(s);
    if (opaque) spans.push({ start: toIndex(t.start), end: toIndex(t.end), kind: 'string' });
  }
  return spans;
}

/**
 * Decide whether `sql` is exactly one read-only query for a tool speaking
 * `dialect` (SPEC 5.4.1). `parser` is the object from {@link loadSqlParser}
 * (or any {@link SqlParser}). Returns `{ readOnly, reason }`; never throws:
 * a non-string, an unknown dialect, an argument over {@link SQL_MAX_BYTES},
 * anything the parser rejects or any internal failure gives `readOnly: false`.
 * Work is bounded: linear lexers, a nesting limit before parsing, and an
 * iterative tree walk with a visit cap.
 */
export function analyzeSql(sql: unknown, dialect: SqlDialect, parser: SqlParser): SqlVerdict {
  try {
    return analyze(sql, dialect, parser);
  } catch (e) {
    return no(`internal error: ${shortParserMessage(messageOf(e))}`);
  }
}

function analyze(sql: unknown, dialect: SqlDialect, parser: SqlParser): SqlVerdict {
  if (typeof sql !== 'string') return no('not a string');
  if (typeof dialect !== 'string' || !DIALECTS.has(dialect)) return no('unknown dialect');
  if (!parser || typeof parser.parse !== 'function') return no('no sql parser');
  if (sql.length > SQL_MAX_BYTES || utf8Length(sql, SQL_MAX_BYTES) > SQL_MAX_BYTES) {
    return no(`larger than the ${SQL_MAX_BYTES}-byte cap`);
  }
  if (sql.length === 0) return no('empty statement');
  if (sql.includes('\u0000')) return no('contains a nul character');
  if (!isWellFormedUtf16(sql)) return no('not well-formed unicode (lone surrogate)');

  // 2. The dialect's own reading, and the text PostgreSQL will parse.
  let pgText = sql;
  let dialectSpans: Span[] | undefined;
  if (dialect !== 'postgresql') {
    const d = lex(sql, dialect);
    if (!d.ok) return no(`parse error: ${d.error} (${dialect} reading)`);
    if (d.executableComment) return no('mysql executable comment (/*! or /*+)');
    dialectSpans = d.spans;
    const rewritten = rewriteQuotedIdentifiers(sql, d.spans);
    if (rewritten === undefined) return no(`${dialect} quoted identifier that postgresql cannot read`);
    pgText = rewritten;
  }

  // 3. Our PostgreSQL reading and the nesting estimate.
  const pg = lex(pgText, 'postgresql');
  if (!pg.ok) return no(`parse error: ${pg.error}`);
  const depth = estimateNesting(pg.tokens, SQL_MAX_NESTING);
  if (depth > SQL_MAX_NESTING) return no(`nested too deeply to parse safely (over ${SQL_MAX_NESTING})`);

  // 4. Parse; exactly one statement.
  let tree: unknown;
  try {
    tree = parser.parse(pgText);
  } catch (e) {
    const msg = shortParserMessage(messageOf(e));
    if (!isSqlErrorLike(e)) return no(`parser failure: ${msg}`);
    // Other dialects are read with PostgreSQL's parser (SPEC 5.4.1), so a
    // statement only they have (SQLite's PRAGMA or ATTACH) is not understood
    // rather than wrong: say so, not "syntax error".
    if (dialect !== 'postgresql') return no(`not a statement the read-only analysis understands (${dialect} text is read with PostgreSQL's parser: ${msg})`);
    return no(`parse error: ${msg}`);
  }
  const stmts = (tree as { stmts?: unknown } | null)?.stmts;
  if (stmts !== undefined && !Array.isArray(stmts)) return no('unexpected parse tree');
  const count = Array.isArray(stmts) ? stmts.length : 0;
  if (count === 0) return no('no statement');
  if (count > 1) return no(`${count} statements`);

  // 5. Every plausible reading must agree on which characters are code.
  const base = opaqueMask(pgText.length, pg.spans);
  // The real scanner is consulted only where our lexer's reading is compared
  // with another one: for PostgreSQL text without a backslash the other
  // reading is identical, and the parse tree alone decides (scanning costs
  // several times a parse).
  const readingsDiffer = dialect !== 'postgresql' || sql.includes('\\');
  if (readingsDiffer && typeof parser.scan === 'function') {
    let scanned: unknown;
    try {
      scanned = parser.scan(pgText);
    } catch (e) {
      const msg = shortParserMessage(messageOf(e));
      return no(isSqlErrorLike(e) ? `parse error: ${msg}` : `parser failure: ${msg}`);
    }
    const spans = scanSpans(pgText, scanned);
    if (!spans) return no('unexpected scanner output');
    if (firstDisagreement(pgText, base, opaqueMask(pgText.length, spans)) >= 0) {
      return no('internal lexer disagrees with the postgresql scanner');
    }
  }
  if (dialect === 'postgresql') {
    const off = lex(sql, 'postgresql-backslash');
    if (!off.ok || firstDisagreement(sql, base, opaqueMask(sql.length, off.spans)) >= 0) {
      return no('a backslash in a string literal would move its end if standard_conforming_strings were off');
    }
  } else if (dialectSpans) {
    const at = firstDisagreement(sql, base, opaqueMask(sql.length, dialectSpans));
    if (at >= 0) return no(`${dialect} reads quotes or comments differently from postgresql (offset ${at})`);
  }

  // 6. The tree itself.
  const first = (stmts as unknown[])[0] as { stmt?: unknown } | null;
  return checkStatement(first?.stmt, dialect);
}
