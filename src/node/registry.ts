/**
 * Loading the registry the CLI classifies against (SPEC 5.8).
 *
 * - By default, the document the build emits next to the package,
 *   `build/registry.json` (validated by the build).
 * - In a clone where nothing was built yet, the YAML records under
 *   `registry/`, validated and assembled by the build's own code.
 * - With `--registry FILE`, a registry document of the user's own (for
 *   private records), validated against `schema/registry.schema.json`
 *   before use.
 */
// Synchronous reads: the hook loads this module for every MCP call, and node:fs/promises cost it about 1 ms (issue 14).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Registry } from '../core/registry.ts';
import type { RegistryDocument } from '../core/record.ts';
import { BUNDLED_REGISTRY, PACKAGE_ROOT, REGISTRY_INDEX, SCHEMA_DIR } from './package-paths.ts';
import { type IndexedRegistry, loadRegistryIndex } from './registry-index.ts';
import { messageOf } from '../core/errors.ts';

/** The registry could not be loaded; the message says which and why. */
class RegistryError extends Error {
  override name = 'RegistryError';
}

/** Registry documents larger than this are refused (bytes). */
const MAX_REGISTRY_BYTES = 64 * 1024 * 1024;

async function readJson(file: string, shown: string): Promise<unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RegistryError(code === 'ENOENT' ? `no such registry file \`${shown}\`` : `cannot read the registry \`${shown}\`: ${code ?? 'unknown error'}`);
  }
  if (text.length > MAX_REGISTRY_BYTES) throw new RegistryError(`the registry \`${shown}\` is larger than ${MAX_REGISTRY_BYTES} bytes`);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new RegistryError(`the registry \`${shown}\` is not JSON: ${messageOf(error)}`);
  }
}

/**
 * A function that runs `make` on its first call and hands every later call the same promise, so this process does the
 * work once; a rejected promise is forgotten, so the next call tries again (the registry loads below).
 * @param make the work, e.g. compiling a schema or assembling `registry/`
 * @returns the caching function; it rejects exactly as `make` did
 */
function onceUntilFailure<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= make().catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };
}

/** A compiled validator of `schema/registry.schema.json`: true when the document is valid, else false with its errors. */
type RegistryValidator = ((document: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };

/** Compile {@link RegistryValidator} from the package's two schema files. */
async function compileRegistrySchema(): Promise<RegistryValidator> {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const formats = await import('ajv-formats');
  const addFormats = ((formats as unknown as { default?: unknown }).default ?? formats) as (ajv: InstanceType<typeof Ajv2020>) => unknown;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const record = (await readJson(path.join(SCHEMA_DIR, 'record.schema.json'), 'schema/record.schema.json')) as Record<string, unknown>;
  const registry = (await readJson(path.join(SCHEMA_DIR, 'registry.schema.json'), 'schema/registry.schema.json')) as Record<string, unknown>;
  ajv.addSchema(record);
  return ajv.compile(registry);
}

/**
 * The validator, compiled once per process: compiling the two schemas cost
 * about 0.08 processor-seconds each time a registry file was loaded, and a
 * process that loads several (the test suite runs the CLI in-process many
 * times) paid it for each (issue 30). A failed compile is not kept.
 */
const registryValidator = onceUntilFailure(compileRegistrySchema);

/**
 * Check a document against `schema/registry.schema.json` (and the record
 * schema it refers to).
 * @throws RegistryError listing up to five violations
 */
async function validateRegistryDocument(document: unknown, shown: string): Promise<RegistryDocument> {
  const validate = await registryValidator();
  if (!validate(document)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
    throw new RegistryError(`the registry \`${shown}\` does not match schema/registry.schema.json: ${errors.join('; ')}`);
  }
  return document as RegistryDocument;
}

/**
 * In a clone where nothing was built: validate and assemble the records
 * under `registry/` with the build's own code (SPEC 5.8, 5.9). Done once per
 * process, as a build is read once: reading and validating every record
 * takes seconds (228 records), which every in-process call of the hook paid
 * again in `npm run test:quick` on a clone without a build, until the hook's
 * 8 s watchdog answered R4 for them on a loaded machine. A failed attempt is
 * not kept, so the next call tries again.
 * @returns the document, or undefined when this is not a clone (no `registry/` folder next to the package)
 * @throws RegistryError when any record has a problem
 */
export const registryFromSources: () => Promise<RegistryDocument | undefined> = onceUntilFailure(assembleSources);

/** Read, validate and assemble `registry/` ({@link registryFromSources}). */
async function assembleSources(): Promise<RegistryDocument | undefined> {
  if (!existsSync(path.join(PACKAGE_ROOT, 'registry'))) return undefined;
  // The records' YAML reader and validator are loaded only in a clone without a build.
  const { loadRegistryDir } = await import('../records/read-dir.ts');
  const { assembleRegistry } = await import('../records/assemble.ts');
  const { records, problems } = await loadRegistryDir();
  if (problems.length > 0) throw new RegistryError(`the records under \`registry/\` have ${problems.length} problems; run \`npm run check\``);
  return assembleRegistry(records);
}

/**
 * Load the registry.
 * @param file `--registry FILE`, resolved against `cwd`; the bundled registry when undefined
 * @throws RegistryError when the document is missing, unreadable, not JSON or invalid
 */
export async function loadRegistry(file: string | undefined, cwd: string): Promise<Registry> {
  try {
    if (file !== undefined) {
      const document = await validateRegistryDocument(await readJson(path.resolve(cwd, file), file), file);
      return Registry.fromDocument(document);
    }
    if (existsSync(BUNDLED_REGISTRY)) return Registry.fromDocument((await readJson(BUNDLED_REGISTRY, 'build/registry.json')) as RegistryDocument);
    const assembled = await registryFromSources();
    if (assembled !== undefined) return Registry.fromDocument(assembled);
    throw new RegistryError('the bundled registry `build/registry.json` is missing; run `npm run build` in the package');
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    throw new RegistryError(`cannot load the registry: ${messageOf(error)}`);
  }
}

/**
 * Load the registry for classifying single calls (the hook): through the
 * build's index (`build/registry-index/`, one small file and the record a
 * call needs) when there is one and no `--registry FILE` was given, else the
 * whole document as {@link loadRegistry} loads it.
 * @throws RegistryError when neither can be loaded
 */
export async function loadRegistryForCalls(file: string | undefined, cwd: string): Promise<IndexedRegistry> {
  if (file === undefined) {
    let indexed: IndexedRegistry | undefined;
    try {
      indexed = await loadRegistryIndex(REGISTRY_INDEX);
    } catch (error) {
      throw new RegistryError(messageOf(error));
    }
    if (indexed !== undefined) {
      return {
        identities: indexed.identities,
        identityRecords: () => indexed.identityRecords(),
        record: async (id) => {
          try {
            return await indexed.record(id);
          } catch (error) {
            throw new RegistryError(messageOf(error));
          }
        },
      };
    }
  }
  const full = await loadRegistry(file, cwd);
  return { identities: full, identityRecords: () => full.document.servers, record: async () => full };
}

/** The package's version from its `package.json`, e.g. `0.1.0`; `unknown` if it cannot be read. */
export async function packageVersion(): Promise<string> {
  try {
    const pkg = (await readJson(path.join(PACKAGE_ROOT, 'package.json'), 'package.json')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
