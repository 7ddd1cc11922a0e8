/**
 * `npm run evidence`: confirm online that every tool's evidence citation
 * points at its name, at the cited commit or in the pinned npm package
 * version, and that its stored excerpt is what the cited lines say (SPEC
 * 5.1, 5.2). See `scripts/evidence/run.ts` for settings. Exit 0 when every
 * citation is good, 1 when any is broken, 3 when the check could not finish.
 *
 * `npm run evidence -- --write-excerpts` reads the same sources and writes
 * each citation's excerpt into its record instead of checking the stored
 * one (scripts/evidence/write-excerpts.ts); the other problems are reported
 * as usual. Rerunning it changes nothing when the excerpts are current.
 */
import path from 'node:path';
import type { Visit } from './evidence/content.ts';
import { runEvidence } from './evidence/run.ts';
import { type ExcerptEdit, excerptEdit, writeExcerpts } from './evidence/write-excerpts.ts';
import { ROOT } from './lib/paths.ts';

const writing = process.argv.includes('--write-excerpts');
const edits = new Map<string, ExcerptEdit[]>();
let unread = 0;
const visit: Visit = (citation, lines, found) => {
  const edit = excerptEdit(citation, lines, found);
  if (edit === undefined) {
    unread += 1;
    return;
  }
  const file = path.resolve(ROOT, citation.file);
  edits.set(file, [...(edits.get(file) ?? []), edit]);
};

const report = await runEvidence(process.env, writing ? visit : undefined);
for (const line of report.stdout) console.log(line);
for (const line of report.stderr) console.error(line);
process.exitCode = report.exitCode;
if (writing) {
  const { changed, failed } = await writeExcerpts(edits);
  for (const line of failed) console.error(`excerpts not written: ${line}`);
  if (failed.length > 0) process.exitCode = 1;
  const count = [...edits.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `excerpts: ${count} citations read, ${changed.length} record file${changed.length === 1 ? '' : 's'} updated${unread > 0 ? `; ${unread} cited lines past the end of their file, not written` : ''}`,
  );
}
