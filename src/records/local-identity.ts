/**
 * The check id of a local record that claims a public record's identity
 * (SPEC 5.10), in a module of its own: the hook reads it on every MCP call,
 * and importing the validator (src/records/local.ts) for it would evaluate
 * ajv and every check there too.
 */
export const LOCAL_IDENTITY_CHECK = 'local-identity';
