#!/usr/bin/env node
// `rclass hook` as the generated hook settings start it (`rclass policy --format
// claude-hook` and the other agents' hook formats): the same as `bin/rclass.mjs hook`,
// from a CommonJS file, because Node 20 spends about 5 ms of CPU more starting an
// ES module than a CommonJS script, a quarter of a whole `node -e 0` (issue 14,
// bench/hook.ts). It runs the hook's bundle through its launcher, which keeps V8's
// code cache (src/cli/hook-launch.ts). Anything else, a clone where nothing was built,
// or RCLASS_SOURCE=1 goes to bin/rclass.mjs.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const built = path.join(__dirname, '..', 'build', 'cli');
const launcher = path.join(built, 'hook-launch.cjs');
const bundle = path.join(built, 'hook.cjs');

/** The hook could not start: it decides nothing, so it blocks (exit 2, as bin/rclass.mjs does). */
function cannotStart(error) {
  process.stderr.write(
    `rclass: the hook could not start (${error instanceof Error ? error.message : String(error)}); the call is blocked rather than let through\n`,
  );
  process.exit(2);
}

if (process.env.RCLASS_SOURCE !== '1' && process.argv[2] === 'hook' && existsSync(launcher) && existsSync(bundle)) {
  try {
    require(launcher).launchHook(bundle).catch(cannotStart);
  } catch (error) {
    cannotStart(error);
  }
} else {
  import('./rclass.mjs').catch(cannotStart);
}
