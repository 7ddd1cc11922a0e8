// Walk of one libpg-query parse tree deciding whether the statement is a plain,
// read-only query (SPEC 5.4.1). Allowlist based: every wrapped node type must
// be a known query or expression node, and every function, operator, cast type
// and TABLESAMPLE method must be on a reviewed list. The walk uses an explicit
// stack (no recursion) and stops after a fixed number of visits.
// Browser-safe: no Node APIs.

import {
  EXPLAIN_OPTIONS,
  MYSQL_READ_ONLY_FUNCTIONS,
  READ_ONLY_FUNCTIONS,
  READ_ONLY_OPERATORS,
  READ_ONLY_TABLESAMPLE,
  READ_ONLY_TYPES,
  SQLITE_PRAGMA_READERS,
  SQLITE_READ_ONLY_FUNCTIONS,
} from './allowlists.ts';
import { checkAvailability } from './availability.ts';
import { safeName } from './text.ts';

/** Same as SqlDialect in index.ts (kept here to avoid an import cycle). */
export type Dialect = 'postgresql' | 'sqlite' | 'mysql';

/** Upper bound on objects, arrays and values visited in one tree (a 64 KiB statement stays far below); past it the statement is not read-only. SPEC 5.4.1. */
const SQL_MAX_TREE_VISITS = 2_000_000;

/** Node types that may appear anywhere in a read-only query. */
const QUERY_NODES: ReadonlySet<string> = new Set([
  'SelectStmt',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'BitString',
  'List',
  'A_Const',
  'A_Star',
  'A_Indices',
  'A_Indirection',
  'A_ArrayExpr',
  'A_Expr',
  'ParamRef',
  'ColumnRef',
  'ResTarget',
  'TypeCast',
  'TypeName',
  'CollateClause',
  'FuncCall',
  'NamedArgExpr',
  'BoolExpr',
  'NullTest',
  'BooleanTest',
  'SubLink',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'RowExpr',
  'SQLValueFunction',
  'GroupingFunc',
  'GroupingSet',
  'SortBy',
  'WindowDef',
  'RangeVar',
  'RangeSubselect',
  'RangeFunction',
  'RangeTableFunc',
  'RangeTableFuncCol',
  'RangeTableSample',
  'JoinExpr',
  'Alias',
  'ColumnDef',
  'WithClause',
  'CommonTableExpr',
  'CTESearchClause',
  'CTECycleClause',
  'XmlExpr',
  'XmlSerialize',
  'JsonFuncExpr',
  'JsonTable',
  'JsonTableColumn',
  'JsonTablePathSpec',
  'JsonValueExpr',
  'JsonFormat',
  'JsonOutput',
  'JsonReturning',
  'JsonBehavior',
  'JsonArgument',
  'JsonKeyValue',
  'JsonParseExpr',
  'JsonScalarExpr',
  'JsonSerializeExpr',
  'JsonObjectConstructor',
  'JsonArrayConstructor',
  'JsonArrayQueryConstructor',
  'JsonAggConstructor',
  'JsonObjectAgg',
  'JsonArrayAgg',
  'JsonIsPredicate',
]);

const DML_NODES: ReadonlySet<string> = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/** Words for statement node types in reasons: `DropStmt` → "drop statement". Never throws. SPEC 5.4.1. */
function describeNode(type: string): string {
  const special: Record<string, string> = {
    DoStmt: 'do block',
    VariableSetStmt: 'set statement',
    CreateTableAsStmt: 'create table as statement',
    TransactionStmt: 'transaction statement',
    LockingClause: 'locking clause',
    IntoClause: 'into clause',
    MergeSupportFunc: 'merge_action()',
    CurrentOfExpr: 'where current of',
  };
  if (special[type]) return special[type];
  const words = type
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return /Stmt$/.test(type) ? `${words} statement` : `${words} node`;
}

/** Outcome of {@link checkStatement}; `reason` is a short lowercase phrase. */
export interface TreeVerdict {
  readOnly: boolean;
  reason: string;
}

function stringList(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: string[] = [];
  for (const item of v) {
    const s = (item as { String?: { sval?: unknown } } | null)?.String;
    if (!s || typeof s !== 'object') return undefined;
    out.push(typeof s.sval === 'string' ? s.sval : '');
  }
  return out;
}

/** Accepts [name] or [pg_catalog, name] where name is in `allowed`; returns the printable name otherwise. */
function checkQualified(v: unknown, allowed: (name: string) => boolean): { ok: true } | { ok: false; name: string } {
  const parts = stringList(v);
  if (!parts || parts.length === 0) return { ok: false, name: '(unreadable name)' };
  const last = parts[parts.length - 1] as string;
  const qualifiedOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
  if (qualifiedOk && allowed(last)) return { ok: true };
  return { ok: false, name: safeName(parts.join('.')) };
}

function fail(reason: string): TreeVerdict {
  return { readOnly: false, reason };
}

function checkTypeName(v: unknown): TreeVerdict | undefined {
  if (!v || typeof v !== 'object') return fail('unreadable type name');
  const t = v as { names?: unknown; pct_type?: unknown; setof?: unknown };
  if (t.pct_type === true || t.setof === true) return fail('%type or setof type reference');
  const r = checkQualified(t.names, (n) => READ_ONLY_TYPES.has(n));
  if (!r.ok) return fail(`cast to type ${r.name} is not on the read-only list`);
  return undefined;
}

type Frame = [value: unknown, inCte: boolean];

/**
 * Decide whether one parsed statement (the `stmt` of a RawStmt: `{ SelectStmt: … }`)
 * is a read-only query for `dialect`: a SelectStmt passing the allowlist walk,
 * EXPLAIN [ANALYZE] of one (report-only options), or SHOW. Never throws;
 * unknown shapes are not read-only. SPEC 5.4.1.
 */
export function checkStatement(stmt: unknown, dialect: Dialect): TreeVerdict {
  if (!stmt || typeof stmt !== 'object' || Array.isArray(stmt)) return fail('unexpected parse tree');
  const keys = Object.keys(stmt);
  if (keys.length !== 1) return fail('unexpected parse tree');
  const type = keys[0] as string;
  const body = (stmt as Record<string, unknown>)[type];
  if (type === 'VariableShowStmt') return { readOnly: true, reason: 'show statement' };
  if (type === 'ExplainStmt') {
    const e = (body ?? {}) as { query?: unknown; options?: unknown };
    let analyze = false;
    if (e.options !== undefined) {
      if (!Array.isArray(e.options)) return fail('unexpected parse tree');
      for (const opt of e.options) {
        const d = (opt as { DefElem?: { defname?: unknown } } | null)?.DefElem;
        const name = typeof d?.defname === 'string' ? d.defname : '';
        if (!EXPLAIN_OPTIONS.has(name)) return fail(`explain option ${safeName(name) || '(unreadable)'} is not on the read-only list`);
        if (name === 'analyze') analyze = true;
      }
    }
    const q = e.query;
    const qType = q && typeof q === 'object' ? Object.keys(q)[0] : undefined;
    if (qType !== 'SelectStmt') {
      const what = qType ? describeNode(qType) : 'unknown statement';
      return fail(analyze ? `explain analyze executes the ${what}` : `explain of the ${what}`);
    }
    const inner = walk(q, dialect);
    if (!inner.readOnly) return inner;
    // EXPLAIN only plans; EXPLAIN ANALYZE runs the query, so its work counts.
    if (analyze) return checkAvailability(q) ?? { readOnly: true, reason: 'explain analyze of a read-only query' };
    return { readOnly: true, reason: 'explain of a read-only query' };
  }
  if (type !== 'SelectStmt') {
    if (DML_NODES.has(type)) return fail(`${describeNode(type)} writes data`);
    return fail(`${describeNode(type)} is not a read-only query`);
  }
  const verdict = walk(stmt, dialect);
  return verdict.readOnly ? (checkAvailability(stmt) ?? verdict) : verdict;
}

function walk(root: unknown, dialect: Dialect): TreeVerdict {
  const fnAllowed = (name: string) =>
    READ_ONLY_FUNCTIONS.has(name) ||
    (dialect === 'mysql' && MYSQL_READ_ONLY_FUNCTIONS.has(name)) ||
    (dialect === 'sqlite' && (SQLITE_READ_ONLY_FUNCTIONS.has(name) || SQLITE_PRAGMA_READERS.has(name)));
  const stack: Frame[] = [[root, false]];
  let visits = 0;
  let sawCte = false;
  while (stack.length > 0) {
    const [v, inCte] = stack.pop() as Frame;
    if (++visits > SQL_MAX_TREE_VISITS) return fail('parse tree too large to check');
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], inCte]);
      continue;
    }
    const obj = v as Record<string, unknown>;
    const keys = Object.keys(obj);
    const first = keys[0];
    if (keys.length === 1 && first !== undefined && /^[A-Z]/.test(first)) {
      // A wrapped node: { TypeName: { … } }.
      const type = first;
      const body = obj[type];
      if (!QUERY_NODES.has(type)) {
        if (DML_NODES.has(type)) return fail(inCte ? 'data-modifying CTE' : `${describeNode(type)} inside a query`);
        if (type === 'LockingClause') return fail('locking clause (for update/share) takes row locks');
        if (type === 'IntoClause') return fail('select into creates a table');
        return fail(`${describeNode(type)} is not allowed in a read-only query`);
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        if (type === 'A_Star' || type === 'List') continue;
        return fail('unexpected parse tree');
      }
      const b = body as Record<string, unknown>;
      switch (type) {
        case 'FuncCall': {
          const r = checkQualified(b.funcname, fnAllowed);
          if (!r.ok) return fail(`function ${r.name} is not on the read-only list`);
          break;
        }
        case 'A_Expr': {
          const kind = b.kind;
          const between = typeof kind === 'string' && kind.includes('BETWEEN');
          if (!between) {
            const r = checkQualified(b.name, (n) => READ_ONLY_OPERATORS.has(n));
            if (!r.ok) return fail(`operator ${r.name} is not on the read-only list`);
          }
          break;
        }
        case 'SubLink': {
          if (b.operName !== undefined) {
            const r = checkQualified(b.operName, (n) => READ_ONLY_OPERATORS.has(n));
            if (!r.ok) return fail(`operator ${r.name} is not on the read-only list`);
          }
          break;
        }
        case 'SortBy': {
          if (b.useOp !== undefined) {
            const r = checkQualified(b.useOp, (n) => READ_ONLY_OPERATORS.has(n));
            if (!r.ok) return fail(`operator ${r.name} is not on the read-only list`);
          }
          break;
        }
        case 'TypeName': {
          const r = checkTypeName(b);
          if (r) return r;
          break;
        }
        case 'RangeVar': {
          // SQLite resolves `pragma_<name>` (any case, any schema) to the PRAGMA's table-valued function.
          if (dialect === 'sqlite') {
            const rel = typeof b.relname === 'string' ? b.relname.toLowerCase() : '';
            if (rel.startsWith('pragma_') && !SQLITE_PRAGMA_READERS.has(rel)) {
              return fail(`table-valued pragma ${safeName(rel)} is not on the read-only list`);
            }
          }
          break;
        }
        case 'RangeTableSample': {
          const r = checkQualified(b.method, (n) => READ_ONLY_TABLESAMPLE.has(n));
          if (!r.ok) return fail(`tablesample method ${r.name} is not on the read-only list`);
          break;
        }
        case 'CommonTableExpr': {
          sawCte = true;
          // The body is walked with the CTE flag so a write inside gets the right reason.
          for (const k of Object.keys(b)) stack.push([b[k], k === 'ctequery' ? true : inCte]);
          continue;
        }
      }
      stack.push([b, inCte]);
      continue;
    }
    // A plain struct (an unwrapped node such as IntoClause, TypeName, WithClause, a larg SelectStmt).
    for (const k of keys) {
      const val = obj[k];
      if (k === 'intoClause' && val) return fail('select into creates a table');
      if (k === 'lockingClause' && Array.isArray(val) && val.length > 0) return fail('locking clause (for update/share) takes row locks');
      if (k === 'typeName' && val) {
        const r = checkTypeName(val);
        if (r) return r;
      }
      if (val !== null && typeof val === 'object') stack.push([val, inCte]);
    }
  }
  return { readOnly: true, reason: sawCte ? 'single query whose ctes are all queries' : 'single read-only query' };
}
