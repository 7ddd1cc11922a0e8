/**
 * Which registry tools and live fixtures the default tier checks one by one,
 * and which the crawl tier does (issue 30). Checks whose cost grows with the
 * registry (a property over every tool, every pinned server started live)
 * cover everything only in `npm run test:crawl` (`RCLASS_CRAWL=1`, nightly in
 * .github/workflows/crawl.yml, `CRAWL` of test/site/sample.ts); `npm test`
 * covers a sample whose size does not grow with the registry, as
 * test/site/sample.ts does for pages:
 * - the first tool of every kind (its class, whether it has argument rules,
 *   whether it is marked `egress`), in record order;
 * - every tool of the largest record (most tools);
 * - every tool of a record a change touched, when git can tell
 *   (`changedRecordIds` of test/site/sample.ts, which runs git).
 * Live fixtures (test/fixtures/live) are sampled the same way: the first
 * fixture with each way of starting ({@link liveFeatures}), the one whose
 * run lists the most tools, and those of changed records.
 */
import type { RegistryDocument } from '../src/core/record.ts';
import type { LiveFixture } from './registry/support/live-fixture.ts';

type Tool = RegistryDocument['servers'][number]['tools'][number];

/** One tool to check, with its record id and why it was chosen. */
interface SampledTool {
  server: string;
  tool: Tool;
  reasons: string[];
}

/** A tool's kind for the sample: `R4 rules egress`, `R0`, … */
export function toolKind(tool: Tool): string {
  return [tool.class, ...((tool.rules ?? []).length > 0 ? ['rules'] : []), ...(tool.egress !== undefined ? ['egress'] : [])].join(' ');
}

/**
 * The sample described above, out of every tool of `document` in record
 * order; `changed` are the record ids a change touched.
 */
export function sampleTools(document: RegistryDocument, changed: readonly string[]): SampledTool[] {
  const every: SampledTool[] = document.servers.flatMap((record) => record.tools.map((tool) => ({ server: record.id, tool, reasons: [] })));
  const seen = new Set<string>();
  for (const entry of every) {
    const kind = toolKind(entry.tool);
    if (!seen.has(kind)) entry.reasons.push(`first of kind ${kind}`);
    seen.add(kind);
  }
  const largest = document.servers.reduce((most, record) => (record.tools.length > most.tools.length ? record : most));
  for (const entry of every) {
    if (entry.server === largest.id) entry.reasons.push('largest record');
    if (changed.includes(entry.server)) entry.reasons.push('changed');
  }
  return every.filter((entry) => entry.reasons.length > 0);
}

/**
 * The records `npm test` checks whole where a check's cost grows with the
 * registry and works record by record (a policy compiled over the records, a
 * one-server configuration per record): every record holding a tool of
 * {@link sampleTools}, so every kind of tool, the largest record and the
 * changed records, with the totals recounted. The crawl tier checks every
 * record.
 */
export function sampleRecords(document: RegistryDocument, changed: readonly string[]): RegistryDocument {
  const ids = new Set(sampleTools(document, changed).map((entry) => entry.server));
  const servers = document.servers.filter((record) => ids.has(record.id));
  return {
    ...document,
    servers,
    totals: { ...document.totals, servers: servers.length, tools: servers.reduce((sum, record) => sum + record.tools.length, 0) },
  };
}

/** The ways a live fixture starts its server: a named `bin`, placeholder `files`, several runs, arguments, environment, or none of these (`plain`). */
export function liveFeatures(fixture: LiveFixture): string[] {
  const features = [
    ...(fixture.bin !== undefined ? ['bin'] : []),
    ...(Object.keys(fixture.files).length > 0 ? ['files'] : []),
    ...(fixture.runs.length > 1 ? ['several runs'] : []),
    ...(fixture.runs.some((run) => run.args.length > 0) ? ['args'] : []),
    ...(fixture.runs.some((run) => Object.keys(run.env).length > 0) ? ['env'] : []),
  ];
  return features.length > 0 ? features : ['plain'];
}

/**
 * The live fixtures whose servers `npm test` starts, out of `fixtures` (in
 * id order): the first with each feature of {@link liveFeatures}, the one
 * with the longest listing, and those of the `changed` record ids; each with
 * the reasons it was chosen.
 */
export function sampleLiveFixtures(fixtures: readonly LiveFixture[], changed: readonly string[]): Map<string, string[]> {
  const chosen = new Map<string, string[]>();
  const choose = (fixture: LiveFixture | undefined, reason: string): void => {
    if (fixture !== undefined) chosen.set(fixture.id, [...(chosen.get(fixture.id) ?? []), reason]);
  };
  for (const feature of new Set(fixtures.flatMap(liveFeatures)))
    choose(
      fixtures.find((fixture) => liveFeatures(fixture).includes(feature)),
      `first with ${feature}`,
    );
  const longest = (fixture: LiveFixture): number => Math.max(...fixture.runs.map((run) => run.tools.length));
  choose(
    fixtures.reduce<LiveFixture | undefined>((most, fixture) => (most === undefined || longest(fixture) > longest(most) ? fixture : most), undefined),
    'longest listing',
  );
  for (const fixture of fixtures) if (changed.includes(fixture.id)) choose(fixture, 'changed');
  return chosen;
}
