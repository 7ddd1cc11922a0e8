/**
 * Where the pipeline reads and writes. `RCLASS_REGISTRY_DIR` and
 * `RCLASS_BUILD_DIR` move them (the tests use this to build a scratch
 * registry without touching the repository's own output). The records'
 * own location comes from `src/records/paths.ts`.
 */
import path from 'node:path';
import { ROOT } from '../../src/records/paths.ts';

export { REGISTRY_DIR, ROOT } from '../../src/records/paths.ts';

/** Everything the build emits lives here (`build/`, ignored by git). */
export const BUILD_DIR = process.env.RCLASS_BUILD_DIR ?? path.join(ROOT, 'build');

/** The emitted registry document. */
export const REGISTRY_JSON = path.join(BUILD_DIR, 'registry.json');
