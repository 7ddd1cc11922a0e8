/**
 * The servers list's filters (pages/servers/[...page].astro, issue 27 item
 * 3), with no framework. The list's pages are plain HTML; this script shows
 * the controls and, the first time the visitor uses one, fetches the filter
 * index (`servers/index.json`, lib/server-index.ts), then shows the servers
 * that pass (lib/server-filter.ts) over the whole registry in place of the
 * page, SHOW at a time, and says how many in a live region. With every
 * control back at its default the page's own list returns. The address's
 * `?q=`, `?ceiling=`, `?gate=`, `?class=`, `?status=`, `?archived=` and
 * `?sort=` preset the controls and follow them, so a filtered view can be
 * shared. If the index cannot be loaded the page's list stays and the live
 * region says so.
 */
import { filterServers, type ServerFilter, type ServerMatch, toolTotal } from '../lib/server-filter.ts';
import type { ServerIndex } from '../lib/server-index.ts';

const CLASS_IDS = ['R0', 'R1', 'R2', 'R3', 'R4'];
/** Matches shown at once; "Show more servers" adds as many again. */
const SHOW = 100;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
};

/** One match as a list item: name, tools and worst class, counts per class, the gate it needs, status. */
function matchItem(match: ServerMatch, base: string, labels: Record<string, string>, ceiling: string): HTMLLIElement {
  const { row } = match;
  const total = toolTotal(row.counts);
  const present = CLASS_IDS.filter((_, rank) => row.counts[rank]! > 0);
  const li = el('li', {
    class: 'rule-top py-4 grid gap-x-6 gap-y-2 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_auto] items-start',
    'data-id': row.id,
    'data-tools': String(total),
    'data-classes': present.join(' '),
  });
  const head = el('div', { class: 'min-w-0' });
  const h2 = el('h2', { class: 'text-lg font-semibold' });
  h2.append(el('a', { href: `${base}servers/${row.id}/` }, row.name));
  head.append(h2, el('p', { class: 'text-sm muted' }, row.id));
  const tools = el('div');
  const summary = el('p', { class: 'text-sm flex flex-wrap items-center gap-2' });
  summary.append(el('span', {}, `${total} ${total === 1 ? 'tool' : 'tools'}, worst`));
  const worst = present.at(-1);
  if (worst) {
    const badge = el('span', { class: `badge badge-sm c-${worst}`, 'data-class': worst });
    badge.append(el('span', { class: 'swatch', 'aria-hidden': 'true' }), document.createTextNode(labels[worst] ?? worst));
    summary.append(badge);
  }
  tools.append(summary, el('p', { class: 'counts mt-1 text-sm' }, CLASS_IDS.map((cls, rank) => `${row.counts[rank]} ${cls}`).join(' · ')));
  if (match.gate !== undefined) {
    const gate = el('p', { class: 'text-sm mt-1', 'data-gate': match.gate });
    gate.append('With ', el('code', {}, match.gate), ` on: ${match.left} of ${total} tools left, none above ${ceiling}.`);
    tools.append(gate);
  }
  const side = el('div', { class: 'flex md:flex-col md:items-end gap-2 text-sm' });
  if (row.status !== 'draft') side.append(el('span', { class: `status status-${row.status}` }, row.status === 'reviewed' ? 'Reviewed' : 'Verified'));
  if (row.archived) side.append(el('span', { class: 'status' }, 'Archived'));
  side.append(el('span', { class: 'muted' }, `checked against ${row.documentation ? "the vendor's documentation" : 'source'} ${row.verified}`));
  li.append(head, tools, side);
  return li;
}

/** Show the controls and run them; does nothing on a page without them. */
export function startServerFilters(): void {
  const form = document.querySelector<HTMLFormElement>('#server-controls');
  const count = document.querySelector<HTMLElement>('#server-count');
  const pages = document.querySelector<HTMLElement>('#server-pages');
  const matches = document.querySelector<HTMLElement>('#server-matches');
  const list = document.querySelector<HTMLUListElement>('#server-match-list');
  const more = document.querySelector<HTMLButtonElement>('#server-more');
  if (!form || !count || !pages || !matches || !list || !more) return;
  const base = document.body.dataset.base ?? '/';
  const pageText = count.textContent ?? '';
  const labels: Record<string, string> = {};
  for (const box of form.querySelectorAll<HTMLInputElement>('input[name="class"]')) labels[box.value] = box.parentElement?.textContent?.trim() ?? box.value;
  let index: Promise<ServerIndex> | undefined;
  let shown: ServerMatch[] = [];
  let run = 0;

  const read = (): { filter: ServerFilter; sort: string; ceiling: string; params: URLSearchParams } => {
    const data = new FormData(form);
    const ceiling = String(data.get('ceiling') ?? '');
    const present = data.getAll('class').map(String);
    const filter: ServerFilter = {
      query: String(data.get('q') ?? ''),
      ceiling: ceiling === '' ? undefined : CLASS_IDS.indexOf(ceiling),
      withGate: data.get('gate') === 'on',
      present: present.map((cls) => CLASS_IDS.indexOf(cls)).filter((rank) => rank >= 0),
      status: String(data.get('status') ?? ''),
      hideArchived: data.get('archived') === 'hide',
    };
    const sort = String(data.get('sort') ?? 'name');
    const params = new URLSearchParams();
    if (filter.query.trim() !== '') params.set('q', filter.query.trim());
    if (ceiling !== '') params.set('ceiling', ceiling);
    if (filter.withGate) params.set('gate', 'on');
    for (const cls of present) params.append('class', cls);
    if (filter.status !== '') params.set('status', filter.status);
    if (filter.hideArchived) params.set('archived', 'hide');
    if (sort !== 'name') params.set('sort', sort);
    return { filter, sort, ceiling, params };
  };

  const showMore = (ceiling: string) => {
    const next = shown.slice(list.children.length, list.children.length + SHOW);
    list.append(...next.map((match) => matchItem(match, base, labels, ceiling)));
    more.hidden = list.children.length >= shown.length;
  };

  const apply = async () => {
    const { filter, sort, ceiling, params } = read();
    history.replaceState(null, '', params.size > 0 ? `?${params}` : location.pathname);
    const mine = ++run;
    if (params.size === 0) {
      matches.hidden = true;
      pages.hidden = false;
      count.textContent = pageText;
      return;
    }
    try {
      index ??= fetch(`${form.dataset.index}`).then((response) => {
        if (!response.ok) throw new Error(`servers/index.json: HTTP ${response.status}`);
        return response.json() as Promise<ServerIndex>;
      });
      const rows = (await index).servers;
      if (mine !== run) return;
      shown = filterServers(rows, filter, sort);
      list.replaceChildren();
      showMore(ceiling);
      pages.hidden = true;
      matches.hidden = false;
      const gated = shown.filter((match) => match.gate !== undefined).length;
      count.textContent = `Showing ${shown.length} of ${rows.length} servers${ceiling ? ` with nothing above ${ceiling}${gated > 0 ? ` (${gated} of them with an option on that hides tools)` : ''}` : ''}.`;
    } catch (error) {
      index = undefined;
      if (mine !== run) return;
      count.textContent = 'The filters could not load the list of servers. The page’s own list is shown.';
      console.error(error);
    }
  };

  // Restore the state from the address.
  const initial = new URLSearchParams(location.search);
  (form.elements.namedItem('q') as HTMLInputElement).value = initial.get('q') ?? '';
  for (const name of ['ceiling', 'status', 'sort']) {
    const select = form.elements.namedItem(name) as HTMLSelectElement;
    select.value = initial.get(name) ?? (name === 'sort' ? 'name' : '');
    if (select.selectedIndex < 0) select.selectedIndex = 0;
  }
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    box.checked = box.name === 'class' ? initial.getAll('class').includes(box.value) : initial.get(box.name) === box.value;
  }
  form.hidden = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', (event) => {
    if ((event.target as HTMLElement).matches('input[type="search"]')) {
      clearTimeout(timer);
      timer = setTimeout(() => void apply(), 120);
    }
  });
  form.addEventListener('change', (event) => {
    if (!(event.target as HTMLElement).matches('input[type="search"]')) void apply();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void apply();
  });
  more.addEventListener('click', () => showMore(read().ceiling));
  if (initial.size > 0) void apply();
}
