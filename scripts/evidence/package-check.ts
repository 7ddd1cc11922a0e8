/**
 * Checking the citations of files in a published npm package (SPEC 5.1,
 * 5.2): each pinned archive fetched once, held to its integrity, and each
 * cited file read from it. A version that is not published, a package that
 * does not exist and an integrity that does not match are each reported
 * once per record, at the key of `provenance.package` they concern.
 */
import { type PackageCitation, packageKey } from './citations.ts';
import { type Report, type Visit, checkContent, reportMissing, reportNotFile } from './content.ts';
import { IncompleteError } from './fetched.ts';
import { embeddedSource } from './source-map.ts';
import type { Npm, OpenedPackage } from './npm.ts';

/** The npm side of one run: check one cited file's citations at a time, then say what could not be checked. */
export interface PackageChecker {
  /**
   * Check the citations of one file in one package version.
   * @throws on errors reading the extracted package other than a missing file
   */
  check(group: readonly PackageCitation[]): Promise<void>;
  /** Why the npm side is incomplete, after every group was checked; empty when every cited package was read. */
  incomplete(): string[];
}

/**
 * Start the npm side of a run. Registry failures never throw: they make the
 * run incomplete.
 * @param registry the registry's URL, as named in problems
 * @param total how many distinct package archives are cited
 * @param visit told the lines of each file read (for `--write-excerpts`)
 */
export function packageChecker(npm: Npm, registry: string, total: number, report: Report, visit?: Visit): PackageChecker {
  const reportedBases = new Set<string>();
  const failed = new Map<string, IncompleteError>();

  const check = async (group: readonly PackageCitation[]): Promise<void> => {
    const ref = group[0]!.ref;
    const spec = `${ref.name}@${ref.version}`;
    const where = `npm package ${spec}`;
    let opened: OpenedPackage;
    try {
      opened = await npm.open(ref);
    } catch (error) {
      if (!(error instanceof IncompleteError)) throw error;
      failed.set(packageKey(ref), error);
      return;
    }
    if (opened.kind === 'package') {
      const fetched = await opened.read(ref.path);
      if (fetched.kind === 'file' && ref.source !== undefined) checkEmbedded(group, fetched.bytes, ref.source, where, report, visit);
      else if (fetched.kind === 'file') checkContent(group, fetched.bytes, where, report, visit);
      else if (fetched.kind === 'not-file') reportNotFile(group, fetched, where, report);
      else reportMissing(group, where, report, ref.path.startsWith('package/') ? "; paths in a package leave out the archive's `package/` prefix" : '');
      return;
    }
    // Nothing of this version can be read: say so once per record, where the record pins it.
    for (const citation of group) {
      const once = `${citation.file}\n${packageKey(ref)}`;
      if (reportedBases.has(once)) continue;
      reportedBases.add(once);
      if (opened.kind === 'no-package')
        report(
          citation.file,
          citation.at.name,
          `npm package \`${ref.name}\` does not exist on ${registry} (or it is private), so no evidence of this record could be read`,
        );
      else if (opened.kind === 'no-version')
        report(
          citation.file,
          citation.at.version,
          `version \`${ref.version}\` of npm package \`${ref.name}\` is not published on ${registry}, so no evidence of this record could be read`,
        );
      else if (opened.kind === 'integrity')
        report(
          citation.file,
          citation.at.integrity,
          `${registry} publishes ${spec} with integrity \`${opened.published}\`, not the pinned one, so no evidence of this record could be read`,
        );
      else
        report(
          citation.file,
          citation.at.integrity,
          `the archive of ${spec} does not match the pinned integrity (EINTEGRITY), so no evidence of this record could be read`,
        );
    }
  };

  const incomplete = (): string[] => {
    const errors = [...failed.entries()];
    const aborted = errors.filter(([, error]) => error.abort);
    const lines = errors.filter(([, error]) => !error.abort).map(([, error]) => error.message);
    if (aborted.length > 0) lines.unshift(`${aborted[0]![1].message}; ${aborted.length} of ${total} cited npm packages were not checked`);
    return lines;
  };

  return { check, incomplete };
}

/**
 * Check citations of an original file a source map embeds (SPEC 5.2): the
 * map must be a source map, and `source` one of its `sources` with its text
 * in `sourcesContent`; problems at `evidence.path` and `evidence.source`.
 */
function checkEmbedded(group: readonly PackageCitation[], map: Buffer, source: string, where: string, report: Report, visit?: Visit): void {
  const embedded = embeddedSource(map, source);
  if (embedded.kind === 'found') {
    checkContent(group, embedded.bytes, where, report, visit);
    return;
  }
  for (const citation of group) {
    if (embedded.kind === 'not-a-map')
      report(
        citation.file,
        citation.at.path,
        `evidence of \`${citation.tool}\` cites \`${source}\` in \`${citation.ref.path}\`, which is not a source map in ${where}`,
      );
    else {
      const shown = embedded.sources.slice(0, 5).map((name) => `\`${name}\``);
      const more = embedded.sources.length > 5 ? `, … (${embedded.sources.length} in all)` : '';
      report(
        citation.file,
        citation.at.source ?? citation.at.path,
        `evidence of \`${citation.tool}\` cites \`${source}\`, which \`${citation.ref.path}\` does not embed in ${where} (its sources: ${shown.join(', ') || 'none'}${more})`,
      );
    }
  }
}
