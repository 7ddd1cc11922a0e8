/**
 * Where the agents the real-client tests run are installed: this folder's
 * own node_modules (its package.json and package-lock.json pin them), kept
 * out of the main `npm ci` and of the integration tier.
 * test/real-clients/install.ts installs them before those tests run.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/real-clients: its package.json, lockfile and node_modules. */
export const REAL_CLIENTS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Gemini CLI's entry script (package.json `bin.gemini` of @google/gemini-cli). */
export const GEMINI_CLI = path.join(REAL_CLIENTS_DIR, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js');
