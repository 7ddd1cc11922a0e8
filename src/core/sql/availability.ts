// Reads that can hold a shared database busy (SPEC 5.4.1, availability).
// A statement the allowlist walk accepts may still ask the server for more
// work than any read needs: a recursive CTE with no bound, a generator of
// 10^12 rows, a gigabyte blob, a regular expression built to backtrack. Such
// a statement holds a connection, CPU and memory for as long as the text
// asks, as pg_sleep does, and is refused the same way. The check is
// conservative: a bound it cannot read from constants is no bound.
// Browser-safe: no Node APIs.

import { untiedProduct } from './products.ts';
import { safeName } from './text.ts';
import { type TreeNode, isObject, unwrap } from './nodes.ts';

/**
 * Most work a statement's text may ask for: the product of the rows every
 * generator and recursive CTE may produce and of the sizes, in characters,
 * bytes or elements, that every sized function may allocate. SPEC 5.4.1.
 */
const SQL_MAX_GENERATED = 10_000_000;

/** Longest regular expression pattern analysed, in characters. */
const MAX_PATTERN = 1000;

/** Functions whose argument at the index sets an allocation size (SQLite zeroblob, randomblob; PostgreSQL repeat, lpad, rpad). */
const SIZED: ReadonlyMap<string, number> = new Map([
  ['zeroblob', 0],
  ['randomblob', 0],
  ['repeat', 1],
  ['lpad', 1],
  ['rpad', 1],
]);

/** Functions whose argument at index 1 is a POSIX regular expression (PostgreSQL 9.7.3). */
const REGEX_FUNCTIONS: ReadonlySet<string> = new Set([
  'regexp_match',
  'regexp_matches',
  'regexp_replace',
  'regexp_split_to_array',
  'regexp_split_to_table',
  'regexp_count',
  'regexp_instr',
  'regexp_like',
  'regexp_substr',
]);

/** Nodes a counter CTE's recursive step may not hold. */
const STEP_FORBIDDEN: ReadonlySet<string> = new Set(['FuncCall', 'SubLink', 'RangeFunction', 'RangeSubselect', 'JoinExpr']);

/** Operators whose right operand is a POSIX regular expression. */
const REGEX_OPERATORS: ReadonlySet<string> = new Set(['~', '~*', '!~', '!~*']);

type Node = TreeNode;

/** The last part of a (possibly pg_catalog-qualified) name list, lowercase. */
function lastName(list: unknown): string {
  if (!Array.isArray(list) || list.length === 0) return '';
  const s = unwrap(list[list.length - 1]);
  const sval = s?.[0] === 'String' ? s[1].sval : undefined;
  return typeof sval === 'string' ? sval.toLowerCase() : '';
}

/** A numeric constant (integer or float literal, with an optional unary minus), else undefined. */
function numberOf(v: unknown): number | undefined {
  const node = unwrap(v);
  if (!node) return undefined;
  const [type, b] = node;
  if (type === 'A_Const') {
    if (isObject(b.ival)) return typeof b.ival.ival === 'number' ? b.ival.ival : 0;
    if (isObject(b.fval) && typeof b.fval.fval === 'string') {
      const n = Number(b.fval.fval);
      return Number.isFinite(n) ? n : undefined;
    }
    return undefined;
  }
  if (type === 'A_Expr' && b.kind === 'AEXPR_OP' && b.lexpr === undefined && lastName(b.name) === '-') {
    const n = numberOf(b.rexpr);
    return n === undefined ? undefined : -n;
  }
  return undefined;
}

/** A string constant, else undefined. */
function stringOf(v: unknown): string | undefined {
  const node = unwrap(v);
  if (node?.[0] !== 'A_Const' || !isObject(node[1].sval)) return undefined;
  const s = node[1].sval.sval;
  return typeof s === 'string' ? s : '';
}

/** Rows `generate_series(start, stop[, step])` yields when every argument is a number, else undefined. */
function seriesRows(args: unknown[]): number | undefined {
  if (args.length !== 2 && args.length !== 3) return undefined;
  const [start, stop, step = 1] = args.map(numberOf);
  if (start === undefined || stop === undefined || step === undefined || step === 0) return undefined;
  const n = Math.floor((stop - start) / step) + 1;
  return Math.max(n, 0);
}

/**
 * The largest width or precision a `format` / `printf` string asks for, or
 * undefined when the string is not constant or takes one from an argument (`*`).
 */
function formatWidth(v: unknown): number | undefined {
  const text = stringOf(v);
  if (text === undefined || text.includes('*')) return undefined;
  let widest = 1;
  for (const m of text.matchAll(/%[^a-zA-Z%]*/g)) for (const d of m[0].matchAll(/\d+/g)) widest = Math.max(widest, Number(d[0]));
  return widest;
}

/**
 * Whether a constant pattern is free of what makes a regular expression
 * engine work hard: a backreference, a quantifier on a group that holds a
 * quantifier or an alternation (`(a+)+`, `(a|a)*`), a bound over 255, or a
 * pattern over {@link MAX_PATTERN} characters. `similar` reads `%` and `_`
 * as SIMILAR TO does (`.*`, `.`). Returns the reason it is not, or undefined.
 */
function riskyPattern(pattern: string, similar: boolean): string | undefined {
  if (pattern.length > MAX_PATTERN) return 'a regular expression longer than the analysis reads';
  const groups: { quantified: boolean; alternation: boolean }[] = [{ quantified: false, alternation: false }];
  let lastGroup: { quantified: boolean; alternation: boolean } | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    const top = groups[groups.length - 1] as { quantified: boolean; alternation: boolean };
    let quantifier = false;
    if (c === '\\') {
      if (/[1-9]/.test(pattern[i + 1] ?? '')) return 'a regular expression with a backreference';
      i++;
      lastGroup = undefined;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      i = j;
      lastGroup = undefined;
      continue;
    }
    if (c === '(') {
      groups.push({ quantified: false, alternation: false });
      lastGroup = undefined;
      continue;
    }
    if (c === ')') {
      if (groups.length === 1) return 'an unbalanced regular expression';
      lastGroup = groups.pop();
      const parent = groups[groups.length - 1] as { quantified: boolean; alternation: boolean };
      if (lastGroup?.quantified) parent.quantified = true;
      if (lastGroup?.alternation) parent.alternation = true;
      continue;
    }
    if (c === '|') top.alternation = true;
    else if (c === '*' || c === '+' || c === '?') quantifier = true;
    else if (c === '{') {
      const m = /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m) {
        for (const bound of [m[1], m[3]]) if (bound !== undefined && bound !== '' && Number(bound) > 255) return 'a regular expression bound over 255';
        quantifier = true;
        i += m[0].length - 1;
      }
    } else if (similar && c === '%') top.quantified = true;
    if (quantifier) {
      if (lastGroup && (lastGroup.quantified || lastGroup.alternation)) return 'a quantified group that holds a quantifier or an alternation';
      top.quantified = true;
    }
    lastGroup = undefined;
  }
  return groups.length === 1 ? undefined : 'an unbalanced regular expression';
}

/** Whether a relation name may be the CTE: compared without case, as SQLite compares even quoted names. */
const sameName = (relname: unknown, ctename: unknown): boolean =>
  typeof relname === 'string' && typeof ctename === 'string' && relname.toLowerCase() === ctename.toLowerCase();

/** Whether any node under `v` has one of the given types, or is the `||` operator. */
function holdsNode(v: unknown, types: ReadonlySet<string>): boolean {
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    if (!Array.isArray(item)) {
      const node = unwrap(item);
      if (node && types.has(node[0])) return true;
      // `s || s` doubles a string or an array every round.
      if (node?.[0] === 'A_Expr' && lastName(node[1].name) === '||') return true;
    }
    stack.push(...Object.values(item));
  }
  return false;
}

/** A recursive CTE: one whose query names the CTE itself. */
function selfReferencing(cte: Node): boolean {
  const name = cte.ctename;
  const stack: unknown[] = [cte.ctequery];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    const node = unwrap(v);
    if (node?.[0] === 'RangeVar' && sameName(node[1].relname, name) && node[1].schemaname === undefined) return true;
    stack.push(...Object.values(v));
  }
  return false;
}

/** A column reference to `column` (bare, or qualified with `table`). */
function isColumn(v: unknown, column: string, table: string): boolean {
  const node = unwrap(v);
  if (node?.[0] !== 'ColumnRef' || !Array.isArray(node[1].fields)) return false;
  const parts = node[1].fields.map((f) => {
    const s = unwrap(f);
    return s?.[0] === 'String' && typeof s[1].sval === 'string' ? s[1].sval : undefined;
  });
  return (parts.length === 1 && parts[0] === column) || (parts.length === 2 && parts[0] === table && parts[1] === column);
}

/**
 * Rows a self-referencing CTE can produce, read from constants, or undefined:
 * - a constant LIMIT (and OFFSET) on the CTE's own query (SQLite stops the
 *   recursion there; PostgreSQL refuses the query);
 * - a counter: the anchor gives column c integer constants (VALUES or a
 *   SELECT without FROM), the recursive part selects only from the CTE, with
 *   no function, subquery or `||` (which doubles a value every round), adds
 *   a positive integer constant to c and keeps `c < N` or `c <= N` in a
 *   WHERE clause that is that comparison or an AND holding it.
 */
function recursiveRows(cte: Node): number | undefined {
  const query = unwrap(cte.ctequery)?.[1];
  if (!query) return undefined;
  if (query.limitOption === 'LIMIT_OPTION_COUNT') {
    const limit = numberOf(query.limitCount);
    const offset = query.limitOffset === undefined ? 0 : numberOf(query.limitOffset);
    return limit === undefined || offset === undefined || limit < 0 || offset < 0 ? undefined : limit + offset;
  }
  if (query.op !== 'SETOP_UNION' || !isObject(query.larg) || !isObject(query.rarg)) return undefined;
  const name = typeof cte.ctename === 'string' ? cte.ctename : '';
  const anchor = query.larg;
  const step = query.rarg;
  const from = Array.isArray(step.fromClause) ? step.fromClause : [];
  const only = unwrap(from[0]);
  if (from.length !== 1 || only?.[0] !== 'RangeVar' || !sameName(only[1].relname, name) || only[1].schemaname !== undefined) return undefined;
  if (step.groupClause !== undefined || step.havingClause !== undefined || step.op !== 'SETOP_NONE') return undefined;
  // One row out per row in: no function (a set-returning one multiplies the rows each round) and no subquery.
  if (holdsNode(step, STEP_FORBIDDEN)) return undefined;
  // The anchor's rows and, per row, its values.
  let anchorRows: unknown[][];
  if (Array.isArray(anchor.valuesLists)) {
    anchorRows = anchor.valuesLists.map((row) => {
      const list = unwrap(row);
      return list?.[0] === 'List' && Array.isArray(list[1].items) ? list[1].items : [];
    });
  } else if (anchor.fromClause === undefined && Array.isArray(anchor.targetList) && anchor.op === 'SETOP_NONE') {
    anchorRows = [anchor.targetList.map((t) => unwrap(t)?.[1].val)];
  } else return undefined;
  const names = Array.isArray(cte.aliascolnames)
    ? cte.aliascolnames.map((n) => (unwrap(n)?.[1].sval as string | undefined) ?? '')
    : (Array.isArray(anchor.targetList) ? anchor.targetList : []).map((t) => (unwrap(t)?.[1].name as string | undefined) ?? '');
  const targets = Array.isArray(step.targetList) ? step.targetList : [];
  const conditions: unknown[] = [];
  const where = unwrap(step.whereClause);
  if (where?.[0] === 'BoolExpr' && where[1].boolop === 'AND_EXPR' && Array.isArray(where[1].args)) conditions.push(...where[1].args);
  else if (where) conditions.push(step.whereClause);
  for (const [i, column] of names.entries()) {
    if (column === '') continue;
    const next = unwrap(unwrap(targets[i])?.[1].val);
    if (next?.[0] !== 'A_Expr' || next[1].kind !== 'AEXPR_OP' || lastName(next[1].name) !== '+') continue;
    const { lexpr, rexpr } = next[1];
    const increment = isColumn(lexpr, column, name) ? numberOf(rexpr) : isColumn(rexpr, column, name) ? numberOf(lexpr) : undefined;
    if (increment === undefined || !Number.isInteger(increment) || increment <= 0) continue;
    const starts = anchorRows.map((row) => numberOf(row[i]));
    if (starts.some((s) => s === undefined || !Number.isInteger(s))) continue;
    for (const condition of conditions) {
      const cmp = unwrap(condition);
      if (cmp?.[0] !== 'A_Expr' || cmp[1].kind !== 'AEXPR_OP' || !isColumn(cmp[1].lexpr, column, name)) continue;
      const op = lastName(cmp[1].name);
      const stop = numberOf(cmp[1].rexpr);
      if ((op !== '<' && op !== '<=') || stop === undefined) continue;
      const first = Math.min(...(starts as number[]));
      const steps = Math.max(0, Math.floor((stop - first) / increment) + 1);
      return anchorRows.length * (steps + 1);
    }
  }
  return undefined;
}

/** Outcome of {@link checkAvailability}: undefined when the statement asks for bounded work. */
export interface AvailabilityVerdict {
  readOnly: false;
  reason: string;
}

/**
 * Refuse a parsed, otherwise read-only statement whose text can hold the
 * database busy (SPEC 5.4.1): a recursive CTE with no bound read from
 * constants, `generate_series` without constant numeric bounds, a sized
 * function (`zeroblob`, `randomblob`, `repeat`, `lpad`, `rpad`, a `format` or
 * `printf` width) without a constant size, a regular expression that is not
 * a constant free of nested quantifiers and backreferences, stored tables
 * multiplied with no column equality tying them (`products.ts`), or
 * generators and sizes that multiply past {@link SQL_MAX_GENERATED}. Walks iteratively;
 * never throws. Returns undefined when none applies.
 */
export function checkAvailability(root: unknown): AvailabilityVerdict | undefined {
  const no = (reason: string): AvailabilityVerdict => ({ readOnly: false, reason: `${reason}: a read that can hold the database busy (availability)` });
  let work = 1;
  const add = (amount: number, what: string): AvailabilityVerdict | undefined => {
    work *= Math.max(1, amount);
    return work > SQL_MAX_GENERATED
      ? no(`${what} and the rest of the statement ask for more than ${SQL_MAX_GENERATED.toLocaleString('en')} rows or bytes`)
      : undefined;
  };
  const pattern = (v: unknown, similar: boolean): AvailabilityVerdict | undefined => {
    const text = stringOf(v);
    if (text === undefined) return no('a regular expression that is not a constant');
    const risk = riskyPattern(text, similar);
    return risk === undefined ? undefined : no(risk);
  };
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    stack.push(...Object.values(v));
    const node = unwrap(v);
    if (!node) {
      const w = v as Node;
      // A SELECT body: stored relations its FROM clause multiplies without tying them (products.ts).
      if (Array.isArray(w.fromClause) && Array.isArray(w.targetList)) {
        const product = untiedProduct(w);
        if (product !== undefined) return no(product);
      }
      // An unwrapped SelectStmt body (larg, rarg, ctequery) carries its WITH clause as a plain struct.
      // Every self-referencing CTE counts, RECURSIVE or not: SQLite recurses on a self-reference without the keyword.
      if (isObject(w.withClause) && Array.isArray(w.withClause.ctes)) {
        for (const item of w.withClause.ctes) {
          const cte = unwrap(item);
          if (cte?.[0] !== 'CommonTableExpr' || !selfReferencing(cte[1])) continue;
          const rows = recursiveRows(cte[1]);
          if (rows === undefined) return no(`recursive cte ${safeName(String(cte[1].ctename))} has no bound the analysis can read`);
          const over = add(rows, `recursive cte ${safeName(String(cte[1].ctename))}`);
          if (over) return over;
        }
      }
      continue;
    }
    const [type, b] = node;
    if (type === 'FuncCall') {
      const name = lastName(b.funcname);
      const args = Array.isArray(b.args) ? b.args : [];
      if (name === 'generate_series') {
        const rows = seriesRows(args);
        if (rows === undefined) return no('generate_series without constant numeric bounds');
        const over = add(rows, 'generate_series');
        if (over) return over;
      }
      const sizeAt = SIZED.get(name);
      if (sizeAt !== undefined) {
        const size = numberOf(args[sizeAt]);
        if (size === undefined) return no(`${name} without a constant size`);
        const over = add(size, name);
        if (over) return over;
      }
      if (name === 'array_fill') {
        const dims = unwrap(args[1]);
        const elements = dims?.[0] === 'A_ArrayExpr' && Array.isArray(dims[1].elements) ? dims[1].elements.map(numberOf) : [undefined];
        if (elements.some((n) => n === undefined)) return no('array_fill without constant dimensions');
        const over = add(
          (elements as number[]).reduce((p, n) => p * Math.max(1, n), 1),
          'array_fill',
        );
        if (over) return over;
      }
      if (name === 'format' || name === 'printf') {
        const width = formatWidth(args[0]);
        if (width === undefined) return no(`${name} without a constant format`);
        const over = add(width, `${name} width`);
        if (over) return over;
      }
      if (REGEX_FUNCTIONS.has(name)) {
        const risk = pattern(args[1], false);
        if (risk) return risk;
      }
      // substring(text, pattern) and substring(text FROM pattern) match a POSIX pattern; with numbers they cut.
      if (name === 'substring' && args.length === 2 && numberOf(args[1]) === undefined) {
        const risk = pattern(args[1], false);
        if (risk) return risk;
      }
      if (name === 'similar_to_escape' || (name === 'substring' && args.length === 3 && numberOf(args[1]) === undefined)) {
        const risk = pattern(args[name === 'substring' ? 1 : 0], true);
        if (risk) return risk;
      }
    }
    if (type === 'A_Expr' && b.lexpr !== undefined && REGEX_OPERATORS.has(lastName(b.name))) {
      if (b.kind === 'AEXPR_OP') {
        const risk = pattern(b.rexpr, false);
        if (risk) return risk;
      } else if (b.kind === 'AEXPR_OP_ANY' || b.kind === 'AEXPR_OP_ALL') {
        const list = unwrap(b.rexpr);
        if (list?.[0] !== 'A_ArrayExpr' || !Array.isArray(list[1].elements)) return no('a regular expression that is not a constant');
        for (const element of list[1].elements) {
          const risk = pattern(element, false);
          if (risk) return risk;
        }
      }
    }
    if (type === 'SubLink' && REGEX_OPERATORS.has(lastName(b.operName))) return no('a regular expression that is not a constant');
  }
  return undefined;
}
