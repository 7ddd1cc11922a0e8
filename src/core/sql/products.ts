// Products of stored tables (SPEC 5.4.1, availability): `SELECT count(*)
// FROM big a, big b, big c` reads nothing it may not, yet asks the server
// for rows^3 of work, as much as an unbounded generator. A statement's
// text cannot say how large a table is, so the check asks instead whether
// every stored relation of a FROM clause is tied to the others by an
// equality of their columns (`a.id = b.a_id`, in WHERE or a join's ON),
// `USING` or `NATURAL`. Relations left apart multiply, and the statement
// is refused. Conservative: a column without its table's name ties
// nothing, since the text alone cannot say whose it is.
// Browser-safe: no Node APIs.

import { isObject, unwrap } from './nodes.ts';

/** The `sval`s of a list of `String` nodes (a name or a column reference), lowercase; undefined for anything else (`*`). */
function names(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: string[] = [];
  for (const item of list) {
    const s = unwrap(item);
    if (s?.[0] !== 'String' || typeof s[1].sval !== 'string') return undefined;
    out.push(s[1].sval.toLowerCase());
  }
  return out;
}

/** Union-find over relation names. */
class Groups {
  private readonly parent = new Map<string, string>();

  add(name: string): void {
    if (!this.parent.has(name)) this.parent.set(name, name);
  }

  has(name: string): boolean {
    return this.parent.has(name);
  }

  find(name: string): string {
    let root = name;
    while (this.parent.get(root) !== root) root = this.parent.get(root) as string;
    this.parent.set(name, root);
    return root;
  }

  join(a: string, b: string): void {
    this.parent.set(this.find(a), this.find(b));
  }

  count(): number {
    let n = 0;
    for (const [name, parent] of this.parent) if (name === parent) n += 1;
    return n;
  }
}

/** The relation a column reference names (`t.col`, `schema.t.col`), lowercase, or undefined when it names none. */
function qualifier(v: unknown): string | undefined {
  const ref = unwrap(v);
  if (ref?.[0] !== 'ColumnRef') return undefined;
  const parts = names(ref[1].fields);
  return parts !== undefined && parts.length >= 2 ? parts[parts.length - 2] : undefined;
}

/** Tie the relations of every `x.col = y.col` among the top-level AND conjuncts of a condition. */
function tieEqualities(condition: unknown, groups: Groups): void {
  const node = unwrap(condition);
  if (!node) return;
  const [type, b] = node;
  if (type === 'BoolExpr' && b.boolop === 'AND_EXPR' && Array.isArray(b.args)) {
    for (const arg of b.args) tieEqualities(arg, groups);
    return;
  }
  if (type !== 'A_Expr' || b.kind !== 'AEXPR_OP') return;
  const op = names(b.name);
  if (op === undefined || op[op.length - 1] !== '=') return;
  const left = qualifier(b.lexpr);
  const right = qualifier(b.rexpr);
  if (left !== undefined && right !== undefined && groups.has(left) && groups.has(right)) groups.join(left, right);
}

/**
 * The relations named by the column references anywhere inside `v`
 * (lowercase; an unqualified column adds nothing), or undefined when it
 * holds no column reference at all.
 */
function columnQualifiers(v: unknown): string[] | undefined {
  const out: string[] = [];
  let any = false;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      stack.push(...x);
      continue;
    }
    const node = unwrap(x);
    if (node?.[0] === 'ColumnRef') {
      any = true;
      const q = qualifier(x);
      if (q !== undefined) out.push(q);
      continue;
    }
    stack.push(...Object.values(x));
  }
  return any ? out : undefined;
}

/**
 * Add a FROM item's relations to `groups`, tying those a join ties. Returns
 * the names it added (also appended to `added`, in FROM order). Stored
 * tables (and CTE references, which read the same), subqueries and
 * functions count; a function that reads the columns of earlier items is
 * tied to them, and LATERAL items are left out (their rows follow the row
 * they are joined to).
 */
function addItem(item: unknown, groups: Groups, joins: unknown[], added: string[]): string[] {
  const node = unwrap(item);
  if (!node) return [];
  const [type, b] = node;
  if (type === 'RangeVar') {
    const alias = isObject(b.alias) && typeof b.alias.aliasname === 'string' ? b.alias.aliasname : b.relname;
    if (typeof alias !== 'string') return [];
    const name = alias.toLowerCase();
    groups.add(name);
    added.push(name);
    return [name];
  }
  if (type === 'RangeSubselect' && b.lateral !== true) {
    const alias = isObject(b.alias) && typeof b.alias.aliasname === 'string' ? b.alias.aliasname.toLowerCase() : '(subquery)';
    groups.add(alias);
    added.push(alias);
    return [alias];
  }
  if (type === 'RangeFunction' && b.lateral !== true) {
    // A function in FROM may read columns of the items before it (PostgreSQL makes it LATERAL
    // implicitly): then it yields rows per row of those and is tied to them; with constants only,
    // its rows multiply the rest like a table's.
    const name = isObject(b.alias) && typeof b.alias.aliasname === 'string' ? b.alias.aliasname.toLowerCase() : '(function)';
    const refs = columnQualifiers(b.functions);
    groups.add(name);
    added.push(name);
    if (refs !== undefined) {
      const tied = refs.filter((q) => groups.has(q) && q !== name);
      const previous = added.filter((q) => q !== name);
      for (const q of tied.length > 0 ? tied : previous.slice(-1)) groups.join(name, q);
    }
    return [name];
  }
  if (type === 'JoinExpr') {
    const left = addItem(b.larg, groups, joins, added);
    const right = addItem(b.rarg, groups, joins, added);
    if ((b.isNatural === true || Array.isArray(b.usingClause)) && left.length > 0 && right.length > 0) groups.join(left[0]!, right[0]!);
    if (b.quals !== undefined) joins.push(b.quals);
    return [...left, ...right];
  }
  return [];
}

/**
 * Whether a SELECT body's FROM clause multiplies stored relations that no
 * column equality, `USING` or `NATURAL` ties together (SPEC 5.4.1): the
 * reason to refuse it, or undefined when every relation is tied to the
 * others (or there is at most one). Never throws.
 * @param select the unwrapped body of a `SelectStmt` (`fromClause`, `whereClause`)
 */
export function untiedProduct(select: Record<string, unknown>): string | undefined {
  if (!Array.isArray(select.fromClause) || select.fromClause.length === 0) return undefined;
  const groups = new Groups();
  const conditions: unknown[] = [];
  const added: string[] = [];
  for (const item of select.fromClause) addItem(item, groups, conditions, added);
  if (select.whereClause !== undefined) conditions.push(select.whereClause);
  for (const condition of conditions) tieEqualities(condition, groups);
  const parts = groups.count();
  return parts > 1 ? `a product of ${parts} relations (tables, subqueries or functions) that no column equality ties together` : undefined;
}
