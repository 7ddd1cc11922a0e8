#!/usr/bin/env node
// The `rclass` command. It runs the bundled CLI (build/cli/rclass.mjs, made
// by `npm run build`, and by `npm pack` for the tarball); in a clone where nothing was built
// yet (or with RCLASS_SOURCE=1) it runs the TypeScript source through tsx.
// `rclass hook` runs its own, smaller bundle (build/cli/hook.cjs) through its
// launcher (build/cli/hook-launch.cjs), which keeps V8's code cache for it in
// rclass's state folder: Claude Code starts the hook before every tool call,
// so it loads and compiles only what a decision needs (issue 14).
import { existsSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node >= 22.1 keeps compiled code between runs (module.enableCompileCache, in the
// operating system's temporary folder by default); older Node has no such function
// and runs the same, only slower. Nothing depends on it.
try {
  module.enableCompileCache?.();
} catch {
  // A cache folder that cannot be made only costs speed.
}

const hook = process.argv[2] === 'hook';
const built = (name) => fileURLToPath(new URL(`../build/cli/${name}`, import.meta.url));
let cli;
if (process.env.RCLASS_SOURCE !== '1' && hook && existsSync(built('hook-launch.cjs'))) {
  const { launchHook } = createRequire(import.meta.url)('../build/cli/hook-launch.cjs');
  cli = { main: () => launchHook(built('hook.cjs')) };
} else if (process.env.RCLASS_SOURCE !== '1' && existsSync(built('rclass.mjs'))) {
  cli = await import(new URL('../build/cli/rclass.mjs', import.meta.url).href);
} else {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    process.stderr.write(
      'rclass: the CLI bundle `build/cli/rclass.mjs` is missing and tsx is not installed; run `npm ci && npm run build` in a clone of the repository\n',
    );
    process.exit(3);
  }
  cli = await import(new URL(hook ? '../src/cli/hook-main.ts' : '../src/cli/main.ts', import.meta.url).href);
}
try {
  await cli.main();
} catch (error) {
  if (!hook) throw error;
  // The hook could not even start (a missing or broken bundle): it decides nothing, so it blocks. Exit 2 is
  // a blocking error, which stops a PreToolUse call, in Claude Code's hooks reference
  // (https://code.claude.com/docs/en/hooks, "Exit code 2"); any other failure exit would let the call run.
  process.stderr.write(
    `rclass: the hook could not start (${error instanceof Error ? error.message : String(error)}); the call is blocked rather than let through\n`,
  );
  process.exit(2);
}
