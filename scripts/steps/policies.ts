/**
 * Build step: the ready-made policies for the whole registry (SPEC 8),
 * written under `build/policies/` with each target's default thresholds.
 * The site's downloads page lists every file in that folder; the files and
 * their descriptions come from `policyFiles` in `src/export/index.ts`.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RegistryDocument } from '../../src/core/record.ts';
import { policyFiles } from '../../src/export/index.ts';
import { writeAtomic } from '../../src/node/write-atomic.ts';
import { BUILD_DIR } from '../lib/paths.ts';

/** The folder the policies are written to: `policies/` under the build folder (`RCLASS_BUILD_DIR` moves it). */
export const POLICIES_DIR = path.join(BUILD_DIR, 'policies');

async function generator(): Promise<string> {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string };
  return `rclass ${pkg.version}`;
}

/**
 * Write every policy format for the whole registry; files from an earlier
 * build that are no longer produced are removed, so the folder holds
 * exactly the current set.
 * @returns the files written
 */
export async function writePolicies(document: RegistryDocument): Promise<string[]> {
  const files = policyFiles(document, await generator());
  const wanted = new Set(files.map((file) => file.file));
  try {
    for (const name of await readdir(POLICIES_DIR)) if (!wanted.has(name)) await rm(path.join(POLICIES_DIR, name), { recursive: true, force: true });
  } catch {
    // No folder yet.
  }
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(POLICIES_DIR, file.file);
    await writeAtomic(target, file.content);
    written.push(target);
  }
  return written;
}
