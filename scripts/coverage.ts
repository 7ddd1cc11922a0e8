/**
 * `npm run coverage`: rank the MCP server packages of the committed package
 * lists by use and write `docs/coverage/npm.md` and `pypi.md` with the
 * record of each, or why not yet (issue 24, src/refresh/coverage/).
 * `npm run refresh` runs it too. Exit 0 written (or, with --check, current),
 * 1 --check found a stale file, 2 usage error, 3 an input could not be read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { messageOf } from '../src/core/errors.ts';
import { COVERAGE_DIR, coverageDocuments } from '../src/refresh/coverage/documents.ts';
import { extractCandidates, extractJson, extractLongTail } from '../src/refresh/coverage/extract.ts';
import { CATALOGUE_LONG_TAIL } from '../src/records/catalogue/store.ts';
import { ROOT } from './lib/paths.ts';

const USAGE = `usage: npm run coverage -- [--check] [--extract-from DIR --date YYYY-MM-DD]

Writes docs/coverage/npm.md and pypi.md from docs/coverage/packages.json,
docs/coverage/overrides.yaml and registry/, and prints how many of the top
100 npm and top 60 PyPI MCP server packages have a record.

  --check               write nothing; exit 1 when a committed file differs
  --extract-from DIR    first replace docs/coverage/packages.json with the MCP
                        candidates of DIR/npm.tsv and DIR/pypi.tsv (package
                        lists: name, version, downloads_a_month, summary; and
                        name, version, month, rank_among_15000_most_downloaded,
                        summary), and catalogue/long-tail.json with the npm
                        ones below its floor (only npm run catalogue reads it)
  --date YYYY-MM-DD     the day those lists were taken (with --extract-from)`;

let values: { check?: boolean; 'extract-from'?: string; date?: string; help?: boolean };
try {
  values = parseArgs({
    options: { check: { type: 'boolean' }, 'extract-from': { type: 'string' }, date: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  }).values;
} catch (error) {
  process.stderr.write(`${messageOf(error)}\n${USAGE}\n`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const from = values['extract-from'];
if ((from === undefined) !== (values.date === undefined) || (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
  process.stderr.write(`--extract-from and --date (YYYY-MM-DD) go together\n${USAGE}\n`);
  process.exit(2);
}

try {
  if (from !== undefined) {
    const extract = extractCandidates(readFileSync(path.join(from, 'npm.tsv'), 'utf8'), readFileSync(path.join(from, 'pypi.tsv'), 'utf8'), values.date!);
    writeFileSync(path.join(ROOT, COVERAGE_DIR, 'packages.json'), extractJson(extract));
    writeFileSync(path.join(ROOT, CATALOGUE_LONG_TAIL), extractJson(extractLongTail(readFileSync(path.join(from, 'npm.tsv'), 'utf8'), values.date!)));
  }
  const { files, figures } = coverageDocuments(ROOT);
  let stale = 0;
  for (const [file, text] of files) {
    const absolute = path.join(ROOT, file);
    if (values.check) {
      let current: string | undefined;
      try {
        current = readFileSync(absolute, 'utf8');
      } catch {
        current = undefined;
      }
      if (current !== text) {
        stale += 1;
        process.stderr.write(`${file} is not what npm run coverage writes; run it and commit the result\n`);
      }
    } else writeFileSync(absolute, text);
  }
  for (const line of figures) process.stdout.write(`${line}\n`);
  process.exitCode = stale > 0 ? 1 : 0;
} catch (error) {
  process.stderr.write(`coverage: ${messageOf(error)}\n`);
  process.exitCode = 3;
}
