import coerce from 'semver/functions/coerce.js';
import eq from 'semver/functions/eq.js';
import type { RecordCheck } from './check.ts';

/**
 * A record whose evidence base is a published package (SPEC 5.1, 5.2)
 * describes that one version: a live listing of the same npm package names
 * the same version (SPEC 5.2.1), and when the package is one of
 * `server.packages`, `server.min_version` is that version (SPEC 5.3), read
 * the way rule gating reads it (`v1.2.3` is `1.2.3`, a pre-release counts).
 * An evidence `source` (an original file embedded in a source map) needs a
 * package base and a `.map` path.
 */
export const evidencePackage: RecordCheck = {
  id: 'evidence-package',
  description: 'a record pinned to a published package names that version in its live listing and min_version',
  scope: 'record',
  check({ record, report }) {
    const pinned = record.provenance.package;
    record.tools.forEach((tool, t) => {
      const source = tool.evidence.source;
      if (source === undefined) return;
      if (pinned === undefined)
        report(
          ['tools', t, 'evidence', 'source'],
          `evidence of \`${tool.name}\` names a \`source\` inside a source map, which only a record whose evidence is a published package may do; at a commit, cite the source file itself`,
          { key: true },
        );
      else if (!tool.evidence.path.endsWith('.map'))
        report(
          ['tools', t, 'evidence', 'path'],
          `evidence of \`${tool.name}\` names the \`source\` \`${source}\`, so its path must be the source map that embeds it (a \`.map\` file); got \`${tool.evidence.path}\``,
        );
    });
    if (pinned === undefined) return;
    const listing = record.provenance.live_listing;
    if (
      listing !== undefined &&
      'package' in listing &&
      listing.registry === pinned.registry &&
      listing.package === pinned.name &&
      listing.version !== pinned.version
    )
      report(
        ['provenance', 'live_listing', 'version'],
        `live_listing lists ${pinned.registry} package \`${pinned.name}\` at \`${listing.version}\`, but provenance.package cites it at \`${pinned.version}\`; the fingerprints and the evidence must describe the same release`,
      );
    const min = record.server.min_version;
    const served = (record.server.packages ?? []).some((pkg) => pkg.registry === pinned.registry && pkg.name === pinned.name);
    if (min !== undefined && served && !sameVersion(min, pinned.version))
      report(
        ['server', 'min_version'],
        `min_version is \`${min}\`, but provenance.package cites ${pinned.registry} package \`${pinned.name}\` at \`${pinned.version}\`; a record whose evidence is a published package describes that version`,
      );
  },
};

/** SemVer equality of two versions coerced as rule gating coerces them (src/core/version.ts); false when either cannot be read. */
function sameVersion(a: string, b: string): boolean {
  const left = coerce(a, { includePrerelease: true });
  const right = coerce(b, { includePrerelease: true });
  return left !== null && right !== null && eq(left, right);
}
