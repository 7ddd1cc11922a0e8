/**
 * As-you-type suggestions for the header's search box (issue 27 item 3), as
 * an ARIA 1.2 combobox: the input (`role="combobox"`, `aria-expanded`,
 * `aria-controls`, `aria-activedescendant`) and a listbox of options, each a
 * server or a tool with its class. Down and Up move through the options
 * (and Down opens the list), Enter opens the active option's page (with
 * none active it submits the form to /search/, as without JavaScript),
 * Escape closes the list, and a click opens an option. Names and their
 * order come from scripts/names-search.ts; if the index cannot be loaded
 * the list stays closed and the form still submits.
 *
 * Loaded by SearchBox.astro only when the box first gets focus.
 */
import { CLASS_IDS, CLASS_NAMES, type Suggestion, namesSearch } from './names-search.ts';

/**
 * Wire suggestions to a search box.
 * @param input the header's search input, inside its form
 * @param list the listbox the options go in (hidden until there are some)
 */
export function attachSuggestions(input: HTMLInputElement, list: HTMLElement): void {
  const names = namesSearch();
  let options: Suggestion[] = [];
  let active = -1;
  let run = 0;

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
    const found = query.trim() === '' ? [] : await names.find(query, 8);
    if (mine !== run) return;
    options = found;
    render();
    // The query these options answer, so a test (or a script) can tell the last query's list from an earlier one's.
    list.dataset.query = query;
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
