/**
 * Evidence citations read from the registry's records, each with the place
 * in its YAML file that problems about it should point at (SPEC 5.2, 5.9).
 */
import type { ServerRecord } from '../../src/core/record.ts';
import type { Problem } from '../../src/records/problems.ts';
import { readRecordSources } from '../../src/records/source.ts';
import { validateSources } from '../../src/records/validate.ts';

/** A 1-based line and column in a record file. */
export interface Position {
  line: number;
  column: number;
}

/** A file at a commit of a GitHub repository. */
export interface FileRef {
  owner: string;
  repo: string;
  /** Full 40-hex commit. */
  commit: string;
  /** Path in the repository, `/`-separated, no leading slash. */
  path: string;
}

/** One tool's evidence: the tool's name should appear at or near `line` of the file. */
export interface Citation {
  /** The record file, as shown in reports (`registry/git.yaml`). */
  file: string;
  tool: string;
  ref: FileRef;
  /** The cited 1-based line. */
  line: number;
  /** Where `evidence.path`, `evidence.line` and `provenance.commit` are written in the record file. */
  at: { path: Position; line: Position; commit: Position };
}

/**
 * Read every record of a registry directory and list the citations of the
 * records that pass validation, in file order then tool order.
 * @param dir the registry directory
 * @param shownAs how the directory is written in reports (`registry`)
 * @returns the citations, the number of records they came from, and the
 *   problems (YAML, schema, lint) of records that failed validation; those
 *   records contribute no citations
 * @throws if the directory cannot be read
 */
export async function loadCitations(dir: string, shownAs: string): Promise<{ citations: Citation[]; records: number; problems: Problem[] }> {
  const { sources, problems: syntax } = await readRecordSources(dir, shownAs);
  const { records, problems } = validateSources(sources);
  const valid = new Set<unknown>(records);
  const citations: Citation[] = [];
  for (const source of sources) {
    if (!valid.has(source.data)) continue;
    const record = source.data as ServerRecord;
    // Records whose evidence is a published package are checked by the npm path, not GitHub's.
    if (record.provenance.commit === undefined) continue;
    const [owner, repo] = record.server.repository.split('/') as [string, string];
    const commit = source.locate(['provenance', 'commit']);
    record.tools.forEach((tool, index) => {
      const evidence = ['tools', index, 'evidence'];
      citations.push({
        file: source.file,
        tool: tool.name,
        ref: { owner, repo, commit: record.provenance.commit!, path: tool.evidence.path },
        line: tool.evidence.line,
        at: { path: source.locate([...evidence, 'path']), line: source.locate([...evidence, 'line']), commit },
      });
    });
  }
  return { citations, records: records.length, problems: [...syntax, ...problems] };
}

/** A key naming one file at one commit: `owner/repo@commit:path`. */
export function fileKey(ref: FileRef): string {
  return `${ref.owner}/${ref.repo}@${ref.commit}:${ref.path}`;
}
