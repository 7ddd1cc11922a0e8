import { releaseBefore, schemeOf } from '../../core/version.ts';
import type { RecordCheck } from './check.ts';

/**
 * A package's `before` (SPEC 5.3) is the first release that runs another
 * server, so every release the record itself was read at comes before it:
 * `server.min_version`, a live listing of that package and a
 * `provenance.package` pin of it. Versions compare as identification
 * compares them (`releaseBefore`, src/core/version.ts): npm by SemVer, PyPI
 * by PEP 440, a pre-release of `before` already past it.
 */
export const packageBefore: RecordCheck = {
  id: 'package-before',
  description: "a package's `before` comes after every release the record was read at",
  scope: 'record',
  check({ record, report }) {
    (record.server.packages ?? []).forEach((pkg, i) => {
      const before = pkg.before;
      if (before === undefined) return;
      const scheme = schemeOf(pkg.registry);
      const read: Array<{ what: string; version: string }> = [];
      if (record.server.min_version !== undefined) read.push({ what: 'min_version', version: record.server.min_version });
      const listing = record.provenance.live_listing;
      if (listing !== undefined && 'package' in listing && listing.registry === pkg.registry && listing.package === pkg.name)
        read.push({ what: 'live_listing', version: listing.version });
      const pinned = record.provenance.package;
      if (pinned !== undefined && pinned.registry === pkg.registry && pinned.name === pkg.name)
        read.push({ what: 'provenance.package', version: pinned.version });
      for (const { what, version } of read) {
        if (!releaseBefore(before, version, scheme))
          report(
            ['server', 'packages', i, 'before'],
            `\`${pkg.name}\` runs another server from ${before} on, but ${what} names ${version}; \`before\` must come after every release the record was read at`,
          );
      }
    });
  },
};
