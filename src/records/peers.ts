/**
 * Peers: tools of different servers that do the same kind of action to the
 * same kind of object, found from their names (SPEC 2.9.4). Two tools are
 * peers when their names give the same verb (after the synonyms below) and
 * the same object (the name's last word, singular). Effects above R0 should
 * agree among peers (`read`, `context` and `metered` change no class and are
 * left out of the comparison); where a tool's effects differ from its
 * group's usual effects, its record says why in `differs`.
 *
 * Names are only a way to find candidates: a group may join unrelated
 * objects (a browser's page and a wiki's page), which a `differs` sentence
 * then says.
 */
import type { ServerRecord } from '../core/record.ts';
import { CLASSES } from '../core/classes.ts';
import { EFFECTS, deriveClass } from '../core/effects.ts';

/** Verbs as tool names spell them, and the action each stands for. */
const VERBS: Readonly<Record<string, string>> = {
  get: 'read',
  list: 'read',
  search: 'read',
  read: 'read',
  fetch: 'read',
  describe: 'read',
  find: 'read',
  show: 'read',
  view: 'read',
  create: 'create',
  add: 'create',
  new: 'create',
  insert: 'create',
  delete: 'delete',
  remove: 'delete',
  destroy: 'delete',
  drop: 'delete',
  update: 'update',
  edit: 'update',
  set: 'update',
  modify: 'update',
  patch: 'update',
};

/** Words after which a name says where, not what: `add_comment_to_review`. */
const PREPOSITIONS: ReadonlySet<string> = new Set(['to', 'from', 'in', 'into', 'on', 'for', 'by', 'of', 'with']);

/** A tool in a peer group. */
export interface PeerTool {
  server: string;
  /** Index of the record in the list given to {@link peerGroups}, and of the tool in that record. */
  recordIndex: number;
  toolIndex: number;
  name: string;
  /** The tool's effects, sorted. */
  effects: string[];
  /** The effects compared among peers: those above R0, sorted. */
  compared: string[];
  class: string;
  differs?: string;
}

/** Effects of class R0, which the comparison leaves out. */
const R0_EFFECTS: ReadonlySet<string> = new Set(EFFECTS.filter((e) => e.class === 'R0').map((e) => e.id));

/** Tools of at least two servers with the same verb and object whose effects above R0 are not all the same. */
export interface PeerGroup {
  verb: string;
  object: string;
  /** The compared effects most of the group's servers have, each server counting once per set (ties: more tools, then the lower class, then alphabetical). */
  usual: string[];
  tools: PeerTool[];
}

/** The words of a tool name: snake, kebab, dotted and camel case split, lower case. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\-./\s]+/)
    .filter((w) => w.length > 0);
}

/**
 * The verb and object a tool name gives, or undefined when its first word
 * (after a leading word equal to the server's id or its first part, as in
 * `linear_createIssue`, and without a trailing `tool`, as in `get_flow_tool`) is not a verb of {@link VERBS} or it has no object.
 * The object is the last word, or the word before a preposition
 * (`add_user_to_group` acts on a user). E.g. `delete_repository` →
 * `{verb: 'delete', object: 'repository'}`, `listIssues` →
 * `{verb: 'read', object: 'issue'}`.
 */
export function peerKey(toolName: string, serverId: string): { verb: string; object: string } | undefined {
  let w = words(toolName);
  const serverWord = serverId.split('-')[0];
  if (w.length > 2 && (w[0] === serverId || w[0] === serverWord)) w = w.slice(1);
  // A suffix every tool of a server carries names no object: `get_flow_tool` acts on a flow.
  if (w.length > 2 && w[w.length - 1] === 'tool') w = w.slice(0, -1);
  const first = w[0];
  const verb = w.length >= 2 && first !== undefined ? VERBS[first] : undefined;
  if (verb === undefined) return undefined;
  // `add_user_to_group` acts on a user: the object is the word before a preposition, else the last word.
  const preposition = w.findIndex((word, i) => i >= 2 && PREPOSITIONS.has(word));
  const last = preposition > 0 ? w[preposition - 1] : w[w.length - 1];
  if (last === undefined) return undefined;
  const object =
    last.length > 3 && last.endsWith('ies')
      ? `${last.slice(0, -3)}y`
      : last.length > 3 && last.endsWith('s') && !last.endsWith('ss')
        ? last.slice(0, -1)
        : last;
  return { verb, object };
}

function sameEffects(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((e, i) => e === b[i]);
}

/**
 * Every group of peers, over two or more servers, whose tools do not all have
 * the same effects, sorted by verb then object; tools in record order.
 */
export function peerGroups(records: readonly ServerRecord[]): PeerGroup[] {
  const byKey = new Map<string, { verb: string; object: string; tools: PeerTool[] }>();
  records.forEach((record, recordIndex) => {
    record.tools.forEach((tool, toolIndex) => {
      const key = peerKey(tool.name, record.id);
      if (key === undefined) return;
      const id = `${key.verb} ${key.object}`;
      const group = byKey.get(id) ?? { ...key, tools: [] };
      const list = group.tools;
      const effects = [...(tool.effects ?? [])].sort();
      list.push({
        server: record.id,
        recordIndex,
        toolIndex,
        name: tool.name,
        effects,
        compared: effects.filter((e) => !R0_EFFECTS.has(e)),
        class: tool.class,
        ...(tool.differs === undefined ? {} : { differs: tool.differs }),
      });
      byKey.set(id, group);
    });
  });
  const groups: PeerGroup[] = [];
  for (const { verb, object, tools } of byKey.values()) {
    if (new Set(tools.map((t) => t.server)).size < 2) continue;
    const sets = new Map<string, { effects: string[]; tools: number; servers: Set<string> }>();
    for (const t of tools) {
      const k = t.compared.join(',');
      const entry = sets.get(k) ?? { effects: t.compared, tools: 0, servers: new Set<string>() };
      entry.tools++;
      entry.servers.add(t.server);
      sets.set(k, entry);
    }
    if (sets.size < 2) continue;
    const rank = (effects: string[]) => (effects.length === 0 ? 0 : CLASSES.indexOf(deriveClass(effects)));
    const usual = [...sets.values()].sort(
      (a, b) =>
        b.servers.size - a.servers.size || b.tools - a.tools || rank(a.effects) - rank(b.effects) || a.effects.join(',').localeCompare(b.effects.join(',')),
    )[0]?.effects;
    if (usual === undefined) continue;
    groups.push({ verb, object, usual, tools });
  }
  return groups.sort((a, b) => a.verb.localeCompare(b.verb) || a.object.localeCompare(b.object));
}

/** The tools of a group whose compared effects are not the group's usual effects. */
export function unusualTools(group: PeerGroup): PeerTool[] {
  return group.tools.filter((t) => !sameEffects(t.compared, group.usual));
}
