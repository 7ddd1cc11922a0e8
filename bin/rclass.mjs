#!/usr/bin/env node
// The `rclass` command. It runs the bundled CLI (build/cli/rclass.mjs, made
// by `npm install` or `npm run build`); in a clone where nothing was built
// yet (or with RCLASS_SOURCE=1) it runs the TypeScript source through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../build/cli/rclass.mjs', import.meta.url);
let cli;
if (process.env.RCLASS_SOURCE !== '1' && existsSync(fileURLToPath(bundle))) {
  cli = await import(bundle.href);
} else {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    process.stderr.write('rclass: the CLI bundle `build/cli/rclass.mjs` is missing and tsx is not installed; run `npm install` or `npm run build` in the package\n');
    process.exit(3);
  }
  cli = await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
await cli.main();
