/**
 * The normal form of a listed tool definition that a fingerprint covers
 * (SPEC 5.2.1, algorithm `rc-def-v2`). It keeps what tells an agent and a
 * reader what a tool does and takes: the description, the annotations, and
 * of the `inputSchema` every property name (recursively), each schema's
 * type(s), `enum`/`const` values, `required`, `description`, `default`,
 * `items`, `properties`, a non-boolean `additionalProperties` (a map's value
 * schema) and the members of `anyOf`/`oneOf`/`allOf`. It drops what the JSON
 * Schema generator a server resolves writes differently for the same zod
 * schema: `$schema`, `$id`, `$comment`, `title`, `examples`, boolean
 * `additionalProperties`, validation keywords (`format`, `pattern`, lengths
 * and bounds, whose spelling differs between JSON Schema drafts), key
 * order, the order of `required`, `enum` and union members, and the
 * spelling of a union of plain types (`type: [a, b]`, `anyOf` of
 * `{type}` members, `nullable: true`). Local `$ref`s (`#/...`, as
 * zod-to-json-schema writes for a schema used twice) are replaced by what
 * they point to.
 *
 * Measured (docs/refresh/fingerprints.md): @modelcontextprotocol/server-memory
 * 2026.8.31 installed with zod 3.25.76 and with zod 4.6.7 lists every tool
 * with the same normal form; the raw definitions differ in `$schema`,
 * `additionalProperties: false` and key order.
 *
 * Browser-safe and pure.
 */

/** The id of the normal form and digest this module implements (SPEC 5.2.1). */
export const FINGERPRINT_ALGORITHM = 'rc-def-v2';

/** Schema keywords kept whose value is one schema. */
const SCHEMA_KEYS = ['items', 'additionalProperties', 'not'] as const;
/** Schema keywords kept whose value is a list of schemas (union members, sorted). */
const UNION_KEYS = ['anyOf', 'oneOf', 'allOf'] as const;
/** Deepest schema nesting followed; deeper parts are kept as a marker, so a fingerprint still exists and changes with the shape above it. */
const MAX_DEPTH = 64;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON text with sorted keys, to sort and compare values independent of key order. */
function sortedText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedText).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedText(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function uniqueSorted(values: readonly unknown[]): Json[] {
  const byText = new Map<string, Json>();
  for (const value of values) byText.set(sortedText(value), value as Json);
  return [...byText.keys()].sort().map((key) => byText.get(key)!);
}

/** Follow a local JSON pointer (`#/definitions/x`) inside the root schema. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** A schema that says only which type(s) a value has: `{type}`, nothing else kept. */
function plainTypes(schema: Json): string[] | undefined {
  if (!isObject(schema)) return undefined;
  const keys = Object.keys(schema);
  if (keys.length !== 1 || keys[0] !== 'type') return undefined;
  return schema.type as string[];
}

function normalSchema(schema: unknown, root: unknown, depth: number, refs: readonly string[]): Json {
  if (!isObject(schema)) return (schema ?? null) as Json;
  if (depth > MAX_DEPTH) return { $deep: true };
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const target = refs.includes(ref) ? undefined : resolvePointer(root, ref);
    // A cycle or a reference outside the document: keep the reference itself.
    const { $ref: _ref, ...rest } = schema;
    const base = target === undefined ? { $ref: ref } : (normalSchema(target, root, depth + 1, [...refs, ref]) as Record<string, Json>);
    if (Object.keys(rest).length === 0) return base;
    const own = normalSchema(rest, root, depth, refs) as Record<string, Json>;
    return isObject(base) ? { ...base, ...own } : own;
  }
  const out: Record<string, Json> = {};
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  else if (Array.isArray(schema.type)) for (const type of schema.type) if (typeof type === 'string') types.add(type);
  if (schema.nullable === true) types.add('null');
  if (typeof schema.description === 'string') out.description = schema.description;
  if (schema.default !== undefined) out.default = schema.default as Json;
  const values: unknown[] = [];
  if (Array.isArray(schema.enum)) values.push(...schema.enum);
  if (schema.const !== undefined) values.push(schema.const);
  if (Array.isArray(schema.enum) || schema.const !== undefined) out.enum = uniqueSorted(values);
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
    const properties: Record<string, Json> = {};
    for (const key of Object.keys(schema.properties).sort()) properties[key] = normalSchema(schema.properties[key], root, depth + 1, refs);
    out.properties = properties;
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = uniqueSorted(schema.required);
  for (const key of SCHEMA_KEYS) {
    const value = schema[key];
    if (value === undefined || typeof value === 'boolean') continue;
    const normal = Array.isArray(value) ? value.map((item) => normalSchema(item, root, depth + 1, refs)) : normalSchema(value, root, depth + 1, refs);
    // `additionalProperties: {}` allows anything, as `true` does.
    if (key === 'additionalProperties' && isObject(normal) && Object.keys(normal).length === 0) continue;
    out[key] = normal;
  }
  for (const key of UNION_KEYS) {
    if (!Array.isArray(schema[key])) continue;
    const members = (schema[key] as unknown[]).map((member) => normalSchema(member, root, depth + 1, refs));
    if (key === 'allOf' && members.length === 1 && isObject(members[0])) {
      for (const [inner, value] of Object.entries(members[0])) if (out[inner] === undefined) out[inner] = value;
      continue;
    }
    // A union of plain types is a list of types: `anyOf: [{type: a}, {type: b}]` is `type: [a, b]`.
    const plain = key !== 'allOf' ? members.map(plainTypes) : [];
    if (plain.length > 0 && plain.every((list) => list !== undefined)) {
      for (const list of plain) for (const type of list!) types.add(type);
      continue;
    }
    // Members that say only `null` join the types (`anyOf: [X, {type: null}]` is X or null).
    const rest = key !== 'allOf' ? members.filter((member) => sortedText(plainTypes(member)) !== '["null"]') : members;
    if (rest.length < members.length) types.add('null');
    if (rest.length === 1 && isObject(rest[0])) {
      const only = rest[0];
      for (const [inner, value] of Object.entries(only)) {
        if (inner === 'type') for (const type of value as string[]) types.add(type);
        else if (out[inner] === undefined) out[inner] = value;
      }
      continue;
    }
    // anyOf and oneOf both say "one of these shapes" to a caller; which keyword a generator picks for a union is noise.
    const union = key === 'allOf' ? 'allOf' : 'anyOf';
    out[union] = uniqueSorted([...((out[union] as Json[] | undefined) ?? []), ...rest]);
  }
  if (types.size > 0) out.type = [...types].sort();
  return out;
}

/**
 * The normal form of a tool definition (SPEC 5.2.1, `rc-def-v2`).
 * @param definition `{description, inputSchema, annotations}` as listed (members may be missing or of any JSON type)
 * @returns a new JSON value; never throws for JSON input (a schema nested deeper than 64 levels keeps a `$deep` marker there)
 */
export function normalDefinition(definition: { description?: unknown; inputSchema?: unknown; annotations?: unknown }): Record<string, Json> {
  const out: Record<string, Json> = { algorithm: FINGERPRINT_ALGORITHM };
  if (definition.description !== undefined) out.description = definition.description as Json;
  if (definition.annotations !== undefined) out.annotations = definition.annotations as Json;
  if (definition.inputSchema !== undefined) out.inputSchema = normalSchema(definition.inputSchema, definition.inputSchema, 0, []);
  return out;
}
