import { configDefaults, defineConfig } from 'vitest/config';
import WaitFirstSequencer from './test/sequencer.ts';
import { CEDAR_TESTS, DEADLINE_TESTS, INTEGRATION_TESTS, REAL_CLIENT_TESTS, SITE_TESTS, TEST_GLOB } from './test/tiers.ts';

/**
 * The vitest side of the test tiers (test/tiers.ts says which file goes
 * where, and why):
 * - `unit`: pure, in this process (`npm run test:quick`, `npm run test:unit`);
 * - `integration`, `integration-deadlines` and `integration-cedar`: child
 *   processes, real servers and engines; the server packages they start are
 *   installed into test/servers first (test/servers/install.ts), the files
 *   whose processes answer within a deadline run on their own (see
 *   DEADLINE_TESTS), and the Cedar files run with `--no-opt` (see
 *   CEDAR_TESTS);
 * - `site`: checks of the built site; with Playwright (e2e/) the site tier;
 * - `real-clients`: real agents from npm (test/real-clients, installed
 *   first by test/real-clients/install.ts) against a stand-in for their
 *   model's API; run by `npm run test:crawl`, not `npm test`.
 * `npx vitest run` runs every project; `--project NAME` picks one.
 */
const NOT_UNIT = [...INTEGRATION_TESTS, ...CEDAR_TESTS, ...SITE_TESTS, ...REAL_CLIENT_TESTS];

/** Files of the integration tier run at once (see that project). */
const INTEGRATION_WORKERS = 3;

// Reads and validates registry/ once per run for every file that needs it (test/loaded-registry.ts).
const REGISTRY_SETUP = 'test/registry-setup.ts';
// One temporary folder per run, set as TMPDIR for every worker and child process, removed at the end (test/temp-root.ts).
const TEMP_ROOT = 'test/temp-root.ts';
// One package folder per run with a fresh bundle of the source, for the tests that run the CLI as a child (test/cli-package-setup.ts).
const CLI_PACKAGE = 'test/cli-package-setup.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: one worker on the
    // 2-core machines this runs on, so every file waited for the previous
    // one, including the ones that mostly wait on their child processes or
    // on a deadline. Two workers: unit 28 → 19 s, integration 107 → 89 s
    // there (single runs on a noisy machine; measure with
    // `npm run bench:tests`).
    maxWorkers: 2,
    // The integration files that mostly wait start first (test/tiers.ts WAIT_FIRST; issue 30).
    sequence: { sequencer: WaitFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [TEST_GLOB],
          exclude: [...configDefaults.exclude, ...NOT_UNIT],
          setupFiles: ['test/unit-setup.ts'],
          globalSetup: [TEMP_ROOT, REGISTRY_SETUP],
          // Each worker imports the source modules once and runs its files one after another in them,
          // instead of a fresh process per file that imports them all again. The unit tier (2,067
          // tests) took 651 s wall and 150 s of CPU isolated, 165 s and 47 s not, on a loaded
          // machine (issue 30), every file passing both ways. Unit files start nothing (test/tiers.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [...INTEGRATION_TESTS],
          exclude: [...configDefaults.exclude, ...DEADLINE_TESTS],
          globalSetup: [TEMP_ROOT, 'test/servers/install.ts', REGISTRY_SETUP, CLI_PACKAGE],
          // Three files at once, alone on the machine: files that mostly wait (pack-install's npm installs, 90 s;
          // npx-cache; readme-run) left a core idle at two, 279 s wall at 89% of both cores on a fresh clone;
          // three took 245 s at 97%, every file passing (quiet 2-core machine, issue 30). Four, beside the browser
          // tests, took 822 s and pushed the processor-bound files past their limits: never beside Playwright.
          // vitest runs projects of a different worker count as their own group (`sequence.groupOrder`).
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      // Integration files whose processes answer within a deadline: two at once, with the processor-bound
      // projects, never beside the browser tests (DEADLINE_TESTS).
      {
        extends: true,
        test: {
          name: 'integration-deadlines',
          include: [...DEADLINE_TESTS],
          globalSetup: [TEMP_ROOT, 'test/servers/install.ts', REGISTRY_SETUP, CLI_PACKAGE],
        },
      },
      // CLI_PACKAGE: test/cli/cedar-output.test.ts runs the run's package folder (made once per run, shared with the other projects).
      {
        extends: true,
        test: { name: 'integration-cedar', include: [...CEDAR_TESTS], execArgv: ['--no-opt'], globalSetup: [TEMP_ROOT, REGISTRY_SETUP, CLI_PACKAGE] },
      },
      { extends: true, test: { name: 'site', include: [...SITE_TESTS], globalSetup: [TEMP_ROOT] } },
      {
        extends: true,
        test: {
          name: 'real-clients',
          include: [...REAL_CLIENT_TESTS],
          globalSetup: [TEMP_ROOT, 'test/servers/install.ts', 'test/real-clients/install.ts', REGISTRY_SETUP],
        },
      },
    ],
  },
});
