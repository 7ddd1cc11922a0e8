/**
 * What a record page says about its tools' fingerprints (SPEC 5.2.1): how
 * many tools have one and which listing gave them, or why none exist.
 */
import type { ServerRecord } from '../../core/record.ts';

/**
 * One sentence on a record's fingerprints.
 * @returns e.g. "54 of 56 tools, from a live listing of chrome-devtools-mcp 1.7.0 on 2026-12-01 (rc-def-v2)."
 *   or the record's reason why no live listing was possible
 */
export function fingerprintStatus(record: Pick<ServerRecord, 'provenance' | 'tools'>): string {
  const listing = record.provenance.live_listing;
  const count = record.tools.filter((tool) => tool.fingerprint !== undefined).length;
  if (listing === undefined) return 'None: the record does not say whether a live listing was possible.';
  if ('unavailable' in listing) return `None: ${listing.unavailable}`;
  const source = `a live listing of ${listing.package} ${listing.version} on ${listing.date}${listing.algorithm !== undefined ? ` (${listing.algorithm})` : ''}`;
  if (count === 0) return `None: ${source} gave no stable definition for any tool.`;
  return `${count} of ${record.tools.length} tools, from ${source}; rclass scan counts a tool whose definition differs as R4.`;
}
