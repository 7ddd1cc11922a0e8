/**
 * Filters and sorting for the tool grids (components/ToolGrid.astro), with no
 * framework: rows carry their facts in data-* attributes, filtering sets
 * `hidden`, sorting re-appends rows so the keyboard order follows what is
 * shown. Without this script the grid is shown complete, in its own order,
 * and the controls stay hidden. The address's `?class=`, `?effect=`,
 * `?gate=`, `?server=` and `?sort=` preset the controls and follow them.
 */

const RANK: Record<string, number> = { R0: 0, R1: 1, R2: 2, R3: 3, R4: 4 };

type Row = HTMLTableRowElement;

function rank(value: string | undefined): number {
  return value !== undefined && value in RANK ? RANK[value]! : -1;
}

function byName(a: Row, b: Row): number {
  const x = a.dataset.name ?? '';
  const y = b.dataset.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

const ORDERS: Record<string, (a: Row, b: Row) => number> = {
  '': (a, b) => Number(a.dataset.i) - Number(b.dataset.i),
  name: byName,
  'class-desc': (a, b) => rank(b.dataset.class) - rank(a.dataset.class) || byName(a, b),
  'class-asc': (a, b) => rank(a.dataset.class) - rank(b.dataset.class) || byName(a, b),
  // Tools an argument rule lowers first (lowest reachable class first), then the rest by class.
  low: (a, b) => {
    const x = a.dataset.low ? rank(a.dataset.low) : 10 + rank(a.dataset.class);
    const y = b.dataset.low ? rank(b.dataset.low) : 10 + rank(b.dataset.class);
    return x - y || byName(a, b);
  },
};

function matches(row: Row, filters: Record<string, string>): boolean {
  const { class: cls = '', effect = '', gate = '', server = '' } = filters;
  if (cls === 'lowered' ? !row.dataset.low : cls !== '' && row.dataset.class !== cls) return false;
  if (effect !== '' && !(row.dataset.effects ?? '').split(' ').includes(effect)) return false;
  const gates = (row.dataset.gates ?? '').split(' ').filter(Boolean);
  if (gate === '-' ? gates.length > 0 : gate !== '' && !gates.includes(gate)) return false;
  if (server !== '' && row.dataset.server !== server) return false;
  return true;
}

function enhance(form: HTMLFormElement): void {
  const table = document.getElementById(form.dataset.grid ?? '');
  const body = table?.querySelector('tbody');
  const count = form.querySelector<HTMLElement>('[role="status"]');
  if (!table || !body || !count) return;
  const rows = Array.from(body.querySelectorAll<Row>('tr[data-tool]'));
  const selects = Array.from(form.querySelectorAll<HTMLSelectElement>('select'));
  const params = new URLSearchParams(location.search);
  for (const select of selects) {
    const wanted = params.get(select.name);
    if (wanted !== null && Array.from(select.options).some((option) => option.value === wanted)) select.value = wanted;
  }

  const apply = (updateAddress: boolean) => {
    const values: Record<string, string> = Object.fromEntries(selects.map((select) => [select.name, select.value]));
    const order = ORDERS[values.sort ?? ''] ?? ORDERS['']!;
    let shown = 0;
    for (const row of [...rows].sort(order)) {
      row.hidden = !matches(row, values);
      if (!row.hidden) shown += 1;
      body.append(row);
    }
    count.textContent = shown === rows.length ? `Showing all ${rows.length} tools.` : `Showing ${shown} of ${rows.length} tools.`;
    if (updateAddress) {
      const next = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) if (value !== '') next.set(key, value);
      history.replaceState(null, '', `${location.pathname}${next.size > 0 ? `?${next}` : ''}${location.hash}`);
    }
  };
  form.addEventListener('change', () => apply(true));
  form.addEventListener('submit', (event) => event.preventDefault());
  form.hidden = false;
  apply(false);
}

/** Enhance every tool grid on the page. */
export function enhanceToolGrids(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form.grid-controls')) enhance(form);
}
