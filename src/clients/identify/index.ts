/**
 * Identifying the record a client configuration entry runs (SPEC 6).
 *
 * An entry is recognised only when it runs a record's package or image as
 * itself, or points at one of its hosted URLs (SPEC 6.1); anything that
 * could make other code run leaves it unrecognised, which is R4 for every
 * tool (SPEC 6.2). The answer never depends on tool names. Pinned versions
 * are read for SPEC 5.3 and 6.4.
 *
 * Reasons name options, launchers and package names, never `env` values,
 * header values or other argument values. Browser-safe.
 */
export { IDENTITY_SECTIONS, buildIdentityIndex, identitySections, identityIndexToJson, lazyIdentityIndex, withMappings } from './identity-index.ts';
export type { IdentitySection } from './identity-index.ts';
export { identifyConfig, identifyEntry } from './entries.ts';
export type { IdentifiedServer } from './entries.ts';
export { parseNpmSpec, parsePypiSpec } from './packages.ts';
export { envProblem, isInside } from './shared.ts';
export type { IdentifiedVia, Identification, IdentityIndex, PackageLauncher } from './types.ts';
export { parseImageRef } from '../image-ref.ts';
export { vouchFor } from './vouch.ts';
