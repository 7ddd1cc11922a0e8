/**
 * A text field with suggestions as you type (the WAI-ARIA combobox pattern
 * with a list box popup). The field stays free text: a reader may type a
 * server or tool the registry does not know, which is how unknown calls are
 * tried. Suggestions only help to fill it in.
 *
 * Keyboard: Down and Up move through the suggestions (Down opens them),
 * Enter takes the highlighted one or the text as typed, Escape closes the
 * list, Tab leaves. The value is committed on Enter, on choosing a
 * suggestion and when the field loses focus.
 */
import { el, type Child } from './dom.ts';

/** One suggestion. */
export interface Suggestion {
  /** What goes into the field. */
  value: string;
  /** What the suggestion shows after the value (words, badges). */
  extra?: Child[];
}

/** What a combobox needs from its owner. */
export interface ComboboxSource {
  /** Suggestions for the text typed so far, best first. */
  suggest(query: string): Suggestion[];
  /** The committed value changed. */
  commit(value: string): void;
}

/** The most suggestions shown at once; typing narrows them. */
const MAX_SUGGESTIONS = 250;

/**
 * Wire a combobox: an `<input>` and the `<ul>` list box it controls.
 * Returns a setter for the committed value (for changes that come from
 * elsewhere: a pasted call, an example, the address).
 */
export function combobox(input: HTMLInputElement, listbox: HTMLUListElement, source: ComboboxSource): { set(value: string): void; refresh(): void } {
  let shown: Suggestion[] = [];
  let active = -1;
  let committed = input.value;

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listbox.id);
  listbox.setAttribute('role', 'listbox');

  const optionId = (index: number): string => `${listbox.id}-${index}`;

  const highlight = (index: number): void => {
    active = index;
    for (const [i, node] of listbox.querySelectorAll('[role="option"]').entries()) node.setAttribute('aria-selected', String(i === index));
    if (index >= 0) {
      input.setAttribute('aria-activedescendant', optionId(index));
      document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };

  const close = (): void => {
    listbox.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    highlight(-1);
  };

  const open = (): void => {
    shown = source.suggest(input.value).slice(0, MAX_SUGGESTIONS);
    listbox.replaceChildren(
      ...shown.map((suggestion, index) =>
        el(
          'li',
          { id: optionId(index), role: 'option', 'aria-selected': 'false', class: 'pg-option' },
          el('span', { class: 'pg-option-value' }, suggestion.value),
          ...(suggestion.extra ?? []),
        ),
      ),
    );
    if (shown.length === 0) {
      close();
      return;
    }
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    // Opened on the committed value (a click, or Down without typing): start at it.
    highlight(input.value === committed ? shown.findIndex((suggestion) => suggestion.value === committed) : -1);
  };

  const commit = (value: string): void => {
    input.value = value;
    if (value === committed) return;
    committed = value;
    source.commit(value);
  };

  const choose = (index: number): void => {
    const suggestion = shown[index];
    if (suggestion === undefined) return;
    close();
    commit(suggestion.value);
  };

  input.addEventListener('input', open);
  input.addEventListener('click', () => (listbox.hidden ? open() : close()));
  input.addEventListener('keydown', (event) => {
    if (event.altKey && event.key === 'ArrowDown') {
      open();
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        if (listbox.hidden) open();
        else if (shown.length > 0) highlight((active + 1) % shown.length);
        event.preventDefault();
        break;
      case 'ArrowUp':
        if (!listbox.hidden && shown.length > 0) highlight(active <= 0 ? shown.length - 1 : active - 1);
        event.preventDefault();
        break;
      case 'Enter':
        if (!listbox.hidden && active >= 0) choose(active);
        else {
          close();
          commit(input.value.trim());
        }
        event.preventDefault();
        break;
      case 'Escape':
        if (!listbox.hidden) {
          close();
          event.preventDefault();
          event.stopPropagation();
        }
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  });
  input.addEventListener('blur', () => {
    close();
    commit(input.value.trim());
  });
  // Keep the focus in the field while a suggestion is clicked.
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const option = (event.target as HTMLElement).closest('[role="option"]');
    if (option === null) return;
    choose(Number(option.id.slice(listbox.id.length + 1)));
  });

  return {
    set(value: string) {
      committed = value;
      input.value = value;
      close();
    },
    refresh() {
      if (!listbox.hidden) open();
    },
  };
}
