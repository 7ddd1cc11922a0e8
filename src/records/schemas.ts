/**
 * The project's JSON Schemas, compiled once with Ajv (JSON Schema 2020-12).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as the module under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const schemaDir = new URL('../../schema/', import.meta.url);

function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, schemaDir), 'utf8')) as Record<string, unknown>;
}

let compiled: { record: ValidateFunction; registry: ValidateFunction } | undefined;

/**
 * Validators for `schema/record.schema.json` and `schema/registry.schema.json`.
 * @throws if a schema file is missing or does not compile
 */
export function schemaValidators(): { record: ValidateFunction; registry: ValidateFunction } {
  if (compiled === undefined) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const record = readSchema('record.schema.json');
    ajv.addSchema(record);
    const registry = readSchema('registry.schema.json');
    ajv.addSchema(registry);
    compiled = { record: ajv.getSchema(record.$id as string)!, registry: ajv.getSchema(registry.$id as string)! };
  }
  return compiled;
}

/** Decode an Ajv `instancePath` (a JSON Pointer) into a data path. */
function pointerToPath(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

/** Show a data path as `tools[3].class`. */
function showPath(dataPath: ReadonlyArray<string | number>): string {
  let text = '';
  for (const part of dataPath) text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  return text === '' ? 'the record' : `\`${text}\``;
}

const FRIENDLY_PATTERNS: Record<string, string> = {
  '/$defs/provenance/properties/commit/pattern': 'must be a full 40-character lowercase hex commit',
  '/properties/id/pattern': 'must be lowercase letters, digits and hyphens, starting with a letter or digit',
  '/$defs/evidence/properties/path/pattern': 'must be a relative path with `/` separators, no `..`, no spaces or backslashes',
  '/$defs/server/properties/repository/pattern': 'must be a GitHub repository as `owner/name`',
  '/$defs/provenance/properties/reviewers/items/pattern': 'must be a GitHub handle, without `@`',
  '/$defs/provenance/properties/documentation/properties/pages/items/pattern': 'must be an https page of the vendor, without a fragment',
  '/$defs/evidence/then/properties/url/pattern': "must be the vendor's https page the quote is taken from",
  '/$defs/evidence/else/properties/url/pattern': 'must be a GitHub or unpkg permalink, which the build derives (records leave it out)',
};

/** `oneOf` choices with a message of their own; the errors of each branch inside them are not reported separately. */
const FRIENDLY_ONE_OF: Record<string, string> = {
  '/$defs/provenance/oneOf':
    "must name exactly one evidence base: `commit` (a commit of the repository), `package` (a published npm package at a version) or `documentation` (the vendor's published tool reference)",
};

/**
 * The Ajv errors worth reporting: those inside a branch of a `oneOf` that
 * has a message of its own are dropped, since that message says it all.
 * @returns the errors in their order
 */
export function reportableErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const branches = Object.keys(FRIENDLY_ONE_OF).map((pointer) => `#${pointer}/`);
  // An `if` error only says which branch failed; the errors inside that branch say why.
  return errors.filter((error) => error.keyword !== 'if' && !branches.some((branch) => error.schemaPath.startsWith(branch)));
}

/**
 * Turn one Ajv error into a one-line message in the project's style
 * (lowercase, no final period, values in backticks).
 * @returns the data path the message is about, and the message
 */
export function describeSchemaError(error: ErrorObject, data: unknown): { path: Array<string | number>; key: boolean; message: string } {
  const path = pointerToPath(error.instancePath);
  const where = showPath(path);
  const params = error.params as Record<string, unknown>;
  const got = (() => {
    const text = JSON.stringify(valueAt(data, path));
    return text === undefined ? 'nothing' : `\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``;
  })();
  switch (error.keyword) {
    case 'required':
      return { path, key: false, message: `${where} is missing required property \`${String(params.missingProperty)}\`` };
    case 'additionalProperties':
      return {
        path: [...path, String(params.additionalProperty)],
        key: true,
        message: `${where} has unknown property \`${String(params.additionalProperty)}\``,
      };
    case 'enum':
      return {
        path,
        key: false,
        message: `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}; got ${got}`,
      };
    case 'const':
      return { path, key: false, message: `${where} must be \`${JSON.stringify(params.allowedValue)}\`; got ${got}` };
    case 'type':
      return { path, key: false, message: `${where} must be of type ${String(params.type)}; got ${got}` };
    case 'pattern': {
      const friendly = FRIENDLY_PATTERNS[error.schemaPath.replace(/^[^#]*#/, '')];
      return { path, key: false, message: `${where} ${friendly ?? `must match \`${String(params.pattern)}\``}; got ${got}` };
    }
    case 'format':
      return { path, key: false, message: `${where} must be a valid ${String(params.format)}; got ${got}` };
    case 'minimum':
      return { path, key: false, message: `${where} must be at least ${String(params.limit)}; got ${got}` };
    case 'minLength':
    case 'maxLength':
      return { path, key: false, message: `${where} must have ${error.keyword === 'minLength' ? 'at least' : 'at most'} ${String(params.limit)} characters` };
    case 'minItems':
      return { path, key: false, message: `${where} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}` };
    case 'minProperties':
    case 'maxProperties':
      return { path, key: false, message: `${where} must have exactly one condition key` };
    case 'oneOf': {
      const pointer = error.schemaPath.replace(/^[^#]*#/, '');
      const friendly = FRIENDLY_ONE_OF[pointer];
      // Two evidence bases given: point at the second of `commit`, `package`, `documentation`, rather than at the provenance's first key.
      const given = pointer === '/$defs/provenance/oneOf' ? ['commit', 'package', 'documentation'].filter((key) => hasKeys(valueAt(data, path), [key])) : [];
      const second = given[1];
      return {
        path: second !== undefined ? [...path, second] : path,
        key: second !== undefined,
        message: `${where} ${friendly ?? error.message ?? 'is invalid'}`,
      };
    }
    case 'false schema': {
      // The only false schemas: what evidence quoted from the vendor's documentation must not have (SPEC 5.1).
      const last = path.at(-1);
      return {
        path,
        key: true,
        message: `${where} is not allowed beside \`quote\`: evidence quoted from the vendor's documentation names its page in \`url\`, not a file (\`${String(last)}\`)`,
      };
    }
    case 'uniqueItems':
      return { path, key: false, message: `${where} has duplicate items at positions ${String(params.j)} and ${String(params.i)}` };
    default:
      return { path, key: false, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}

/** The value at a data path, or undefined. */
function valueAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let value: unknown = data;
  for (const part of path) value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[part] : undefined;
  return value;
}

/** Whether an object has every one of these keys. */
function hasKeys(value: unknown, keys: readonly string[]): boolean {
  return value !== null && typeof value === 'object' && keys.every((key) => Object.hasOwn(value, key));
}
