/**
 * Whether a resumed catalogue run keeps the last report's failure of a
 * package instead of installing it again (issue 25 item 4): only when
 * trying again would meet the same release under deadlines no longer than
 * before. Pure.
 */
import { failureCause } from '../../records/catalogue/store.ts';
import type { CatalogueFailure } from '../../records/catalogue/types.ts';

/** The deadline, in seconds, a reason names (`did not finish within 300 s`, `did not answer initialize within 45 s`). */
function deadlineSeconds(reason: string): number | undefined {
  const match = /within (\d+(?:\.\d+)?) s\b/.exec(reason);
  return match === null ? undefined : Number(match[1]);
}

/**
 * Keep `known` for a package whose newest release is `version`?
 * @param version the registry's `latest`, or undefined when the registry could not be read
 * @param deadlines this run's install and start deadlines, in milliseconds
 * @returns false when the release differs from the one that failed, or when the failure was a deadline shorter than
 *   this run's for the same step; true otherwise, including a failure from a report that named no version
 */
export function keepsKnownFailure(known: CatalogueFailure, version: string | undefined, deadlines: { installMs: number; listMs: number }): boolean {
  if (known.version !== undefined && known.version !== version) return false;
  const cause = failureCause(known);
  const seconds = deadlineSeconds(known.reason);
  if (seconds === undefined) return true;
  if (cause === 'install over its deadline') return seconds * 1000 >= deadlines.installMs;
  if (cause === 'no answer in time' || /did not answer/.test(known.reason)) return seconds * 1000 >= deadlines.listMs;
  return true;
}
