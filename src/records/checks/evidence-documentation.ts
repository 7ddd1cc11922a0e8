import { type Evidence, isDocumentationEvidence } from '../../core/record.ts';
import type { RecordCheck } from './check.ts';

/**
 * The third evidence base, the vendor's published tool reference (SPEC 5.1):
 * a record that rests on it quotes, for every tool (and every code option
 * cited by `evidence`), one of its own `provenance.documentation.pages` with
 * `url` and `quote`, never a `path` and `line`, which would name a file of
 * source it does not have; a record that rests on a commit or a package
 * cites source and quotes nothing. The schema already requires `url` with
 * `quote`, the quote's length, https pages, and forbids `path`, `line`,
 * `source` and `repository` beside a quote.
 */
export const evidenceDocumentation: RecordCheck = {
  id: 'evidence-documentation',
  description: "a record resting on the vendor's documentation quotes one of its pages for every tool; other records quote nothing",
  scope: 'record',
  check({ record, report }) {
    const documentation = record.provenance.documentation;
    const pages = new Set(documentation?.pages ?? []);
    const judge = (evidence: Evidence, at: Array<string | number>, shown: string): void => {
      if (documentation === undefined) {
        if (isDocumentationEvidence(evidence))
          report(
            [...at, 'quote'],
            `evidence of \`${shown}\` quotes documentation, which only a record whose evidence base is \`provenance.documentation\` may do; at a commit or a package, cite the source with \`path\` and \`line\``,
            { key: true },
          );
        return;
      }
      if (!isDocumentationEvidence(evidence)) {
        report(
          at,
          `evidence of \`${shown}\` cites a path and line, but the record's evidence base is the vendor's documentation, which has no source: give \`url\` (one of provenance.documentation.pages) and \`quote\`, the vendor's sentence the effects rest on`,
          { key: true },
        );
        return;
      }
      // A quote without its url is the schema's to report.
      if (typeof evidence.url === 'string' && !pages.has(evidence.url))
        report(
          [...at, 'url'],
          `evidence of \`${shown}\` quotes \`${evidence.url}\`, which is not one of provenance.documentation.pages (${[...pages].map((page) => `\`${page}\``).join(', ')})`,
        );
    };
    record.tools.forEach((tool, t) => {
      judge(tool.evidence, ['tools', t, 'evidence'], tool.name);
    });
    (record.server.code_options ?? []).forEach((option, i) => {
      if (option.evidence !== undefined) judge(option.evidence, ['server', 'code_options', i, 'evidence'], (option.options ?? option.env ?? [])[0] ?? '');
    });
  },
};
