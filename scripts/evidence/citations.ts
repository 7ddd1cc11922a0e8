/**
 * Evidence citations read from the registry's records, each with the place
 * in its YAML file that problems about it should point at (SPEC 5.2, 5.9).
 * A record's evidence base is a commit of its GitHub repository or a
 * published npm package at a version (SPEC 5.1), so a citation names a file
 * at a commit or a file inside a package; a record resting on the vendor's
 * documentation gives quotes instead, each a page and a sentence of it.
 */
import { type Evidence, isDocumentationEvidence, type PublishedPackage, type ServerRecord, type SourceEvidence } from '../../src/core/record.ts';
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

/** A file inside a published npm package at one version, held to the registry's integrity digest of its archive (SPEC 5.2). */
export interface PackageFileRef extends PublishedPackage {
  /** Path inside the package, `/`-separated, without the archive's `package/` prefix. */
  path: string;
  /** With a source map at `path`: the original file it embeds, as its `sources` names it (SPEC 5.2). */
  source?: string;
}

/** What every citation has: the tool's name should appear at or near `line` of the cited file. */
interface CitationCommon {
  /** The record file, as shown in reports (`registry/git.yaml`). */
  file: string;
  /** The tool, or the code option (its first spelling), as messages name it. */
  tool: string;
  /** For a code option (SPEC 6.2): the names any one of which may appear instead of `tool` (each spelling, and each without its leading dashes). */
  names?: string[];
  /** The cited 1-based line. */
  line: number;
  /** The last cited line, when the citation spans lines (`evidence.end`). */
  end?: number;
  /** Where the evidence is in the record's data (`['tools', 3, 'evidence']`), for `--write-excerpts`. */
  evidencePath: Array<string | number>;
  /** The stored excerpt (`evidence.excerpt`), when the record has one, and where it is written. */
  excerpt?: { text: string; at: Position };
}

/** A citation of a file at a commit (`provenance.commit`). */
export interface CommitCitation extends CitationCommon {
  base: 'commit';
  ref: FileRef;
  /** Where `evidence.path`, `evidence.line` and `provenance.commit` are written in the record file. */
  at: { path: Position; line: Position; commit: Position };
}

/** A citation of a file inside a published package (`provenance.package`). */
export interface PackageCitation extends CitationCommon {
  base: 'package';
  ref: PackageFileRef;
  /** Where `evidence.path`, `evidence.line`, `evidence.source` (when given) and `provenance.package`'s `name`, `version` and `integrity` are written in the record file. */
  at: { path: Position; line: Position; source?: Position; name: Position; version: Position; integrity: Position };
}

/** One tool's (or code option's) quote from the vendor's documentation (SPEC 5.1). */
export interface QuoteCitation {
  /** The record file, as shown in reports. */
  file: string;
  /** The tool, or the code option's first spelling. */
  tool: string;
  /** The page, one of `provenance.documentation.pages`. */
  url: string;
  /** The vendor's sentence, as the record writes it. */
  quote: string;
  /** Where `evidence.url` and `evidence.quote` are written in the record file. */
  at: { url: Position; quote: Position };
}

/** One tool's evidence, in a repository at a commit or in a published package. */
export type Citation = CommitCitation | PackageCitation;

/**
 * Read every record of a registry directory and list the citations of the
 * records that pass validation, in file order, then tool order, then the
 * code options (`server.code_options`, SPEC 6.2) that cite evidence, and
 * apart from them the quotes of records resting on the vendor's documentation.
 * @param dir the registry directory
 * @param shownAs how the directory is written in reports (`registry`)
 * @returns the citations, the number of records they came from, and the
 *   problems (YAML, schema, lint) of records that failed validation; those
 *   records contribute no citations
 * @throws if the directory cannot be read
 */
export async function loadCitations(
  dir: string,
  shownAs: string,
): Promise<{ citations: Citation[]; quotes: QuoteCitation[]; records: number; problems: Problem[] }> {
  const { sources, problems: syntax } = await readRecordSources(dir, shownAs);
  const { records, problems } = validateSources(sources);
  const valid = new Set<unknown>(records);
  const citations: Citation[] = [];
  const quotes: QuoteCitation[] = [];
  for (const source of sources) {
    if (!valid.has(source.data)) continue;
    const record = source.data as ServerRecord;
    const quote = (cited: Evidence, evidence: Array<string | number>, name: string): void => {
      if (isDocumentationEvidence(cited))
        quotes.push({
          file: source.file,
          tool: name,
          url: cited.url,
          quote: cited.quote,
          at: { url: source.locate([...evidence, 'url']), quote: source.locate([...evidence, 'quote']) },
        });
    };
    // The vendor's documentation (SPEC 5.1) cites pages, not files: its quotes are checked apart.
    record.tools.forEach((tool, index) => {
      quote(tool.evidence, ['tools', index, 'evidence'], tool.name);
    });
    (record.server.code_options ?? []).forEach((option, index) => {
      if (option.evidence !== undefined) quote(option.evidence, ['server', 'code_options', index, 'evidence'], (option.options ?? option.env ?? [])[0] ?? '');
    });
    if (record.provenance.documentation !== undefined || record.server.repository === undefined) continue;
    const published = record.provenance.package;
    const [owner, repo] = record.server.repository.split('/') as [string, string];
    const cite = (cited: SourceEvidence, evidence: Array<string | number>, name: string, names?: string[]): void => {
      const common = {
        file: source.file,
        tool: name,
        line: cited.line,
        evidencePath: evidence,
        ...(cited.end !== undefined ? { end: cited.end } : {}),
        ...(cited.excerpt !== undefined ? { excerpt: { text: cited.excerpt, at: source.locate([...evidence, 'excerpt']) } } : {}),
        ...(names !== undefined ? { names } : {}),
      };
      const at = { path: source.locate([...evidence, 'path']), line: source.locate([...evidence, 'line']) };
      if (published === undefined) {
        citations.push({
          ...common,
          base: 'commit',
          // The schema requires a commit when there is no package.
          ref: { owner, repo, commit: record.provenance.commit!, path: cited.path },
          at: { ...at, commit: source.locate(['provenance', 'commit']) },
        });
      } else {
        const place = (key: string): Position => source.locate(['provenance', 'package', key]);
        citations.push({
          ...common,
          base: 'package',
          ref: { ...published, path: cited.path, ...(cited.source !== undefined ? { source: cited.source } : {}) },
          at: {
            ...at,
            ...(cited.source !== undefined ? { source: source.locate([...evidence, 'source']) } : {}),
            name: place('name'),
            version: place('version'),
            integrity: place('integrity'),
          },
        });
      }
    };
    record.tools.forEach((tool, index) => {
      if (!isDocumentationEvidence(tool.evidence)) cite(tool.evidence, ['tools', index, 'evidence'], tool.name);
    });
    (record.server.code_options ?? []).forEach((option, index) => {
      if (option.evidence === undefined || isDocumentationEvidence(option.evidence)) return;
      const spellings = [...(option.options ?? []), ...(option.env ?? []).map((name) => name.replace(/\*$/, ''))];
      const names = [...new Set([...spellings, ...spellings.map((spelling) => spelling.replace(/^-+/, ''))])].filter((name) => name.length > 1);
      cite(option.evidence, ['server', 'code_options', index, 'evidence'], spellings[0]!, names);
    });
  }
  return { citations, quotes, records: records.length, problems: [...syntax, ...problems] };
}

/** A key naming one cited file: `owner/repo@commit:path` on GitHub, `npm:name@version#integrity:path` in a package (`…:path=>source` for a file a source map embeds). */
export function fileKey(ref: FileRef | PackageFileRef): string {
  if (!('registry' in ref)) return `${ref.owner}/${ref.repo}@${ref.commit}:${ref.path}`;
  return `${packageKey(ref)}:${ref.path}${ref.source === undefined ? '' : `=>${ref.source}`}`;
}

/**
 * How a cited file (and line) is written in messages, in backticks:
 * `` `path:line` ``, or for a file a source map embeds
 * `` `source:line` (embedded in `path`) ``.
 */
export function citedName(ref: FileRef | PackageFileRef, line?: number): string {
  const at = line === undefined ? '' : `:${line}`;
  return 'source' in ref && ref.source !== undefined ? `\`${ref.source}${at}\` (embedded in \`${ref.path}\`)` : `\`${ref.path}${at}\``;
}

/** A key naming one package archive: `npm:name@version#integrity`. Two records pinning the same version to different digests are two archives. */
export function packageKey(pkg: PublishedPackage): string {
  return `${pkg.registry}:${pkg.name}@${pkg.version}#${pkg.integrity}`;
}
