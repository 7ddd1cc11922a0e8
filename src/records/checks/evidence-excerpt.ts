import { isDocumentationEvidence } from '../../core/record.ts';
import type { RegistryCheck } from './check.ts';

/**
 * Tools whose evidence may lack an excerpt, as `record id` → tool name →
 * why: only where the pinned source could not be read when the excerpts were
 * written. Empty: every citation of the registry has its excerpt.
 */
const WITHOUT_EXCERPT: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map();

/**
 * Every tool's and code option's evidence in source quotes its cited lines
 * (`evidence.excerpt`, SPEC 5.2), which `npm run evidence -- --write-excerpts`
 * writes and `npm run evidence` holds to the pinned source. Evidence quoting
 * the vendor's documentation (SPEC 5.1) is its own excerpt. Runs over the
 * repository's whole `registry/` only, so records built in tests and scratch
 * folders are not held to it; exceptions are listed above with a reason.
 */
export const evidenceExcerpt: RegistryCheck = {
  id: 'evidence-excerpt',
  description: 'every evidence citation in source quotes its cited lines (`evidence.excerpt`)',
  scope: 'registry',
  wholeRegistryOnly: true,
  check(inputs) {
    for (const { record, report } of inputs) {
      const excused = WITHOUT_EXCERPT.get(record.id);
      record.tools.forEach((tool, t) => {
        if (isDocumentationEvidence(tool.evidence) || tool.evidence.excerpt !== undefined || excused?.has(tool.name) === true) return;
        report(['tools', t, 'evidence'], `evidence of \`${tool.name}\` has no excerpt; run \`npm run evidence -- --write-excerpts\``);
      });
      (record.server.code_options ?? []).forEach((option, o) => {
        const cited = option.evidence;
        if (cited === undefined || isDocumentationEvidence(cited) || cited.excerpt !== undefined) return;
        report(['server', 'code_options', o, 'evidence'], 'the evidence of this code option has no excerpt; run `npm run evidence -- --write-excerpts`');
      });
    }
  },
};
