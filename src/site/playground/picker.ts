/**
 * Choosing a server and a tool from the registry, with suggestions as you
 * type (see combobox.ts). Both fields accept any text, so an unknown server
 * or tool can be tried too (SPEC 4.3).
 */
import type { Registry } from '../../core/index.ts';
import { combobox, type Suggestion } from './combobox.ts';
import { el } from './dom.ts';
import { classBadge } from './labels.ts';

/** What the picker reports. */
export interface PickerEvents {
  /** A server was chosen; `tool` is the tool kept (empty when the new server does not list the old one). */
  change(server: string, tool: string): void;
}

/** The picker's handle: set both fields from elsewhere, or swap the registry in. */
export interface Picker {
  set(server: string, tool: string): void;
  setRegistry(registry: Registry): void;
}

/** Rank matches: exact, then prefix, then anywhere; ties keep registry order. */
function rank<T>(items: readonly T[], query: string, keys: (item: T) => string[]): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...items];
  const scored: Array<{ item: T; score: number; index: number }> = [];
  items.forEach((item, index) => {
    let best = Infinity;
    for (const key of keys(item)) {
      const k = key.toLowerCase();
      const score = k === q ? 0 : k.startsWith(q) ? 1 : k.includes(q) ? 2 : Infinity;
      best = Math.min(best, score);
    }
    if (best < Infinity) scored.push({ item, score: best, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.item);
}

/**
 * Wire the server and tool fields.
 * @param serverInput the server field, with its list box `serverList`
 * @param toolInput the tool field, with its list box `toolList`
 */
export function picker(
  serverInput: HTMLInputElement,
  serverList: HTMLUListElement,
  toolInput: HTMLInputElement,
  toolList: HTMLUListElement,
  events: PickerEvents,
): Picker {
  let registry: Registry | undefined;
  let server = serverInput.value;
  let tool = toolInput.value;

  const servers = combobox(serverInput, serverList, {
    suggest(query) {
      if (registry === undefined) return [];
      const records = [...registry.servers()];
      const list = query.trim() === server ? records : rank(records, query, (s) => [s.record.id, s.record.name]);
      return list.map(
        (s): Suggestion => ({
          value: s.record.id,
          extra: [
            el(
              'span',
              { class: 'pg-option-extra' },
              `${s.record.name !== s.record.id ? `${s.record.name} · ` : ''}${s.tools.size} tool${s.tools.size === 1 ? '' : 's'}`,
            ),
          ],
        }),
      );
    },
    commit(value) {
      server = value;
      const keep = registry?.server(value)?.tools.has(tool) === true;
      if (!keep) tool = '';
      tools.set(tool);
      events.change(server, tool);
    },
  });

  const tools = combobox(toolInput, toolList, {
    suggest(query) {
      const indexed = registry?.server(server);
      if (indexed === undefined) return [];
      const all = [...indexed.tools.values()];
      const list = query.trim() === tool ? all : rank(all, query, (t) => [t.name]);
      return list.map((t): Suggestion => ({ value: t.name, extra: [classBadge(t.class, 'sm')] }));
    },
    commit(value) {
      tool = value;
      events.change(server, tool);
    },
  });

  return {
    set(nextServer, nextTool) {
      server = nextServer;
      tool = nextTool;
      servers.set(nextServer);
      tools.set(nextTool);
    },
    setRegistry(next) {
      registry = next;
      servers.refresh();
      tools.refresh();
    },
  };
}
