/**
 * The policy plan every static export renders (SPEC 8): which servers, under
 * which names, with which tools at which base class, and where each tool
 * lands under the thresholds. Exporters are pure functions of a plan, so the
 * same plan gives the same text in the CLI, the build and the site.
 *
 * Browser-safe: no Node built-ins.
 */
import { CLASSES, type ReversibilityClass } from '../core/classes.ts';
import type { RecordStatus, RegistryDocument, ServerRecord } from '../core/record.ts';
import { type Decision, type Thresholds, decide, decideUnrecognised, lowestClass } from '../core/policy.ts';

/** One tool as an export sees it. */
export interface PlannedTool {
  /** The tool name exactly as the server lists it. */
  name: string;
  /**
   * The worst case, which every static export uses (SPEC 8.1): the base
   * class, or R4 for a tool marked `egress`, since the hook's session guard
   * (SPEC 9) makes such a call R4 once the session has read anything and
   * the destination is not on the egress allowlist, which a static policy
   * cannot see.
   */
  class: ReversibilityClass;
  /** The record's class for the tool, before the session guard. */
  base: ReversibilityClass;
  /** Whether the tool is marked `egress` (SPEC 5.2, 9). */
  egress: boolean;
  /** The lowest class an argument rule can give; equal to `class` when the tool has no rules. */
  lowest: ReversibilityClass;
  /** The record's one-sentence rationale for the base class. */
  rationale: string;
}

/** One server as an export sees it: a record under a name, or an unrecognised entry. */
export interface PlannedServer {
  /** The name the target uses: the config key with a CONFIG, else the record id. */
  name: string;
  /** The record, when the entry was identified (SPEC 6); absent for an unrecognised entry. */
  record?: ServerRecord;
  /** Why the entry was not identified; set exactly when `record` is absent. */
  unrecognised?: string;
  /** The record's tools, sorted by name (empty for an unrecognised entry). */
  tools: PlannedTool[];
}

/** Everything an exporter needs. */
export interface PolicyPlan {
  /** Who generated the output, e.g. `rclass 0.1.0`. */
  generator: string;
  /** The SPEC version of the registry. */
  specVersion: string;
  /** The registry's own totals, for headers. */
  registryTotals: RegistryDocument['totals'];
  /** Where the server names come from: `registry` or the config file's base name. */
  source: string;
  /** The user's thresholds (before any format default). */
  thresholds: Thresholds;
  /** Servers, sorted by name. */
  servers: PlannedServer[];
}

/** A server to include under a name: a record id (with `tools`, only those of its tools), or an unrecognised entry with its reason. */
export type ServerSelection = { name: string; recordId: string; tools?: readonly string[] } | { name: string; unrecognised: string };

/** Options for {@link planPolicy}. */
export interface PlanOptions {
  generator: string;
  thresholds: Thresholds;
  /** The servers to include; the whole registry under record ids when omitted. */
  servers?: readonly ServerSelection[];
  /** Shown in headers as where the names come from; `registry` when omitted. */
  source?: string;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Why an egress tool's worst case is R4, appended to its rationale in exports. */
const EGRESS_WORST_CASE =
  'Once the session has read anything, a call to a destination off the egress allowlist is R4 (session guard, SPEC 9), which only a per-call check can see.';

function toolsOf(record: ServerRecord): PlannedTool[] {
  return record.tools
    .map((tool) => {
      const egress = tool.egress !== undefined;
      return {
        name: tool.name,
        class: egress ? ('R4' as const) : tool.class,
        base: tool.class,
        egress,
        lowest: lowestClass(tool),
        rationale: egress && tool.class !== 'R4' ? `${tool.rationale} ${EGRESS_WORST_CASE}` : tool.rationale,
      };
    })
    .sort((a, b) => compare(a.name, b.name));
}

/**
 * Build a plan from a registry document.
 * @param document a registry document (SPEC 5.8)
 * @param options generator name, thresholds and the servers to include
 * @throws Error if a selection names a record id the document does not hold (a caller bug: identification only returns ids it found)
 */
export function planPolicy(document: RegistryDocument, options: PlanOptions): PolicyPlan {
  const byId = new Map(document.servers.map((record) => [record.id, record]));
  const selections: readonly ServerSelection[] = options.servers ?? document.servers.map((record) => ({ name: record.id, recordId: record.id }));
  const servers: PlannedServer[] = selections.map((selection) => {
    if ('unrecognised' in selection) return { name: selection.name, unrecognised: selection.unrecognised, tools: [] };
    const record = byId.get(selection.recordId);
    if (record === undefined) throw new Error(`no record \`${selection.recordId}\` in the registry`);
    const tools = toolsOf(record);
    return { name: selection.name, record, tools: selection.tools === undefined ? tools : tools.filter((tool) => selection.tools!.includes(tool.name)) };
  });
  servers.sort((a, b) => compare(a.name, b.name));
  return {
    generator: options.generator,
    specVersion: document.spec_version,
    registryTotals: document.totals,
    source: options.source ?? 'registry',
    thresholds: options.thresholds,
    servers,
  };
}

/** Where one tool lands under the given thresholds. */
export function toolDecision(tool: PlannedTool, thresholds: Thresholds): Decision {
  return decide(tool.class, tool.lowest, thresholds);
}

/** Where every tool of an unrecognised server lands (each counts as R4). */
export function unrecognisedDecision(thresholds: Thresholds): Decision {
  return decideUnrecognised(thresholds);
}

/** Per-class tool counts over the plan's recognised servers, and the counts of servers per status. */
function planCounts(plan: PolicyPlan): {
  tools: number;
  classes: Record<ReversibilityClass, number>;
  statuses: Partial<Record<RecordStatus, number>>;
  unrecognised: number;
} {
  const classes = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<ReversibilityClass, number>;
  const statuses: Partial<Record<RecordStatus, number>> = {};
  let tools = 0;
  let unrecognised = 0;
  for (const server of plan.servers) {
    if (server.record === undefined) {
      unrecognised += 1;
      continue;
    }
    statuses[server.record.provenance.status] = (statuses[server.record.provenance.status] ?? 0) + 1;
    for (const tool of server.tools) {
      classes[tool.class] += 1;
      tools += 1;
    }
  }
  return { tools, classes, statuses, unrecognised };
}

/**
 * Header lines shared by the formats that allow comments (without comment
 * markers): generator, spec version, registry totals, what the file covers,
 * thresholds and record statuses.
 */
export function headerLines(plan: PolicyPlan, title: string, thresholdText: string): string[] {
  const counts = planCounts(plan);
  const recognised = plan.servers.length - counts.unrecognised;
  const statusText = (['draft', 'reviewed', 'verified'] as const)
    .filter((status) => (counts.statuses[status] ?? 0) > 0)
    .map((status) => `${counts.statuses[status]} ${status} record${counts.statuses[status] === 1 ? '' : 's'}`)
    .join(', ');
  const lines = [
    title,
    `Generated by ${plan.generator} from the Reversibility Classes registry (SPEC ${plan.specVersion}): ${plan.registryTotals.servers} servers, ${plan.registryTotals.tools} tools.`,
    `Covers ${recognised} server${recognised === 1 ? '' : 's'} (names from ${plan.source}), ${counts.tools} tools: ${CLASSES.map((c) => `${c} ${counts.classes[c]}`).join(', ')}.`,
  ];
  if (counts.unrecognised > 0)
    lines.push(`${counts.unrecognised} unrecognised server${counts.unrecognised === 1 ? '' : 's'} count as R4 for every tool (SPEC 6.2).`);
  lines.push(
    'Static policy: every tool at its worst case, its base class (R4 for tools that can send data out, as the session guard makes them after a read); argument rules and the egress allowlist are left to a per-call check (SPEC 8.1, 9).',
  );
  lines.push(`Thresholds: ${thresholdText}.`);
  if (statusText !== '')
    lines.push(
      `Record status: ${statusText}${(counts.statuses.draft ?? 0) > 0 ? '; a draft is checked against source by its author, not yet reviewed by a second person (SPEC 5.1)' : ''}.`,
    );
  return lines;
}

/** `draft`, `reviewed` or `verified` with the reading SPEC 5.1 gives it, for per-server comments. */
export function statusText(status: RecordStatus): string {
  switch (status) {
    case 'draft':
      return 'draft, not yet reviewed';
    case 'reviewed':
      return 'reviewed';
    case 'verified':
      return 'verified against a running release';
  }
}
