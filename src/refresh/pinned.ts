/**
 * The release a record was checked against, as an exact version: the
 * version of its evidence package when that is the server's npm package
 * (`provenance.package`, SPEC 5.2); else its `server.min_version` (SPEC 5.3); else the version its `provenance.release`
 * gives for the package (`@scope/name 1.2.3`, `name@1.2.3`); else the
 * version its launch hints (the live fixture) were verified at.
 */
import semver from 'semver';
import type { ServerRecord } from '../core/record.ts';

/** A pinned version and where it was read. */
export interface Pinned {
  version: string;
  from: 'package' | 'min_version' | 'release' | 'fixture';
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * @param packageName the npm package, when the record has one
 * @param hintsVersion the live fixture's version, when there is one
 * @returns the pinned version, or undefined when nothing names one
 */
export function pinnedVersion(record: ServerRecord, packageName: string | undefined, hintsVersion: string | undefined): Pinned | undefined {
  const published = record.provenance.package;
  if (published !== undefined && published.name === packageName) return { version: published.version, from: 'package' };
  const min = record.server.min_version === undefined ? null : semver.coerce(record.server.min_version, { includePrerelease: true });
  if (min !== null) return { version: semver.valid(record.server.min_version!.replace(/^v/, '')) ?? min.version, from: 'min_version' };
  const release = record.provenance.release ?? '';
  if (packageName !== undefined) {
    const match = new RegExp(`${escapeRegExp(packageName)}[ @]v?(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)`).exec(release);
    if (match !== null && semver.valid(match[1]!) !== null) return { version: match[1]!, from: 'release' };
  }
  if (hintsVersion !== undefined && semver.valid(hintsVersion) !== null) return { version: hintsVersion, from: 'fixture' };
  return undefined;
}
