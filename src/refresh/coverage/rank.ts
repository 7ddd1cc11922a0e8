/**
 * Ranking the MCP server packages of the list by use and matching each with
 * the record whose `server.packages` names it (issue 24). Pure.
 */
import { normalisePypiName } from '../../core/server-names.ts';
import type { ServerRecord } from '../../core/record.ts';
import { classify } from './classify.ts';
import type { Candidate, Classified, CoverageRegistry, Overrides, RankedServer } from './types.ts';

/** How many of each registry's top servers the lists show and count; the targets are 75 of 100 and 40 of 60. */
export const TOP: Readonly<Record<CoverageRegistry, { size: number; target: number }>> = {
  npm: { size: 100, target: 75 },
  pypi: { size: 60, target: 40 },
};

/** A package name as its registry compares it: exact for npm, PEP 503 normalised for PyPI. */
function key(registry: CoverageRegistry, name: string): string {
  return registry === 'npm' ? name : normalisePypiName(name);
}

/** The record naming a package, and the package's `before` when the record covers only older releases (SPEC 5.3). */
export interface PackageRecord {
  id: string;
  before?: string;
}

/** The record for each package name the records' `server.packages` name, per registry. */
export function recordsByPackage(records: readonly Pick<ServerRecord, 'id' | 'server'>[]): Record<CoverageRegistry, Map<string, PackageRecord>> {
  const found: Record<CoverageRegistry, Map<string, PackageRecord>> = { npm: new Map(), pypi: new Map() };
  for (const record of records)
    for (const pkg of record.server.packages ?? [])
      found[pkg.registry].set(key(pkg.registry, pkg.name), { id: record.id, ...(pkg.before !== undefined ? { before: pkg.before } : {}) });
  return found;
}

/** The ranked list of one registry, and every candidate with its kind (for the documents' counts). */
export interface RegistryCoverage {
  registry: CoverageRegistry;
  classified: Classified[];
  /** The top servers, most used first, at most `TOP[registry].size`. */
  top: RankedServer[];
  /** How many of `top` have a record that covers the package's current releases (one with `before` does not). */
  recorded: number;
}

/**
 * Rank one registry's candidates: servers only, most downloaded first (npm) or best rank first (PyPI), ties by name.
 * @param candidates the extract's packages of that registry
 */
export function rankRegistry(
  registry: CoverageRegistry,
  candidates: readonly Candidate[],
  overrides: Overrides,
  byPackage: Record<CoverageRegistry, Map<string, PackageRecord>>,
): RegistryCoverage {
  const classified = candidates.map((candidate) => classify(candidate, registry, overrides));
  const order = (a: Candidate, b: Candidate) =>
    (registry === 'npm' ? b.figure - a.figure : a.figure - b.figure) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const servers = classified.filter((item) => item.kind === 'server').sort(order);
  const top = servers.slice(0, TOP[registry].size).map((item, i): RankedServer => {
    const record = byPackage[registry].get(key(registry, item.name));
    return {
      ...item,
      rank: i + 1,
      ...(record !== undefined ? { recordId: record.id } : {}),
      ...(record?.before !== undefined ? { before: record.before } : {}),
    };
  });
  return { registry, classified, top, recorded: top.filter((item) => item.recordId !== undefined && item.before === undefined).length };
}
