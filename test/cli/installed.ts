/**
 * A package folder laid out as npm installs this package, with a fresh
 * bundle of the current source (test/cli/package-folder.ts), made for one
 * test file: for the files that damage or inspect their own copy.
 * Child-process tests that only run the CLI use the run's shared folder
 * instead (test/cli/tested-bin.ts).
 */
import { registryDocument } from '../export/registry.ts';
import { tempDir } from './harness.ts';
import { writePackageFolder } from './package-folder.ts';

/**
 * Make the folder (the registry is `build/registry.json` when built, else assembled from `registry/`).
 * @returns its absolute path
 */
export async function installedPackage(): Promise<string> {
  const installed = tempDir();
  await writePackageFolder(installed, registryDocument);
  return installed;
}
