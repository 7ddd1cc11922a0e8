/**
 * As-you-type suggestions for the header's search box (issue 27 item 3), as
 * an ARIA 1.2 combobox: the input (`role="combobox"`, `aria-expanded`,
 * `aria-controls`, `aria-activedescendant`) and a listbox of options, each a
 * server or a tool with its class. Down and Up move through the options
 * (and Down opens the list), Enter opens the active option's page (with
 * none active it submits the form to /search/, as without JavaScript),
 * Escape closes the list, and a click opens an option.
 *
 * Names come from the names index (lib/names-index.ts): the shard of the
 * first word typed (`search/names/<letter>.json`) is fetched once and
 * indexed with MiniSearch, which matches word prefixes and, for words of
 * four letters or more, one typo (Levenshtein distance 1, so `githb` finds
 * `github`); lib/suggest-rank.ts orders what it finds. If a shard cannot be
 * loaded the list stays closed and the form still submits.
 *
 * Loaded by SearchBox.astro only when the box first gets focus.
 */
import MiniSearch from 'minisearch';
import type { NamesShard, ShardServer } from '../lib/names-index.ts';
import { nameWords, shardOf } from '../lib/name-words.ts';
import { type Candidate, rankSuggestions } from '../lib/suggest-rank.ts';

const CLASS_IDS = ['R0', 'R1', 'R2', 'R3', 'R4'];
const CLASS_NAMES = ['No effect', 'Restorable', 'Compensable', 'Hard to recover', 'Irreversible'];

/** A suggestion: a server or one of its tools. */
interface Suggestion extends Candidate {
  href: string;
  cls: number;
  /** The tool's server name; absent for a server. */
  of?: string;
}

interface Doc {
  id: number;
  text: string;
}

interface Loaded {
  docs: Suggestion[];
  search: MiniSearch<Doc>;
}

const segment = (value: string): string => {
  const safe = value.replaceAll('/', '~');
  if (safe === '.' || safe === '..') return `~${safe}`;
  return /^[A-Za-z0-9._~-]+$/.test(safe) ? safe : encodeURIComponent(safe);
};

/** The suggestions of one shard, indexed for prefix and fuzzy search. */
function indexShard(shard: NamesShard, base: string): Loaded {
  const docs: Suggestion[] = [];
  const server = (row: ShardServer) => ({ href: `${base}servers/${segment(row[0])}/`, archived: row[3] === 1 });
  for (const row of shard.s) {
    if (row[4] !== 1) continue;
    docs.push({ kind: 'server', names: [row[0], row[1].split('(')[0]!], label: row[1], score: 0, cls: row[2], ...server(row) });
  }
  for (const [at, name, cls] of shard.t) {
    const row = shard.s[at]!;
    const { href, archived } = server(row);
    docs.push({ kind: 'tool', names: [name], label: name, score: 0, cls, of: row[1], href: `${href}${segment(name)}/`, archived });
  }
  const search = new MiniSearch<Doc>({ fields: ['text'], tokenize: (text) => text.split(' ') });
  search.addAll(docs.map((doc, id) => ({ id, text: doc.names.flatMap(nameWords).join(' ') })));
  return { docs, search };
}

/**
 * Wire suggestions to a search box.
 * @param input the header's search input, inside its form
 * @param list the listbox the options go in (hidden until there are some)
 */
export function attachSuggestions(input: HTMLInputElement, list: HTMLElement): void {
  const base = document.body.dataset.base ?? '/';
  const shards = new Map<string, Promise<Loaded | undefined>>();
  let options: Suggestion[] = [];
  let active = -1;
  let run = 0;

  const load = (key: string): Promise<Loaded | undefined> => {
    let found = shards.get(key);
    if (found === undefined) {
      found = fetch(`${base}search/names/${key}.json`)
        .then((response) => (response.ok ? (response.json() as Promise<NamesShard>) : undefined))
        .then((shard) => (shard === undefined ? undefined : indexShard(shard, base)))
        .catch(() => undefined);
      shards.set(key, found);
    }
    return found;
  };

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const setActive = (next: number) => {
    active = next;
    for (const [i, option] of list.querySelectorAll('[role="option"]').entries()) option.setAttribute('aria-selected', String(i === active));
    if (active >= 0) {
      input.setAttribute('aria-activedescendant', `${list.id}-${active}`);
      list.querySelector(`#${list.id}-${active}`)?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const render = () => {
    list.replaceChildren(
      ...options.map((item, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.href = item.href;
        li.dataset.kind = item.kind;
        const name = document.createElement('span');
        name.className = 'suggest-name font-mono';
        name.textContent = item.label;
        const where = document.createElement('span');
        where.className = 'suggest-where';
        where.textContent = item.kind === 'server' ? 'Server' : `Tool of ${item.of}`;
        const badge = document.createElement('span');
        badge.className = `badge badge-sm c-${CLASS_IDS[item.cls]}`;
        badge.textContent = `${CLASS_IDS[item.cls]} ${CLASS_NAMES[item.cls]}`;
        li.append(name, where, badge);
        if (item.archived) {
          const mark = document.createElement('span');
          mark.className = 'suggest-archived';
          mark.textContent = 'Archived';
          li.append(mark);
        }
        li.addEventListener('mousedown', (event) => event.preventDefault());
        li.addEventListener('click', () => location.assign(item.href));
        return li;
      }),
    );
    active = -1;
    input.removeAttribute('aria-activedescendant');
    list.hidden = options.length === 0;
    input.setAttribute('aria-expanded', String(options.length > 0));
  };

  const update = async () => {
    const mine = ++run;
    const query = input.value;
    const words = nameWords(query);
    if (words.length === 0 || query.trim().length < 2) {
      options = [];
      render();
      return;
    }
    const loaded = await load(shardOf(words[0]!));
    if (mine !== run) return;
    if (loaded === undefined) {
      options = [];
      render();
      return;
    }
    const hits = loaded.search.search(words.join(' '), {
      prefix: true,
      fuzzy: (term) => (term.length >= 4 ? 1 : false),
      combineWith: 'AND',
      tokenize: (text) => text.split(' '),
    });
    options = rankSuggestions(
      query,
      hits.slice(0, 200).map((hit) => ({ ...loaded.docs[hit.id as number]!, score: hit.score })),
    );
    render();
  };

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.addEventListener('input', () => void update());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (list.hidden && options.length > 0) {
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
      }
      if (options.length > 0) setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0 && !list.hidden) setActive(active <= 0 ? options.length - 1 : active - 1);
    } else if (event.key === 'Enter') {
      const chosen = !list.hidden ? options[active] : undefined;
      if (chosen !== undefined) {
        event.preventDefault();
        location.assign(chosen.href);
      }
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault();
        close();
      }
    }
  });
  input.addEventListener('blur', close);
  if (input.value.trim() !== '') void update();
}
