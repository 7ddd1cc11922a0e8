/**
 * Tool definitions that depend on where the server runs: a server that
 * writes its working folder (or HOME, or TMPDIR) into a description lists a
 * different definition on every machine, so no fingerprint can describe it
 * (SPEC 5.2.1); the refresh records such a tool without one.
 */
import { realpathSync } from 'node:fs';
import type { LiveTool } from '../scan/list-tools.ts';

/**
 * Whether a listed tool's definition names the run's scratch folder (its
 * working folder, HOME or TMPDIR, all inside it): such a definition depends
 * on where the server runs, so no fingerprint can describe it (SPEC 5.2.1).
 */
export function namesScratch(tool: LiveTool, scratch: string): boolean {
  const text = JSON.stringify(tool.definition ?? {});
  let real = scratch;
  try {
    real = realpathSync(scratch);
  } catch {
    // The scratch folder is there while the run's tools are read; if not, its own name is all there is to look for.
  }
  return text.includes(scratch) || text.includes(real);
}
