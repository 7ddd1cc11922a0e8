// Reading libpg-query's JSON parse tree: every node is `{ Type: body }`.
// Browser-safe: no Node APIs.

/** A node's body: its fields by name. */
export type TreeNode = Record<string, unknown>;

/** Whether a value is a plain object (a node's body or a wrapped node), not an array or null. */
export const isObject = (v: unknown): v is TreeNode => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The single `{ Type: body }` of a wrapped node (the type name starts with a
 * capital, as libpg-query writes them), or undefined for anything else.
 * @returns `[type, body]`
 */
export function unwrap(v: unknown): [string, TreeNode] | undefined {
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v);
  if (keys.length !== 1) return undefined;
  const type = keys[0] as string;
  const body = v[type];
  return /^[A-Z]/.test(type) && isObject(body) ? [type, body] : undefined;
}
