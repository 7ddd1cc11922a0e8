/**
 * The session view (SPEC 9): the calls made earlier in the same agent
 * session, each with the class it had when it was made, and the egress
 * allowlist. Once any call has been made the session has read, so the call
 * in the editor, classified as the next call, is R4 if it can send data to
 * a destination that is not on the allowlist.
 */
import type { Classification, ReversibilityClass } from '../../core/index.ts';
import { classLabel } from '../lib/classes.ts';
import { el } from './dom.ts';
import { classBadge, sourceShort } from './labels.ts';
import { parseAllowlist, type Call } from './state.ts';

/** The elements of the session view. */
export interface SessionTargets {
  list: HTMLOListElement;
  status: HTMLElement;
  allow: HTMLInputElement;
  add: HTMLButtonElement;
  clear: HTMLButtonElement;
}

/** What the session view reports. */
export interface SessionEvents {
  /** Append the call in the editor to the session. */
  add(): void;
  /** Remove the earlier call at this index. */
  remove(index: number): void;
  /** Remove every earlier call. */
  clear(): void;
  /** The allowlist changed. */
  allow(hosts: string[]): void;
}

/** The session view's handle. */
export interface SessionView {
  /** Draw the earlier calls; `classified` is absent while the registry loads. */
  render(steps: readonly Call[], classified: readonly Classification[] | undefined, sessionClass: ReversibilityClass | undefined): void;
  /** Set the allowlist field (from an example or the address). */
  setAllow(hosts: readonly string[]): void;
  /** Whether the call in the editor can be added (its arguments must parse). */
  setCanAdd(can: boolean): void;
}

const MAX_ARGS_SHOWN = 90;

function argsPreview(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? String(args);
  } catch {
    text = String(args);
  }
  return text.length > MAX_ARGS_SHOWN ? `${text.slice(0, MAX_ARGS_SHOWN - 1)}…` : text;
}

/**
 * Wire the session view.
 * @param targets its elements
 * @param events what to do on add, remove, clear and allowlist edits
 */
export function sessionView(targets: SessionTargets, events: SessionEvents): SessionView {
  targets.add.addEventListener('click', () => events.add());
  targets.clear.addEventListener('click', () => {
    events.clear();
    targets.add.focus();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let focusAfter: number | undefined;
  targets.allow.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => events.allow(parseAllowlist(targets.allow.value)), 200);
  });
  targets.allow.addEventListener('change', () => {
    clearTimeout(timer);
    events.allow(parseAllowlist(targets.allow.value));
  });

  return {
    render(steps, classified, sessionClass) {
      // Redrawing replaces the buttons; a focused button hands its focus to
      // the button now at its place (after a removal, the next call's).
      const buttons = (): HTMLButtonElement[] => [...targets.list.querySelectorAll<HTMLButtonElement>('button')];
      const focused = buttons().indexOf(document.activeElement as HTMLButtonElement);
      const restore = focusAfter ?? (focused >= 0 ? focused : undefined);
      focusAfter = undefined;
      targets.clear.disabled = steps.length === 0;
      targets.list.replaceChildren(
        ...steps.map((step, index) => {
          const decided = classified?.[index];
          const remove = el(
            'button',
            { type: 'button', class: 'btn pg-small-btn', 'aria-label': `Remove call ${index + 1}, ${step.server} ${step.tool}` },
            'Remove',
          );
          remove.addEventListener('click', () => {
            focusAfter = index;
            events.remove(index);
          });
          return el(
            'li',
            { class: 'pg-step', 'data-class': decided?.class },
            el(
              'div',
              { class: 'flex flex-wrap items-center gap-x-3 gap-y-1' },
              el('span', { class: 'font-mono font-semibold pg-wrap' }, `${step.server} / ${step.tool}`),
              decided ? classBadge(decided.class, 'sm') : null,
              decided ? el('span', { class: 'text-sm muted' }, sourceShort(decided)) : null,
              remove,
            ),
            el('code', { class: 'block text-[0.8rem] muted pg-wrap mt-1' }, argsPreview(step.arguments)),
          );
        }),
      );
      if (restore !== undefined) {
        const now = buttons();
        (now[Math.min(restore, now.length - 1)] ?? targets.add).focus();
      }
      if (steps.length === 0) {
        targets.status.textContent = 'No earlier calls: the session has not read anything yet, so the session guard leaves the call above alone.';
      } else {
        const worst = sessionClass ? ` The worst class so far is ${classLabel(sessionClass)}.` : '';
        targets.status.textContent = `${steps.length} earlier call${steps.length === 1 ? '' : 's'}: the session has read, so the call above is classified as the next one.${worst}`;
      }
    },
    setAllow(hosts) {
      targets.allow.value = hosts.join(', ');
    },
    setCanAdd(can) {
      targets.add.disabled = !can;
    },
  };
}
