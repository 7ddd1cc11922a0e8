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

/**
 * Decide whether every URL a call names is allow-listed, for a tool whose
 * destinations are the URLs written anywhere in its arguments (Gemini CLI's
 * `web_fetch` reads them out of its prompt; SPEC 9): at least one URL, and
 * every one on the allowlist.
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
  return { allowed: true, reason: 'every destination is on the allowlist' };
}
