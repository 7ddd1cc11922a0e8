/**
 * Markers of an unfinished draft entry: a tool a running server listed that
 * its record did not, added by `rclass scan --write-drafts` or
 * `npm run refresh` before anyone read its source. The validator's
 * `unfinished-draft` check rejects both, so a draft cannot pass
 * `npm run check` until every added tool is classified (SPEC 5.9).
 * Browser-safe.
 */

/** The effect a draft entry lists until someone classifies it; not an effect of the vocabulary (SPEC 2.9.1). */
export const UNCLASSIFIED_EFFECT = 'unknown-until-classified';

/** The evidence of a draft entry, until someone cites the file and line that define the tool. */
export const EVIDENCE_PLACEHOLDER = { path: 'TODO-cite-the-file-defining-this-tool', line: 1 } as const;
