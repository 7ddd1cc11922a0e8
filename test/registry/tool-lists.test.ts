/**
 * Every record's tool list equals the list extracted mechanically from the
 * server's source (`test/fixtures/tool-lists/<id>.json`): same repository,
 * same commit (or published package version), same tool names, and each tool's evidence at the same path and
 * line (SPEC 5.1, 5.2). A record without a fixture fails.
 */
import { describe, expect, it } from 'vitest';
import { isDocumentationEvidence } from '../../src/core/record.ts';
import { readRecord, recordIds } from './support/records.ts';
import { citationLines, readToolList, toolListIds } from './support/tool-list-fixture.ts';

const ids = recordIds();

describe('tool lists match the source they cite', () => {
  it('the registry has records to check', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it('every tool-list fixture belongs to a record', () => {
    expect(toolListIds().filter((id) => !ids.includes(id))).toEqual([]);
  });

  for (const id of ids) {
    describe(`registry/${id}.yaml`, () => {
      it('has a tool-list fixture', () => {
        expect(readToolList(id), `test/fixtures/tool-lists/${id}.json is missing`).toBeDefined();
      });

      it("cites the fixture's repository and commit (or published package)", () => {
        const record = readRecord(id)!;
        const fixture = readToolList(id);
        expect(fixture, `test/fixtures/tool-lists/${id}.json is missing`).toBeDefined();
        const published = record.provenance.package;
        expect({
          repository: record.provenance.documentation === undefined ? record.server.repository : undefined,
          commit: record.provenance.commit,
          package: published && `${published.name}@${published.version}`,
          documentation: record.provenance.documentation?.pages,
        }).toEqual({
          repository: fixture!.repository,
          commit: fixture!.commit,
          package: fixture!.package,
          documentation: fixture!.documentation,
        });
      });

      it("lists exactly the fixture's tools, each cited at the fixture's path and line", () => {
        const record = readRecord(id)!;
        const fixture = readToolList(id);
        expect(fixture, `test/fixtures/tool-lists/${id}.json is missing`).toBeDefined();
        const cited = record.tools.map((tool) =>
          isDocumentationEvidence(tool.evidence)
            ? { name: tool.name, url: tool.evidence.url }
            : { name: tool.name, path: tool.evidence.path, line: tool.evidence.line, source: tool.evidence.source },
        );
        expect(citationLines(cited)).toEqual(citationLines(fixture!.tools));
      });
    });
  }
});
