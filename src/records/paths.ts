/**
 * Where the records are. This module sits two levels below the repository
 * root both as source (`src/records/paths.ts`) and in the CLI bundle
 * (`build/cli/rclass.mjs`), so the same relative URL finds the root in both.
 * `RCLASS_REGISTRY_DIR` moves the records (the tests use it to validate a
 * scratch registry without touching the repository's own).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing separator. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The directory of YAML records (SPEC 5). */
export const REGISTRY_DIR = process.env.RCLASS_REGISTRY_DIR ?? path.join(ROOT, 'registry');
