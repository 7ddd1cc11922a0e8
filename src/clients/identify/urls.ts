/**
 * Recognising hosted servers by URL (SPEC 6.1). Browser-safe.
 */
import { segmentsOf } from './shared.ts';
import type { IdentityIndex, Step } from './types.ts';

/**
 * Match a hosted URL (SPEC 6.1): same origin as a record URL, and the record
 * URL's path segments a prefix of its path segments. The longest match wins;
 * equally long matches of different records leave it unrecognised.
 */
export function identifyUrl(raw: string, index: IdentityIndex): Step<{ recordId: string; subject: string; mapping?: string }> {
  if (/[\s\\]/.test(raw)) return { error: 'the URL has whitespace or a backslash, which parsers read differently' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'the URL cannot be parsed' };
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(raw)) return { error: 'the URL has userinfo (`user@host`)' };
  if (url.protocol !== 'https:') return { error: `the URL's scheme is \`${url.protocol.replace(/:$/, '')}\`; hosted servers are recognised only over https` };
  // Only the origin and the record's own path prefix are ever shown: some hosted servers put a key in the path.
  const segments = segmentsOf(url.pathname);
  // Record id → where a mapping file names it (undefined once a record itself names the URL).
  let best: { length: number; ids: Map<string, string | undefined> } | undefined;
  for (const candidate of index.urls) {
    if (candidate.origin !== url.origin || candidate.segments.length > segments.length) continue;
    if (!candidate.segments.every((segment, i) => segments[i] === segment)) continue;
    if (best === undefined || candidate.segments.length > best.length) best = { length: candidate.segments.length, ids: new Map() };
    if (candidate.segments.length < best.length) continue;
    const known = best.ids.has(candidate.recordId);
    if (!known || candidate.at === undefined)
      best.ids.set(candidate.recordId, known && candidate.at !== undefined ? best.ids.get(candidate.recordId) : candidate.at);
  }
  if (best === undefined) return { error: `no record names a hosted URL at \`${url.origin}\` with this path` };
  const prefix = `${url.origin}/${segments.slice(0, best.length).join('/')}`;
  if (best.ids.size > 1) return { error: `the hosted URL \`${prefix}\` matches several records (${[...best.ids.keys()].sort().join(', ')})` };
  const [recordId, at] = [...best.ids][0]!;
  return { recordId, subject: `url ${prefix}`, ...(at !== undefined ? { mapping: at } : {}) };
}
