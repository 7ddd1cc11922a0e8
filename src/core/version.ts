/**
 * Release gating (SPEC 5.3, 6.4): a record's argument rules were checked
 * against `server.min_version`. A call to an older release, or to a release
 * whose version cannot be read, is classified without them. A pre-release
 * sorts before its release (`v1.10.1-rc.1` < `1.10.1`, SemVer 2.0.0 §11;
 * `1.10.1rc1` < `1.10.1`, PEP 440 "Pre-releases"), so a rule checked against
 * a release never applies to the release candidates before it.
 */
import coerce from 'semver/functions/coerce.js';
import gte from 'semver/functions/gte.js';
import lt from 'semver/functions/lt.js';
import { explain as pep440Explain, gte as pep440Gte, lt as pep440Lt, valid as pep440Valid } from '@renovatebot/pep440';

/**
 * What is known of the release a call goes to:
 * - `undefined`: unpinned, which counts as the newest release;
 * - `null`: pinned, but the version could not be read;
 * - a string: the pinned version, e.g. `"0.21.0"` or `"v1.2"`.
 */
export type ServerVersion = string | null | undefined;

/** How versions are compared: npm packages and image tags by SemVer, PyPI packages by PEP 440. */
export type VersionScheme = 'semver' | 'pep440';

/** How a package registry's releases are compared (SPEC 6.4): `pep440` for PyPI, `semver` for npm. */
export function schemeOf(registry: 'npm' | 'pypi'): VersionScheme {
  return registry === 'pypi' ? 'pep440' : 'semver';
}

/**
 * A version SemVer comparison may read: `v`, one to three numbers, and an
 * optional `-pre-release` or `+build`. Anything else (`2.0.5rc1`,
 * `1.0.post1`, `1.2.3.4`) is unreadable under SemVer rather than coerced to
 * its numbers, which would drop a PEP 440 pre-release and let a release
 * candidate pass as its release.
 */
const SEMVER_SHAPE = /^v?[0-9]+(\.[0-9]+){0,2}([-+][0-9A-Za-z.+-]+)?$/;

/**
 * Whether the record's lowering rules apply to a call to `version`.
 * SemVer: a version of another shape (`2.0.5rc1`, `1.2.3.4`) counts as
 * unreadable; otherwise each side is coerced (`v1.2` → `1.2.0`) keeping its
 * pre-release, then compared by SemVer precedence. PEP 440 (https://peps.python.org/pep-0440/,
 * through @renovatebot/pep440): `1.0rc1 < 1.0 < 1.0.post1`, `1.0.dev0 < 1.0a1`,
 * epochs and local versions as PEP 440 orders them; a version that is not
 * valid PEP 440 counts as unreadable.
 * @param minVersion the record's `server.min_version`, if any
 * @param scheme `pep440` for a record whose server is a PyPI package, else `semver`
 * @returns true when there is no minimum, the release is unpinned, or it is at or above the minimum; never throws
 */
export function rulesApplyTo(minVersion: string | undefined, version: ServerVersion, scheme: VersionScheme = 'semver'): boolean {
  if (minVersion === undefined || version === undefined) return true;
  if (version === null) return false;
  try {
    if (scheme === 'pep440') {
      if (pep440Valid(version) === null || pep440Valid(minVersion) === null) return false;
      return pep440Gte(version, minVersion);
    }
    if (!SEMVER_SHAPE.test(version)) return false;
    const have = coerce(version, { includePrerelease: true });
    const need = coerce(minVersion, { includePrerelease: true });
    if (have === null || need === null) return false;
    return gte(have, need);
  } catch {
    return false;
  }
}

/**
 * Whether a release of a package comes before `before`, the first release
 * of that package that runs another server than the record describes
 * (`server.packages[].before`, SPEC 5.3, 6.4). Only a readable release
 * whose version without its pre-release part is older counts: an unpinned
 * entry runs the newest release, which is past `before` once that release
 * exists, and a pre-release of `before` itself (`0.3.0-rc.1`, `0.3.0rc1`)
 * already belongs to the new line.
 * @param before the package's `before` version
 * @param version the release an entry runs (see {@link ServerVersion})
 * @param scheme `pep440` for a PyPI package, else `semver`
 * @returns true only when the release is pinned, readable and older than `before`; never throws
 */
export function releaseBefore(before: string, version: ServerVersion, scheme: VersionScheme = 'semver'): boolean {
  if (version === undefined || version === null) return false;
  try {
    if (scheme === 'pep440') {
      const explained = pep440Explain(version);
      if (explained === null || pep440Valid(before) === null) return false;
      return pep440Lt(explained.base_version, before);
    }
    if (!SEMVER_SHAPE.test(version)) return false;
    const have = coerce(version);
    const limit = coerce(before);
    if (have === null || limit === null) return false;
    return lt(have, limit);
  } catch {
    return false;
  }
}
