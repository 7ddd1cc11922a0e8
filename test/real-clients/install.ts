/**
 * Install the agents of test/real-clients (vitest globalSetup of the
 * `real-clients` project; also `npx tsx test/real-clients/install.ts`):
 * `npm ci --ignore-scripts` there unless its node_modules already holds
 * exactly what package-lock.json locks (test/pinned-install.ts). Gemini CLI
 * ships one bundled script and needs no install script.
 */
import path from 'node:path';
import { ensurePinned } from '../pinned-install.ts';
import { REAL_CLIENTS_DIR } from './paths.ts';

function ensureClients(): Promise<void> {
  return ensurePinned(REAL_CLIENTS_DIR, 'the agents the real-client tests run');
}

/** vitest globalSetup. */
export default async function setup(): Promise<void> {
  await ensureClients();
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.join(REAL_CLIENTS_DIR, 'install.ts')) {
  ensureClients().catch((error: unknown) => {
    console.error(`test/real-clients: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
