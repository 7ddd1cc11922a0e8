/** Where the pipeline reads and writes, relative to the repository root. */
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Everything the build emits lives under `build/` (ignored by git). */
export const BUILD_DIR = fileURLToPath(new URL('../../build/', import.meta.url));

/** The emitted registry document. */
export const REGISTRY_JSON = fileURLToPath(new URL('../../build/registry.json', import.meta.url));
