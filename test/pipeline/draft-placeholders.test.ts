/**
 * A `--write-drafts` draft fails `npm run check` until each placeholder is
 * edited: the `unclassified` effect or the `suggested-` effects (unknown-effect),
 * and the evidence path and rationale placeholders (draft-placeholder; issues 15, 25).
 */
import { describe, expect, it } from 'vitest';
import { buildDraft } from '../../src/scan/drafts.ts';
import { parseRecordSource } from '../../src/records/source.ts';
import { validateSources } from '../../src/records/validate.ts';
import { formatProblem } from '../../src/records/problems.ts';
import { checkRecordText, demoRecord } from './demo-record.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { parse } from 'yaml';

function placeholderProblems(text: string): string[] {
  return checkRecordText('registry/demo.yaml', text).problems.filter((line) => line.includes('[draft-placeholder]'));
}

describe('draft-placeholder', () => {
  it('regression: a draft whose effect was edited but whose evidence and rationale were not is refused at both places', () => {
    const draft = buildDraft(parse(demoRecord()) as ServerRecord, [{ name: 'zeta' }], 'demo 1.0.0', '2026-12-01');
    // Someone names the effect and stops there: before this check the record passed.
    const edited = draft.text.replace('- unclassified', '- delete');
    const { problems } = checkRecordText('registry/demo.yaml', edited);
    expect(problems.filter((line) => !line.includes('[draft-placeholder]'))).toEqual([]);
    const lines = edited.split('\n');
    const evidenceLine = lines.findIndex((line) => line.includes('TODO-cite-the-file-defining-this-tool')) + 1;
    const rationaleLine = lines.findIndex((line) => line.includes('Not yet classified:')) + 1;
    expect(problems).toHaveLength(2);
    expect(
      problems.some(
        (line) =>
          line.startsWith(`registry/demo.yaml:${rationaleLine}:`) &&
          line.endsWith("[draft-placeholder]  `zeta` still has the draft's placeholder rationale: say in one sentence why the tool has its class"),
      ),
    ).toBe(true);
    expect(
      problems.some(
        (line) =>
          line.startsWith(`registry/demo.yaml:${evidenceLine}:`) &&
          line.endsWith("[draft-placeholder]  `zeta` still has the draft's placeholder evidence: cite the file and line defining the tool"),
      ),
    ).toBe(true);
  });

  it('passes once the evidence and rationale are edited, and a rationale merely mentioning the words is fine', () => {
    expect(placeholderProblems(demoRecord())).toEqual([]);
    const text = demoRecord().replace('rationale: Reads and changes nothing.', 'rationale: Reads a file; "Not yet classified:" is only quoted here.');
    expect(placeholderProblems(text)).toEqual([]);
  });

  it('refuses the evidence placeholder in any record, draft or not', () => {
    const sources = [
      parseRecordSource('registry/demo.yaml', demoRecord({ evidencePath: 'TODO-cite-the-file-defining-this-tool', status: 'reviewed', reviewers: '[bob]' }))
        .source,
    ];
    const found = validateSources(sources)
      .problems.map(formatProblem)
      .filter((line) => line.includes('[draft-placeholder]'));
    expect(found).toEqual([
      "registry/demo.yaml:16:23  error  [draft-placeholder]  `alpha` still has the draft's placeholder evidence: cite the file and line defining the tool",
    ]);
  });

  it('a draft tool takes the effects its own definition suggests, each marked suggested-, and the check refuses every mark until a person writes the effect', () => {
    const definition = {
      description: 'Delete multiple entities and their associated relations from the knowledge graph',
      inputSchema: { type: 'object', properties: { entityNames: { type: 'array', items: { type: 'string' } } } },
      annotations: { readOnlyHint: false, destructiveHint: true },
    };
    const draft = buildDraft(parse(demoRecord()) as ServerRecord, [{ name: 'delete_entities', definition }, { name: 'zeta' }], 'demo 1.0.0', '2026-12-01');
    const record = parse(draft.text) as ServerRecord;
    expect(record.tools.find((tool) => tool.name === 'delete_entities')).toMatchObject({ class: 'R4', effects: ['suggested-delete'] });
    // Nothing in `zeta` points to an effect: it keeps the plain placeholder.
    expect(record.tools.find((tool) => tool.name === 'zeta')?.effects).toEqual(['unclassified']);
    expect(draft.text).toContain('#   delete_entities: suggests R4: delete (medium; name word "delete" (deletes or destroys))');
    expect(draft.text).toContain('#   zeta: nothing suggested (no word of its definition points to an effect)');
    const unknown = checkRecordText('registry/demo.yaml', draft.text).problems.filter((line) => line.includes('[unknown-effect]'));
    expect(unknown).toHaveLength(2);
    expect(
      unknown.some((line) =>
        line.endsWith(
          "[unknown-effect]  `delete_entities` has `suggested-delete`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write `delete` (or the effect the source shows) without the mark",
        ),
      ),
    ).toBe(true);
    // A person reads the source and writes the effect: the mark is gone, only the evidence and rationale placeholders remain.
    const edited = draft.text.replace('- suggested-delete', '- delete').replace('- unclassified', '- read');
    const left = checkRecordText('registry/demo.yaml', edited).problems;
    expect(left.filter((line) => line.includes('[unknown-effect]'))).toEqual([]);
  });
});
