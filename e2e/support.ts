/**
 * Shared helpers of the end-to-end tests: where the built sites are, the
 * registry they were built from and the browser flags.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RegistryDocument } from '../src/core/record.ts';

/** Repository root (the tests run from it). */
export const ROOT = process.cwd();

/** The root-served build and its local address; `SITE_DIR` overrides the folder. */
export const SITE_DIR = process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : join(ROOT, 'build/site');
export const ROOT_URL = 'http://127.0.0.1:4321/';

export const BASE_PATH = '/reversibility-classes/';
export const BASE_URL = `http://127.0.0.1:4322${BASE_PATH}`;

/** Where the e2e run writes its screenshots. */
export const SCREENSHOT_DIR = join(ROOT, 'build/screenshots');

/** Chromium flags for Debian's Chromium in a container. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The registry document the site was built from. */
export function readRegistry(dir = SITE_DIR): RegistryDocument {
  return JSON.parse(readFileSync(join(dir, 'registry.json'), 'utf8')) as RegistryDocument;
}
