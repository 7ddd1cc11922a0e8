/**
 * Where the MCP server packages the integration tests start are installed:
 * this folder's own node_modules (its package.json and package-lock.json
 * pin them), kept out of the main `npm ci`. test/servers/install.ts
 * installs them before the integration tier runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/servers: its package.json, lockfile and node_modules. */
export const SERVERS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** test/servers/node_modules. */
export const SERVERS_MODULES = path.join(SERVERS_DIR, 'node_modules');
