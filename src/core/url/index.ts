// URL analysis for the session guard and URL rules (SPEC 9, SPEC 5.4.2).
// Browser-safe: only the global WHATWG URL parser is used.

export { checkHttpUrl, checkUrl, URL_MAX_LENGTH, type UrlVerdict } from './check.ts';
export { findUrls, type FindUrlLimits } from './find.ts';
export { parseAllowlist, coveringEntry, type RegistrableDomainOf } from './host.ts';
