/**
 * The size limit of a server mapping file (SPEC 6.3), apart from its YAML
 * parser so that reading the file does not load YAML before it is known to
 * exist (issue 14). Browser-safe.
 */

/** Largest mapping file read (bytes); a larger one is refused as a whole. */
export const MAX_MAPPING_BYTES = 1024 * 1024;
