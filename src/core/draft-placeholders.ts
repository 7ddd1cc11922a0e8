/**
 * The placeholders `rclass scan --write-drafts` (src/scan/drafts.ts) puts in a
 * tool it adds to a draft record, and the record check
 * (src/records/checks/draft-placeholders.ts) refuses until someone edits them
 * (issue 15). The effect placeholder is DRAFT_EFFECT in ./effects.ts.
 * Browser-safe.
 */

/** The evidence of an added tool: a path no repository has. */
export const DRAFT_EVIDENCE_PLACEHOLDER = { path: 'TODO-cite-the-file-defining-this-tool', line: 1 } as const;

/**
 * How a draft marks an effect the suggester proposed from the tool's own
 * definition (SPEC 13): `suggested-read`, `suggested-delete`. Not an effect
 * of the vocabulary, so `unknown-effect` refuses it until a person has read
 * the source and written the effect without the mark.
 */
export const SUGGESTED_EFFECT_PREFIX = 'suggested-';

/** How the rationale of an added tool starts. */
export const DRAFT_RATIONALE_PREFIX = 'Not yet classified:';

/** The rationale of an added tool. */
export const DRAFT_RATIONALE = `${DRAFT_RATIONALE_PREFIX} the running server lists this tool and the record does not, so it counts as irreversible until someone reads its source.`;
