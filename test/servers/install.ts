/**
 * Install the MCP server packages of test/servers (vitest globalSetup of the
 * integration tier; also `npx tsx test/servers/install.ts`): `npm ci
 * --ignore-scripts` there unless its node_modules already holds exactly what
 * package-lock.json locks (test/pinned-install.ts). None of these servers
 * needs an install script (the same packages were `allowScripts: false` in
 * the main package.json).
 */
import path from 'node:path';
import { ensurePinned } from '../pinned-install.ts';
import { SERVERS_DIR } from './paths.ts';

/**
 * Install the server packages when they are missing or stale.
 * @throws Error when npm ci fails; LockTimeoutError when another run's install holds the lock past the deadline
 */
function ensureServers(): Promise<void> {
  return ensurePinned(SERVERS_DIR, 'the MCP server packages the integration tests start');
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
