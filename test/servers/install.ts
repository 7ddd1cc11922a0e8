/**
 * Install the MCP server packages of test/servers (vitest globalSetup of the
 * integration tier; also `npx tsx test/servers/install.ts`, which
 * `npm test` runs alongside the build): the core set that `npm test` starts
 * (`npm ci --ignore-scripts --omit=dev`), or every pinned server with
 * `RCLASS_CRAWL=1` (the crawl tier) or when this run starts a crawl-only
 * one (a changed record's fixture): test/servers/sets.ts. Nothing is
 * installed when node_modules already holds what package-lock.json locks
 * (test/pinned-install.ts). None of these servers needs an install script
 * (the same packages were `allowScripts: false` in the main package.json).
 */
import path from 'node:path';
import { ensurePinned } from '../pinned-install.ts';
import { CRAWL, changedRecordIds } from '../site/sample.ts';
import { SERVERS_DIR } from './paths.ts';
import { readPinnedServers, serverSetFor } from './sets.ts';

/**
 * Install the server packages this run needs when they are missing or stale.
 * @throws Error when a server a test starts is not pinned or npm ci fails; LockTimeoutError when another run's install holds the lock past the deadline
 */
function ensureServers(): Promise<void> {
  const set = serverSetFor(readPinnedServers(), changedRecordIds(), CRAWL);
  if (set.every) console.log(`test/servers: every pinned server: ${set.why}`);
  return ensurePinned(SERVERS_DIR, set.every ? 'every pinned MCP server package' : 'the MCP server packages npm test starts', !set.every);
}

/** vitest globalSetup. */
export default async function setup(): Promise<void> {
  await ensureServers();
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.join(SERVERS_DIR, 'install.ts')) {
  ensureServers().catch((error: unknown) => {
    console.error(`test/servers: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
