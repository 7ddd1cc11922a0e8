/**
 * The one sentence a record gets in `provenance.live_listing.unavailable`
 * when `npm run refresh -- --fingerprints` could not list it (SPEC 5.2.1).
 */
import type { ServerRecord } from '../core/record.ts';
import type { ServerRefresh } from './types.ts';

/** Longest sentence the schema allows. */
const MAX = 400;

/**
 * Why a record has no live listing, as one sentence.
 * @returns the sentence, or undefined when the server was listed
 */
export function unavailableReason(record: ServerRecord, result: ServerRefresh): string | undefined {
  if (result.status === 'current' || result.status === 'drift' || result.status === 'newer-same-tools') return undefined;
  const packages = record.server.packages ?? [];
  if (!packages.some((pkg) => pkg.registry === 'npm')) {
    if (packages.some((pkg) => pkg.registry === 'pypi')) return 'Published on PyPI, not npm; the refresh installs and lists npm releases only.';
    if ((record.server.urls ?? []).length > 0 && (record.server.images ?? []).length === 0)
      return 'A hosted server with no package to install; the refresh installs and lists npm releases only.';
    if ((record.server.images ?? []).length > 0) return 'Published as a container image, not on npm; the refresh installs and lists npm releases only.';
    return 'No npm package; the refresh installs and lists npm releases only.';
  }
  const why = (result.reason ?? 'it could not be listed').replace(/\s+/g, ' ').replace(/\.$/, '');
  const sentence = `The pinned npm release could not be listed here with dummy credentials: ${why}.`;
  return sentence.length <= MAX ? sentence : `${sentence.slice(0, MAX - 2).trimEnd()}….`;
}
