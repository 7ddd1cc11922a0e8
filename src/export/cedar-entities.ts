/**
 * Cedar entities with each tool's class as attributes (SPEC 8.3.1), in
 * ToolHive's entity style (`Tool::"<name>"` inside `MCP::"<server>"`, action
 * `Action::"call_tool"`; stacklok/toolhive `pkg/authz/authorizers/cedar/`),
 * so one policy such as
 * `permit (principal, action == Action::"call_tool", resource) when { resource.rclass <= 1 };`
 * covers every tool instead of one rule per tool. Valid against
 * `schema/rclass-tools.cedarschema`.
 *
 * A tool name two records share is one entity, as ToolHive names tools
 * without their server: it gets the strictest values (the worst class, every
 * effect, disclosure or egress if either has it) and both servers as
 * parents. Browser-safe.
 */
import { classRank, worseClass, type ReversibilityClass } from '../core/classes.ts';
import { classMetadata } from '../core/action-metadata.ts';
import type { RegistryDocument } from '../core/record.ts';
import { compareText } from './text.ts';

/** One entity in Cedar's JSON entity format. */
interface CedarEntity {
  uid: { type: string; id: string };
  attrs: Record<string, unknown>;
  parents: Array<{ type: string; id: string }>;
}

/** What the entity of one tool name gathers over the records that list it. */
interface Gathered {
  worst: ReversibilityClass;
  base: ReversibilityClass;
  effects: Set<string>;
  disclosure: boolean;
  egress: boolean;
  servers: Set<string>;
}

/**
 * `rclass export --format cedar-entities`: every server as `MCP::"<id>"`
 * and every tool name as `Tool::"<name>"` with the attributes `name`,
 * `rclass` (the static worst case, SPEC 8.1, as a number 0–4), `baseRclass`
 * (the record's class), `effects`, `disclosure`, `egress` and
 * `requiresReview` (SPEC 7.4).
 * @returns a JSON array ending in a newline, servers then tools, each sorted by id
 */
export function renderCedarEntities(document: RegistryDocument): string {
  const tools = new Map<string, Gathered>();
  for (const record of document.servers) {
    for (const tool of record.tools) {
      const egress = tool.egress !== undefined;
      const worst: ReversibilityClass = egress ? 'R4' : tool.class;
      const seen = tools.get(tool.name);
      if (seen === undefined) {
        tools.set(tool.name, {
          worst,
          base: tool.class,
          effects: new Set(tool.effects ?? []),
          disclosure: tool.disclosure === true,
          egress,
          servers: new Set([record.id]),
        });
        continue;
      }
      seen.worst = worseClass(seen.worst, worst);
      seen.base = worseClass(seen.base, tool.class);
      for (const effect of tool.effects ?? []) seen.effects.add(effect);
      seen.disclosure ||= tool.disclosure === true;
      seen.egress ||= egress;
      seen.servers.add(record.id);
    }
  }
  const entities: CedarEntity[] = document.servers
    .map((record) => record.id)
    .sort(compareText)
    .map((id) => ({ uid: { type: 'MCP', id }, attrs: {}, parents: [] }));
  for (const [name, gathered] of [...tools.entries()].sort(([a], [b]) => compareText(a, b))) {
    const metadata = classMetadata({ class: gathered.worst, disclosure: gathered.disclosure, egress: gathered.egress });
    entities.push({
      uid: { type: 'Tool', id: name },
      attrs: {
        name,
        rclass: classRank(metadata.class),
        baseRclass: classRank(gathered.base),
        effects: [...gathered.effects].sort(compareText),
        disclosure: gathered.disclosure,
        egress: gathered.egress,
        requiresReview: metadata.requiresReview,
      },
      parents: [...gathered.servers].sort(compareText).map((id) => ({ type: 'MCP', id })),
    });
  }
  return `${JSON.stringify(entities, null, 2)}\n`;
}
