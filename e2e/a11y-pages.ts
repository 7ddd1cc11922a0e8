/**
 * Tool pages the default accessibility run checks (e2e/a11y.spec.ts)
 * besides its sample of every kind (test/site/sample.ts): a few chosen from
 * the registry the site was built from so that, between them, they show
 * everything a tool page can show:
 * each class, argument rules, a disclosure, egress with and without named
 * destinations and with a note, every kind of gate, the server's hints
 * agreeing with, below and above the registry's class, a title hint and no
 * annotations, draft and reviewed records, a first and a last tool, and
 * the longest tool and server names. Most of the site's pages are tool
 * pages of one template; these few stand for them. The sweep of every page
 * runs in the crawl tier (`npm run test:crawl`, nightly in CI:
 * .github/workflows/crawl.yml).
 */
import type { RegistryDocument, ServerRecord, ToolRecord } from '../src/core/record.ts';
import { compareHint } from '../src/site/lib/hints.ts';
import { segment } from '../src/site/lib/urls.ts';

/** A tool page's path relative to the site's base, as the sitemap lists it. */
function toolPagePath(record: ServerRecord, tool: ToolRecord): string {
  return `servers/${segment(record.id)}/${segment(tool.name)}/`;
}

/** Every feature a tool page can show that `tool` (of `record`, at `index`) shows. */
function toolPageFeatures(record: ServerRecord, tool: ToolRecord, index: number): string[] {
  const features = [`class ${tool.class}`, `record ${record.provenance.status}`, `hints ${compareHint(tool.annotations, tool.class).comparison}`];
  if ((tool.rules ?? []).length > 0) features.push('argument rules');
  if ((tool.rules ?? []).length > 1) features.push('several argument rules');
  if (tool.disclosure) features.push('disclosure');
  if (tool.override) features.push('override');
  if (tool.undo) features.push('undo');
  if ((tool.rules ?? []).some((rule) => rule.class < tool.class)) features.push('lowered by a rule');
  if (tool.annotations === undefined) features.push('no annotations');
  if (tool.annotations?.title) features.push('title hint');
  if (tool.egress) features.push(tool.egress.destination.length > 0 ? 'egress to named destinations' : 'egress to an unnamed destination');
  if (tool.egress?.note) features.push('egress note');
  for (const id of tool.gated_by ?? []) {
    const gate = record.gates?.find((candidate) => candidate.id === id);
    features.push(gate === undefined ? 'gate without a record entry' : `gate ${gate.kind}${gate.default === undefined ? '' : ' with a default'}`);
  }
  if ((tool.gated_by ?? []).length > 1) features.push('several gates');
  if (record.provenance.reviewers.length > 0) features.push('reviewers');
  if (record.provenance.release) features.push('release');
  if (index === 0) features.push('first tool (no previous)');
  if (index === record.tools.length - 1) features.push('last tool (no next)');
  return features;
}

/** The features every registry must let the chosen pages show; missing ones fail the test. */
export const REQUIRED_FEATURES = [
  'class R0',
  'class R1',
  'class R2',
  'class R3',
  'class R4',
  'argument rules',
  'hints agree',
  'hints hint-lower',
  'hints hint-higher',
  'no annotations',
  'title hint',
  'longest tool name',
  'longest server name',
];

/**
 * Tool pages that together show every feature present in `document`:
 * the longest tool name and the longest server name first, then a greedy
 * cover in registry order (each step takes the page adding the most
 * features not yet shown). The same registry always gives the same pages.
 */
export function coveringToolPages(document: RegistryDocument): { paths: string[]; features: Map<string, string>; present: Set<string> } {
  const candidates = document.servers.flatMap((record) =>
    record.tools.map((tool, index) => ({ path: toolPagePath(record, tool), record, tool, features: toolPageFeatures(record, tool, index) })),
  );
  const present = new Set(candidates.flatMap((candidate) => candidate.features));
  const features = new Map<string, string>(); // feature → the page that shows it
  const paths: string[] = [];
  const take = (candidate: (typeof candidates)[number], extra: string[] = []): void => {
    if (!paths.includes(candidate.path)) paths.push(candidate.path);
    for (const feature of [...candidate.features, ...extra]) if (!features.has(feature)) features.set(feature, candidate.path);
  };
  const longest = (measure: (candidate: (typeof candidates)[number]) => number) =>
    candidates.reduce((best, candidate) => (measure(candidate) > measure(best) ? candidate : best));
  if (candidates.length > 0) {
    take(
      longest((candidate) => candidate.tool.name.length),
      ['longest tool name'],
    );
    take(
      longest((candidate) => candidate.record.name.length + candidate.tool.name.length / 1000),
      ['longest server name'],
    );
    present.add('longest tool name').add('longest server name');
  }
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.features.filter((feature) => !features.has(feature)).length;
      if (gain > bestGain) [best, bestGain] = [candidate, gain];
    }
    if (best === undefined) break;
    take(best);
  }
  return { paths, features, present };
}
