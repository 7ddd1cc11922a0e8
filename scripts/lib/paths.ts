/**
 * Where the pipeline reads and writes. `RCLASS_REGISTRY_DIR` and
 * `RCLASS_BUILD_DIR` move them (the tests use this to build a scratch
 * registry without touching the repository's own output).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing separator. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The directory of YAML records. */
export const REGISTRY_DIR = process.env.RCLASS_REGISTRY_DIR ?? path.join(ROOT, 'registry');

/** Everything the build emits lives here (`build/`, ignored by git). */
export const BUILD_DIR = process.env.RCLASS_BUILD_DIR ?? path.join(ROOT, 'build');

/** The emitted registry document. */
export const REGISTRY_JSON = path.join(BUILD_DIR, 'registry.json');
