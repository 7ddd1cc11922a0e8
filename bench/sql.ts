/**
 * Benchmark of SQL argument analysis (SPEC 5.4.1): how long `analyzeSql` takes
 * for read-only statements of about 100 B, 4 KB and 64 KB (the cap), plus the
 * one-off cost of loading libpg-query. Prints median, p99 and max; asserts
 * nothing. Run with `npx tsx bench/sql.ts`.
 */
import { performance } from 'node:perf_hooks';
import { analyzeSql, loadSqlParser, SQL_MAX_BYTES, type SqlDialect, type SqlParser } from '../src/core/sql/index.ts';

function utf8(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** A realistic reporting query grown to `bytes` (columns, predicates, then an IN list), padded with spaces. */
function statementOf(bytes: number): string {
  if (bytes <= 200) {
    const small = "SELECT id, email FROM users WHERE status = 'active' ORDER BY created_at DESC LIMIT 10";
    return small + ' '.repeat(Math.max(0, bytes - utf8(small)));
  }
  const head = "SELECT u.id, lower(u.email) AS email, date_trunc('day', o.created_at) AS day, count(*) AS n";
  const from = ' FROM users u JOIN orders o ON o.user_id = u.id';
  const where = " WHERE o.created_at > now() - interval '7 days' AND u.status IN (";
  const tail = ') GROUP BY 1, 2, 3 ORDER BY n DESC LIMIT 50';
  let columns = '';
  let values = "'active'";
  let i = 0;
  const size = () => utf8(head + columns + from + where + values + tail);
  while (size() < bytes) {
    const next = i % 3 === 0 ? `, coalesce(o.amount_${i}, 0) AS a_${i}` : undefined;
    if (next && size() + next.length <= bytes) columns += next;
    else if (size() + 9 <= bytes) values += `, 's${String(i % 1000).padStart(3, '0')}'`;
    else break;
    i++;
  }
  let sql = head + columns + from + where + values + tail;
  if (utf8(sql) < bytes) sql += ' '.repeat(bytes - utf8(sql));
  return sql;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function measure(fn: () => void, runs: number, warmup: number): { median: number; p99: number; max: number } {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] as number };
}

const t0 = performance.now();
const parser: SqlParser = await loadSqlParser();
const loadMs = performance.now() - t0;
console.log(`libpg-query load (dynamic import + WASM instantiate, cold): ${loadMs.toFixed(1)} ms`);
console.log(`cap: ${SQL_MAX_BYTES} bytes\n`);

const rows: string[] = [
  '| statement | dialect | bytes | verdict | runs | median ms | p99 ms | max ms |',
  '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |',
];
const plan: Array<[string, number, SqlDialect, number, number]> = [
  ['100 B', 100, 'postgresql', 2000, 200],
  ['4 KB', 4096, 'postgresql', 1000, 100],
  ['4 KB', 4096, 'mysql', 1000, 100],
  ['4 KB', 4096, 'sqlite', 1000, 100],
  ['64 KB', SQL_MAX_BYTES, 'postgresql', 200, 20],
  ['64 KB', SQL_MAX_BYTES, 'mysql', 100, 10],
];
for (const [name, bytes, dialect, runs, warmup] of plan) {
  const sql = statementOf(bytes);
  const verdict = analyzeSql(sql, dialect, parser);
  const r = measure(() => analyzeSql(sql, dialect, parser), runs, warmup);
  rows.push(
    `| ${name} | ${dialect} | ${utf8(sql)} | ${verdict.readOnly ? 'read-only' : `not read-only (${verdict.reason})`} | ${runs} | ${r.median.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.max.toFixed(3)} |`,
  );
}

// Where the 64 KB time goes: the parser alone, and the scanner, which is only
// consulted for MySQL/SQLite text and PostgreSQL text with a backslash.
const big = statementOf(SQL_MAX_BYTES);
const parseOnly = measure(() => parser.parse(big), 100, 10);
const scanOnly = measure(() => parser.scan?.(big), 100, 10);
rows.push(
  `| 64 KB, libpg-query parse only | - | ${utf8(big)} | - | 100 | ${parseOnly.median.toFixed(3)} | ${parseOnly.p99.toFixed(3)} | ${parseOnly.max.toFixed(3)} |`,
);
rows.push(
  `| 64 KB, libpg-query scan only | - | ${utf8(big)} | - | 100 | ${scanOnly.median.toFixed(3)} | ${scanOnly.p99.toFixed(3)} | ${scanOnly.max.toFixed(3)} |`,
);

// The worst shape within the cap that still reaches the parser: a chain just under the nesting limit.
const chain = `SELECT 1${'+1'.repeat(480)}`;
const chainR = measure(() => analyzeSql(chain, 'postgresql', parser), 200, 20);
rows.push(
  `| operator chain near the nesting limit | postgresql | ${utf8(chain)} | ${analyzeSql(chain, 'postgresql', parser).readOnly ? 'read-only' : 'not read-only'} | 200 | ${chainR.median.toFixed(3)} | ${chainR.p99.toFixed(3)} | ${chainR.max.toFixed(3)} |`,
);
// Over the cap: refused before parsing.
const over = `${big} `;
const overR = measure(() => analyzeSql(over, 'postgresql', parser), 200, 20);
rows.push(
  `| 64 KB + 1 byte (over the cap) | postgresql | ${utf8(over)} | ${analyzeSql(over, 'postgresql', parser).reason} | 200 | ${overR.median.toFixed(3)} | ${overR.p99.toFixed(3)} | ${overR.max.toFixed(3)} |`,
);

console.log(rows.join('\n'));
