/**
 * Shared helpers of the end-to-end tests: where the built sites are, the
 * registry they were built from and the browser flags.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import type { RegistryDocument } from '../src/core/record.ts';

/** Repository root (the tests run from it). */
export const ROOT = process.cwd();

/** The root-served build and its local address; `SITE_DIR` overrides the folder. */
export const SITE_DIR = process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : join(ROOT, 'build/site');
/**
 * The two local ports the e2e run serves on: `E2E_PORT` (default 4321) for the
 * root-served site and the next one for the base-path copy. Outside CI
 * Playwright reuses a server already listening there, so two checkouts on one
 * machine must each set their own `E2E_PORT` or they test each other's site.
 */
export const ROOT_PORT = Number(process.env.E2E_PORT ?? 4321);
export const BASE_PORT = ROOT_PORT + 1;
export const ROOT_URL = `http://127.0.0.1:${ROOT_PORT}/`;

export const BASE_PATH = '/reversibility-classes/';
export const BASE_URL = `http://127.0.0.1:${BASE_PORT}${BASE_PATH}`;

/** Where the e2e run writes its screenshots. */
export const SCREENSHOT_DIR = join(ROOT, 'build/screenshots');

/**
 * The browser the tests drive: `CHROMIUM_PATH` when set, else Debian's
 * headless shell (`apt-get install chromium-headless-shell`: the same
 * Chromium source and version as Debian's `chromium`, built as the headless
 * shell Playwright itself runs for headless tests), else Debian's `chromium`.
 * The shell is the cheaper one: visiting /servers/github/ in a new context
 * took 0.27 CPU-s against 1.05 in `chromium`'s own headless mode (twenty
 * visits, Chromium 156, this 2-core machine), so `.ci/run` and the workflows
 * install it.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

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

const registries = new Map<string, RegistryDocument>();

/**
 * The registry document the site was built from, parsed once per process
 * (Playwright loads each spec file in its runner and in every worker that
 * runs one of its tests, and most spec files read the 6 MB document when
 * they load: issue 30). Callers only read it.
 */
export function readRegistry(dir = SITE_DIR): RegistryDocument {
  let registry = registries.get(dir);
  if (registry === undefined) {
    registry = JSON.parse(readFileSync(join(dir, 'registry.json'), 'utf8')) as RegistryDocument;
    registries.set(dir, registry);
  }
  return registry;
}

/**
 * Type `text` into the header's search box on the home page, key by key as a visitor does, and wait until the
 * suggestion list answers that text (its `data-query`): while the letters are typed it shows each shorter prefix's.
 */
export async function typeInHeader(page: Page, text: string): Promise<void> {
  await page.goto('./');
  const input = page.locator('#header-q');
  await input.click();
  await input.pressSequentially(text);
  await expect(page.locator('#header-q-list')).toHaveAttribute('data-query', text);
}
