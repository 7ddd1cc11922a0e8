/**
 * Which packages the catalogue lists (issue 25 item 4): the MCP server
 * packages of the committed package lists (`docs/coverage/packages.json`,
 * classified as `npm run coverage` classifies them) that no record names,
 * most used first. Pure.
 */
import { normalisePypiName } from '../../core/server-names.ts';
import type { ServerRecord } from '../../core/record.ts';
import { classify } from '../coverage/classify.ts';
import { recordsByPackage } from '../coverage/rank.ts';
import type { CoverageRegistry, Overrides, PackageExtract } from '../coverage/types.ts';

/** One package to list. `figure` is monthly downloads (npm) or the rank among the most-downloaded packages (PyPI). */
export interface CatalogueCandidate {
  registry: CoverageRegistry;
  name: string;
  figure: number;
  summary: string;
}

/**
 * The catalogue's candidates of one registry: kind `server`, not deprecated, no record naming the package
 * (a record naming it with `before` covers only older releases, so the package is still a candidate),
 * most downloaded first (npm) or best rank first (PyPI), ties by name.
 */
export function catalogueCandidates(
  registry: CoverageRegistry,
  extract: Pick<PackageExtract, CoverageRegistry>,
  overrides: Overrides,
  records: readonly Pick<ServerRecord, 'id' | 'server'>[],
): CatalogueCandidate[] {
  const recorded = recordsByPackage(records)[registry];
  const key = (name: string) => (registry === 'npm' ? name : normalisePypiName(name));
  return extract[registry]
    .map((candidate) => classify(candidate, registry, overrides))
    .filter((item) => item.kind === 'server' && item.notYet !== 'deprecated')
    .filter((item) => {
      const record = recorded.get(key(item.name));
      return record === undefined || record.before !== undefined;
    })
    .sort((a, b) => (registry === 'npm' ? b.figure - a.figure : a.figure - b.figure) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((item) => ({ registry, name: item.name, figure: item.figure, summary: item.summary }));
}
