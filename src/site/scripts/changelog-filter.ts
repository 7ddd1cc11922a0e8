/**
 * The server filter of the changelog page (pages/changelog/[...page].astro):
 * shows the form that the page keeps hidden without JavaScript, and hides
 * the rows (one server in one release) whose server id does not contain
 * what was typed, and the releases left with no row. `?server=` presets it.
 */

/** Wire up the filter, if the page has one. */
export function enhanceChangelogFilter(): void {
  const form = document.querySelector<HTMLFormElement>('#changelog-filter');
  const input = document.querySelector<HTMLInputElement>('#changelog-server');
  const count = document.querySelector<HTMLElement>('#changelog-count');
  if (form === null || input === null || count === null) return;
  const rows = [...document.querySelectorAll<HTMLElement>('li[data-server]')];
  const releases = [...document.querySelectorAll<HTMLElement>('.changelog-release')];
  const apply = (): void => {
    const wanted = input.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      row.hidden = wanted !== '' && !(row.dataset.server ?? '').includes(wanted);
      if (!row.hidden) shown += 1;
    }
    for (const release of releases) release.hidden = release.querySelector('li[data-server]:not([hidden])') === null;
    count.textContent = wanted === '' ? '' : `${shown} of ${rows.length} rows on this page`;
    const url = new URL(location.href);
    if (wanted === '') url.searchParams.delete('server');
    else url.searchParams.set('server', wanted);
    history.replaceState(null, '', url);
  };
  input.value = new URLSearchParams(location.search).get('server') ?? '';
  form.hidden = false;
  form.addEventListener('submit', (event) => event.preventDefault());
  input.addEventListener('input', apply);
  apply();
}
