/**
 * `npm run gen:types`: write `src/core/record-schema.generated.ts`, the
 * TypeScript types of a record as `schema/record.schema.json` describes it
 * (SPEC 5), with json-schema-to-typescript. The schema is the authority;
 * `test/pipeline/generated-types.test.ts` fails when the committed file is
 * stale. Run it after every change to the schema.
 * `npm run gen:types -- --check` exits 1 instead of writing when stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileFromFile } from 'json-schema-to-typescript';
import { ROOT } from './lib/paths.ts';

/** The schema the types come from, and the file they go to. */
export const SCHEMA_FILE = path.join(ROOT, 'schema', 'record.schema.json');
export const TYPES_FILE = path.join(ROOT, 'src', 'core', 'record-schema.generated.ts');

const BANNER = `/**
 * Generated from schema/record.schema.json by \`npm run gen:types\`
 * (json-schema-to-typescript). DO NOT EDIT: change the schema and run it
 * again. The classifier still uses its hand-written types in \`record.ts\`.
 */`;

/** The generated file's text. */
export async function recordTypes(): Promise<string> {
  return compileFromFile(SCHEMA_FILE, { bannerComment: BANNER, cwd: path.dirname(SCHEMA_FILE), unreachableDefinitions: true, strictIndexSignatures: true });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const text = await recordTypes();
  if (process.argv.includes('--check')) {
    const current = await readFile(TYPES_FILE, 'utf8').catch(() => '');
    if (current !== text) {
      console.log(`${path.relative(ROOT, TYPES_FILE)} is stale; run \`npm run gen:types\``);
      process.exitCode = 1;
    }
  } else {
    await writeFile(TYPES_FILE, text);
    console.log(`wrote ${path.relative(ROOT, TYPES_FILE)}`);
  }
}
