import { FINGERPRINT_ALGORITHM } from '../../core/fingerprint.ts';
import type { RecordCheck } from './check.ts';

/**
 * Fingerprints say where they come from (SPEC 5.2.1): a record whose tools
 * carry `fingerprint` names, in `provenance.live_listing`, the package and
 * version that was listed, and that package is one of `server.packages`;
 * a record that says no live listing was possible carries no fingerprint.
 */
export const fingerprints: RecordCheck = {
  id: 'fingerprint-source',
  description: 'tool fingerprints come with the live listing they were taken from',
  scope: 'record',
  check({ record, report }) {
    const listing = record.provenance.live_listing;
    const first = record.tools.findIndex((tool) => tool.fingerprint !== undefined);
    if (listing !== undefined && 'package' in listing) {
      const known = (record.server.packages ?? []).some((pkg) => pkg.registry === listing.registry && pkg.name === listing.package);
      if (!known)
        report(
          ['provenance', 'live_listing', 'package'],
          `live_listing names ${listing.registry} package \`${listing.package}\`, which is not one of server.packages`,
        );
      return;
    }
    if (first < 0) return;
    if (listing === undefined)
      report(
        ['tools', first, 'fingerprint'],
        `\`${record.tools[first]!.name}\` has a fingerprint, but provenance.live_listing does not name the package and version it was listed from`,
      );
    else
      report(
        ['provenance', 'live_listing', 'unavailable'],
        `live_listing says no live listing was possible, but \`${record.tools[first]!.name}\` has a fingerprint`,
      );
  },
};

/** The id of {@link fingerprintAlgorithm}, which `npm run refresh -- --fingerprints` tolerates because it is what that command fixes. */
export const FINGERPRINT_ALGORITHM_CHECK = 'fingerprint-algorithm';

/**
 * Fingerprints are of this code's algorithm (SPEC 5.2.1,
 * `live_listing.algorithm`), or scan and the refresh could not compare them.
 */
export const fingerprintAlgorithm: RecordCheck = {
  id: FINGERPRINT_ALGORITHM_CHECK,
  description: `tool fingerprints are of algorithm ${FINGERPRINT_ALGORITHM}`,
  scope: 'record',
  check({ record, report }) {
    const listing = record.provenance.live_listing;
    if (listing === undefined || !('package' in listing) || listing.algorithm === FINGERPRINT_ALGORITHM) return;
    if (!record.tools.some((tool) => tool.fingerprint !== undefined)) return;
    report(
      ['provenance', 'live_listing'],
      `the fingerprints are not of algorithm ${FINGERPRINT_ALGORITHM} (live_listing names ${listing.algorithm === undefined ? 'none: rc-def-v1' : listing.algorithm}); take them again with \`npm run refresh -- --fingerprints --only ${record.id}\``,
    );
  },
};
