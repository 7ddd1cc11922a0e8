/**
 * A folder where `npx -y PACKAGE` (what MCP clients run) finds PACKAGE as a
 * local install, without the network: `node_modules/PACKAGE` links to the
 * copy installed in test/servers (test/servers/install.ts) and
 * `node_modules/.bin` holds its bins, as `npm install PACKAGE` lays them out.
 *
 * Why not run npx in test/servers itself: npx reads the whole installed tree
 * of the folder it runs in (npm's arborist, every package.json of the 887
 * packages there) before it starts anything. One `npx -y
 * @modelcontextprotocol/server-memory` cost 9.0 processor-seconds started in
 * test/servers and 2.4 in a folder holding only that package (issue 30). npx
 * still resolves the package as a local install, so what the test pins (the
 * launcher a client writes, the server's own code and tools) is unchanged.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVERS_MODULES } from './servers/paths.ts';

/** This test file's folders, by the packages they hold. */
const made = new Map<string, string>();

/**
 * The folder holding `packages`, made on the first call in this test file (in the run's temporary folder, test/temp-root.ts).
 * @param packages npm package names installed in test/servers (`@modelcontextprotocol/server-memory`)
 * @returns the folder's absolute path, to run `npx -y PACKAGE` in
 * @throws when a package is not installed in test/servers (its package.json cannot be read)
 */
export function npxProject(packages: readonly string[]): string {
  const key = [...packages].sort().join(' ');
  const known = made.get(key);
  if (known !== undefined) return known;
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-npx-project-'));
  const bins = path.join(dir, 'node_modules', '.bin');
  mkdirSync(bins, { recursive: true });
  for (const name of packages) {
    const installed = path.join(SERVERS_MODULES, ...name.split('/'));
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
    const linked = path.join(dir, 'node_modules', ...name.split('/'));
    mkdirSync(path.dirname(linked), { recursive: true });
    symlinkSync(installed, linked, 'dir');
    const declared = typeof manifest.bin === 'string' ? { [name.split('/').pop()!]: manifest.bin } : (manifest.bin ?? {});
    for (const [bin, file] of Object.entries(declared)) symlinkSync(path.relative(bins, path.join(linked, file)), path.join(bins, bin));
  }
  made.set(key, dir);
  return dir;
}
