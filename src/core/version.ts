/**
 * Release gating (SPEC 5.3): a record's argument rules were checked against
 * `server.min_version`. A call to an older release, or to a release whose
 * version cannot be read, is classified without them.
 */
import coerce from 'semver/functions/coerce.js';
import gte from 'semver/functions/gte.js';

/**
 * What is known of the release a call goes to:
 * - `undefined`: unpinned, which counts as the newest release;
 * - `null`: pinned, but the version could not be read;
 * - a string: the pinned version, e.g. `"0.21.0"` or `"v1.2"`.
 */
export type ServerVersion = string | null | undefined;

/**
 * Whether the record's lowering rules apply to a call to `version`.
 * @param minVersion the record's `server.min_version`, if any
 * @returns true when there is no minimum, the release is unpinned, or it is at or above the minimum
 */
export function rulesApplyTo(minVersion: string | undefined, version: ServerVersion): boolean {
  if (minVersion === undefined || version === undefined) return true;
  if (version === null) return false;
  const have = coerce(version);
  const need = coerce(minVersion);
  if (have === null || need === null) return false;
  return gte(have, need);
}
