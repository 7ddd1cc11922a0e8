/**
 * `registry/drafts/`: where `npm run refresh` writes a record with the
 * tools a newer release added (src/scan/drafts.ts). A draft is work in
 * progress, never part of the registry: `npm run check` reads each one with
 * the same validator as a record, so every unclassified tool is reported
 * (`unknown-effect` and `draft-placeholder` name each placeholder), and reports the file itself (`pending-draft`) until
 * it is folded into its record and deleted.
 */
import { existsSync } from 'node:fs';
import { loadRegistryDir } from './read-dir.ts';
import type { Problem } from './problems.ts';
import { sortProblems } from './problems.ts';

/** The drafts folder's name inside a registry folder. */
export const DRAFTS_SUBDIR = 'drafts';

/**
 * Every problem of the drafts in a folder, and one per draft file.
 * @param dir the drafts folder (absent: no problems)
 * @param shownAs how the folder is written in reports, e.g. `registry/drafts`
 * @returns the problems, sorted; empty when the folder is absent or holds no YAML file
 */
export async function checkDraftsDir(dir: string, shownAs: string): Promise<Problem[]> {
  if (!existsSync(dir)) return [];
  const { records, problems } = await loadRegistryDir(dir, shownAs);
  const files = new Set([...records.map((record) => `${shownAs}/${record.id}.yaml`), ...problems.map((problem) => problem.file)]);
  const pending: Problem[] = [...files].map((file) => ({
    file,
    line: 1,
    column: 1,
    severity: 'error',
    check: 'pending-draft',
    message: `a draft written by npm run refresh waits here: classify its added tools, fold them into registry/${file.split('/').at(-1)}, and delete this file`,
  }));
  return sortProblems([...pending, ...problems]);
}
