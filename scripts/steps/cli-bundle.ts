/**
 * Build step: bundle the `rclass` CLI into one ES module under build/cli/.
 * Filled in with the CLI.
 */

/** Bundle the CLI; returns the bundle's path, or undefined when there is nothing to bundle yet. */
export async function bundleCli(): Promise<string | undefined> {
  return undefined;
}
