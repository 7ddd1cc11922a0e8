/**
 * Facts about tools that several pages show: the lowest class an argument
 * rule reaches (SPEC 5.4), what a tool's gates do (SPEC 5.5), the effect
 * vocabulary (SPEC 2.9.1), every tool of the registry as one flat list, and
 * the normalised name the comparison view groups by.
 */
import { CLASSES, classRank, type ReversibilityClass } from '../../core/classes.ts';
import type { Gate } from '../../core/record.ts';
import type { RegistryDocument, ServerRecord, ToolRecord } from './registry.ts';

/** One tool with the record it belongs to. */
export interface ToolRef {
  record: ServerRecord;
  tool: ToolRecord;
}

/** One effect of the vocabulary (SPEC 2.9.1), as `registry.json` lists it. */
export type EffectInfo = RegistryDocument['effects'][number];

/**
 * The lowest class any argument rule of the tool reaches, when it is below
 * the tool's base class; `undefined` when no rule lowers it.
 */
export function lowestRuleClass(tool: ToolRecord): ReversibilityClass | undefined {
  let lowest: ReversibilityClass | undefined;
  for (const rule of tool.rules ?? []) {
    if (lowest === undefined || classRank(rule.class) < classRank(lowest)) lowest = rule.class;
  }
  return lowest !== undefined && classRank(lowest) < classRank(tool.class) ? lowest : undefined;
}

/** The gates a tool names, resolved against its record (an unknown id reads as a plain flag). */
export function toolGates(record: ServerRecord, tool: ToolRecord): Gate[] {
  return (tool.gated_by ?? []).map((id) => record.gates?.find((gate) => gate.id === id) ?? { id, kind: 'flag', description: '' });
}

/** Every tool of the registry, records in id order and tools in record order. */
function allTools(registry: RegistryDocument): ToolRef[] {
  return registry.servers.flatMap((record) => record.tools.map((tool) => ({ record, tool })));
}

/** The tools of one base class, across every server. */
export function toolsOfClass(registry: RegistryDocument, cls: ReversibilityClass): ToolRef[] {
  return allTools(registry).filter(({ tool }) => tool.class === cls);
}

/** The tools that list one effect, across every server. */
export function toolsWithEffect(registry: RegistryDocument, effect: string): ToolRef[] {
  return allTools(registry).filter(({ tool }) => (tool.effects ?? []).includes(effect));
}

/** The effect vocabulary, grouped by the class each effect gives (lowest class first). */
export function effectsByClass(registry: RegistryDocument): Array<{ cls: ReversibilityClass; effects: EffectInfo[] }> {
  return CLASSES.map((cls) => ({ cls, effects: registry.effects.filter((effect) => effect.class === cls) }));
}

/**
 * The name a tool is compared under: camelCase and kebab-case become
 * snake_case, lowercased (`createRepository`, `create-repository` and
 * `create_repository` are one name). Names are compared as they are; a
 * server prefix (`linear_createIssue`) keeps them apart, on purpose, since
 * the prefix is part of what a client sees.
 */
export function normaliseToolName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-./\s]+/g, '_')
    .toLowerCase();
}

/**
 * Tools that share a normalised name on two or more servers, largest group
 * first, then by name. Each group lists one tool per server at most.
 */
export function comparableGroups(registry: RegistryDocument): Array<{ name: string; tools: ToolRef[] }> {
  const groups = new Map<string, ToolRef[]>();
  for (const ref of allTools(registry)) {
    const key = normaliseToolName(ref.tool.name);
    const list = groups.get(key) ?? [];
    if (!list.some((other) => other.record.id === ref.record.id)) list.push(ref);
    groups.set(key, list);
  }
  return [...groups.entries()]
    .filter(([, tools]) => tools.length > 1)
    .map(([name, tools]) => ({ name, tools }))
    .sort((a, b) => b.tools.length - a.tools.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The anchor of a comparison group on the comparison page: `same-create_repository`. */
export function compareAnchor(name: string): string {
  return `same-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

let groupsCache: { registry: RegistryDocument; groups: ReturnType<typeof comparableGroups> } | undefined;

/** {@link comparableGroups}, computed once per registry document (tool pages ask for it 1,000 times). */
export function comparableGroupsCached(registry: RegistryDocument): ReturnType<typeof comparableGroups> {
  if (groupsCache?.registry !== registry) groupsCache = { registry, groups: comparableGroups(registry) };
  return groupsCache.groups;
}
