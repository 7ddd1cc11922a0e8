/**
 * The files of `docs/coverage/` a run writes, from the committed extract,
 * the reviewed overrides and the records (issue 24). Reads files; writes
 * nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ServerRecord } from '../../core/record.ts';
import { rankedMarkdown, figuresLine } from './markdown.ts';
import { rankRegistry, recordsByPackage } from './rank.ts';
import { KINDS, NOT_YET, type Override, type Overrides, type PackageExtract } from './types.ts';

/** Where the coverage files live, relative to the repository's root. */
export const COVERAGE_DIR = path.join('docs', 'coverage');

/**
 * Read and check `overrides.yaml`: every entry has a known kind, a one-line reason, and a known `not_yet` if any.
 * @throws Error naming the first entry that is not so
 */
export function readOverrides(text: string): Overrides {
  const document = parse(text) as Partial<Record<'npm' | 'pypi', Record<string, Override>>> | null;
  const overrides: Overrides = { npm: document?.npm ?? {}, pypi: document?.pypi ?? {} };
  for (const registry of ['npm', 'pypi'] as const) {
    for (const [name, override] of Object.entries(overrides[registry])) {
      if (!(KINDS as readonly string[]).includes(override?.kind))
        throw new Error(`overrides.yaml: ${registry} ${name}: kind must be one of ${KINDS.join(', ')}`);
      if (typeof override.reason !== 'string' || override.reason.trim() === '' || override.reason.includes('\n'))
        throw new Error(`overrides.yaml: ${registry} ${name}: reason must be one line`);
      if (override.not_yet !== undefined && !(NOT_YET as readonly string[]).includes(override.not_yet))
        throw new Error(`overrides.yaml: ${registry} ${name}: not_yet must be one of ${NOT_YET.join(', ')}`);
    }
  }
  return overrides;
}

/** The records' ids and `server` blocks, read straight from `registry/*.yaml`. */
function readRecords(registryDir: string): Pick<ServerRecord, 'id' | 'server'>[] {
  return readdirSync(registryDir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => parse(readFileSync(path.join(registryDir, file), 'utf8')) as Pick<ServerRecord, 'id' | 'server'>);
}

/**
 * Generate the coverage documents.
 * @param root the repository's root
 * @returns the generated files by path relative to `root` (`docs/coverage/npm.md`, `pypi.md`) and one figures line per registry
 * @throws Error when the extract, the overrides or a record cannot be read
 */
export function coverageDocuments(root: string, registryDir = path.join(root, 'registry')): { files: Map<string, string>; figures: string[] } {
  const dir = path.join(root, COVERAGE_DIR);
  const extract = JSON.parse(readFileSync(path.join(dir, 'packages.json'), 'utf8')) as PackageExtract;
  const overrides = readOverrides(readFileSync(path.join(dir, 'overrides.yaml'), 'utf8'));
  const byPackage = recordsByPackage(readRecords(registryDir));
  const files = new Map<string, string>();
  const figures: string[] = [];
  for (const registry of ['npm', 'pypi'] as const) {
    const coverage = rankRegistry(registry, extract[registry], overrides, byPackage);
    files.set(path.join(COVERAGE_DIR, `${registry}.md`), rankedMarkdown(coverage, extract));
    figures.push(figuresLine(coverage));
  }
  return { files, figures };
}
