import { isDocumentationEvidence } from '../../core/record.ts';
import { isOneSentence, type RecordCheck } from './check.ts';

/**
 * A server's code options (`server.code_options`, SPEC 6.2) are cited like
 * its tools (SPEC 5.2): `evidence` in the record's own repository, without
 * a permalink, with `source` only inside a published package's source map;
 * each reason is one sentence; and no spelling or variable is listed twice,
 * so identification and the reason it names are unambiguous. The schema
 * already requires exactly one of `options` and `env`, and exactly one of
 * `evidence` and `documentation`.
 */
export const codeOptions: RecordCheck = {
  id: 'code-options',
  description: "code options cite the record's evidence base like tools, give a one-sentence reason and list each spelling once",
  scope: 'record',
  check({ record, report }) {
    const seen = new Map<string, number>();
    (record.server.code_options ?? []).forEach((option, i) => {
      const at = ['server', 'code_options', i];
      const shown = (option.options ?? option.env ?? [])[0] ?? '';
      if (!isOneSentence(option.reason)) report([...at, 'reason'], `the reason for \`${shown}\` must be one sentence ending with a period`);
      for (const spelling of [...(option.options ?? []), ...(option.env ?? []).map((name) => name.toUpperCase())]) {
        const first = seen.get(spelling);
        if (first !== undefined && first !== i) report(at, `\`${spelling}\` is listed again; code_options[${first}] already names it`);
        else seen.set(spelling, i);
      }
      const evidence = option.evidence;
      if (evidence === undefined || isDocumentationEvidence(evidence)) return;
      if (evidence.repository !== undefined && evidence.repository !== record.server.repository)
        report(
          [...at, 'evidence', 'repository'],
          `evidence of \`${shown}\` cites \`${evidence.repository}\`, but the record's repository is \`${record.server.repository}\``,
        );
      if (evidence.url !== undefined)
        report([...at, 'evidence', 'url'], `evidence of \`${shown}\` must not set \`url\`; the build derives the permalink`, { key: true });
      if (evidence.source !== undefined && (record.provenance.package === undefined || !evidence.path.endsWith('.map')))
        report(
          [...at, 'evidence', 'source'],
          `evidence of \`${shown}\` names a \`source\`, which only a record whose evidence is a published package may do, with a \`.map\` path`,
          { key: true },
        );
    });
  },
};
