/**
 * The egress check of the session guard (SPEC 9): may this call's data go
 * where its arguments point? Only if the tool names its destination in its
 * arguments, and every destination and every URL anywhere in the arguments
 * is on the allowlist.
 */
import type { EgressMarking } from './record.ts';
import { checkUrl, findUrls, type RegistrableDomainOf } from './url/index.ts';

/** The egress verdict for one call. */
export interface EgressVerdict {
  allowed: boolean;
  /** Why, in a short lowercase phrase naming the first URL that failed. */
  reason: string;
}

/**
 * Decide whether every destination of a call is allow-listed (SPEC 9).
 * @param marking the tool's `egress` marking
 * @param args the call's arguments (a plain object)
 * @param allowlist hosts (subdomains included) or exact IP literals
 * @param registrableDomain the Public Suffix List, when the caller has it: an entry then covers a host only at or below its registrable domain (SPEC 9.4)
 * Never throws.
 */
export function egressAllowed(
  marking: EgressMarking,
  args: Readonly<Record<string, unknown>>,
  allowlist: readonly string[],
  registrableDomain?: RegistrableDomainOf,
): EgressVerdict {
  if (allowlist.length === 0) return { allowed: false, reason: 'no egress allowlist is set' };
  if (marking.destination.length === 0) return { allowed: false, reason: 'the destination is not named in the arguments, so no allowlist can cover it' };
  for (const arg of marking.destination) {
    if (!Object.hasOwn(args, arg)) return { allowed: false, reason: `destination argument ${arg} is absent` };
    const verdict = checkUrl(args[arg], allowlist, registrableDomain);
    if (!verdict.allowed) return { allowed: false, reason: `${arg}: ${verdict.reason}` };
  }
  const found = findUrls(args);
  if (found.truncated) return { allowed: false, reason: 'the arguments are too large to search for every URL' };
  for (const url of found.urls) {
    const verdict = checkUrl(url, allowlist, registrableDomain);
    if (!verdict.allowed) return { allowed: false, reason: `a URL in the arguments is not allowed: ${verdict.reason}` };
  }
  return { allowed: true, reason: 'every destination is on the allowlist' };
}

/** Words of prose read per call, at most: a prompt longer than this is not searched further, and fails closed. */
const MAX_PROSE_WORDS = 5000;

/** A host name written as a word of prose: labels joined by dots, the last one alphabetic (`attacker.example`). */
const PROSE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/i;

/**
 * The host names written bare in the strings of `value` (`summarise
 * attacker.example/x and report`): each word (split at blanks, with
 * surrounding quotes, brackets and punctuation removed, and anything from
 * the first `/`, `?`, `#` or `:` on) that is a host name and not part of a
 * URL with a scheme or `//`. A file name such as `notes.md` reads as one
 * too, so a caller that requires them to be allowed fails closed on it.
 * @returns the hosts, lowercase, without duplicates, and whether the words ran past the limit
 */
function proseHosts(value: unknown): { hosts: string[]; truncated: boolean } {
  const hosts = new Set<string>();
  let words = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      for (const raw of v.split(/\s+/)) {
        if (raw === '' || raw.includes('//')) continue;
        if (++words > MAX_PROSE_WORDS) return { hosts: [...hosts], truncated: true };
        const word = raw
          .replace(/^["'`([{<]+/, '')
          .split(/[/?#:]/)[0]!
          .replace(/["'`)\]}>.,;!]+$/, '');
        if (PROSE_HOST.test(word)) hosts.add(word.toLowerCase());
      }
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v as Record<string, unknown>));
  }
  return { hosts: [...hosts], truncated: false };
}

/**
 * Decide whether every URL a call names is allow-listed, for a tool whose
 * destinations are the URLs written anywhere in its arguments (Gemini CLI's
 * `web_fetch` reads them out of its prompt; SPEC 9): at least one URL, and
 * every one on the allowlist. Gemini hands the whole prompt to its model,
 * which may fetch a host named without a scheme too, so every host name
 * written bare in the prose must be on the allowlist as well.
 * @param args the call's arguments (a plain object)
 * @param allowlist hosts (subdomains included) or exact IP literals
 * @param registrableDomain the Public Suffix List, when the caller has it (SPEC 9.4)
 * Never throws.
 */
export function urlsAllowed(args: Readonly<Record<string, unknown>>, allowlist: readonly string[], registrableDomain?: RegistrableDomainOf): EgressVerdict {
  if (allowlist.length === 0) return { allowed: false, reason: 'no egress allowlist is set' };
  const found = findUrls(args);
  if (found.truncated) return { allowed: false, reason: 'the arguments are too large to search for every URL' };
  if (found.urls.length === 0) return { allowed: false, reason: 'the arguments name no URL, so no allowlist can cover where the call goes' };
  for (const url of found.urls) {
    const verdict = checkUrl(url, allowlist, registrableDomain);
    if (!verdict.allowed) return { allowed: false, reason: `a URL in the arguments is not allowed: ${verdict.reason}` };
  }
  const prose = proseHosts(args);
  if (prose.truncated) return { allowed: false, reason: 'the arguments are too long to search for every host name' };
  for (const host of prose.hosts) {
    const verdict = checkUrl(`https://${host}/`, allowlist, registrableDomain);
    if (!verdict.allowed) return { allowed: false, reason: `a host named in the prose is not allowed: ${verdict.reason}` };
  }
  return { allowed: true, reason: 'every destination is on the allowlist' };
}
