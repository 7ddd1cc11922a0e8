/**
 * The arguments editor: JSON text with a clear message when it does not
 * parse, and hints for the argument names the tool's record mentions (its
 * rules' conditions and its egress destinations). Records carry no input
 * schema, so those are the only argument names the playground knows.
 */
import type { Predicate, ToolRecord } from '../../core/index.ts';
import { describePredicate } from '../lib/rules.ts';
import { el, type Child } from './dom.ts';
import { classBadge } from './labels.ts';
import { messageOf } from '../../core/errors.ts';

/** The editor text read as JSON. */
export type ParsedArgs = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Read the editor text. An empty text is `{}`, as an omitted `arguments`
 * is in a `tools/call` request.
 * @returns the value, or a message that names the line and column
 */
export function parseArgs(text: string): ParsedArgs {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const raw = messageOf(error);
    const position = /at position (\d+)/.exec(raw);
    let where = '';
    if (position && !/line \d+/.test(raw)) {
      const before = text.slice(0, Number(position[1]));
      const line = before.split('\n').length;
      where = ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
    }
    return { ok: false, message: `Not valid JSON: ${raw}${where}.` };
  }
}

/** One argument the record mentions, with what it means for the class. */
interface Hint {
  arg: string;
  /** Why it matters, one entry per rule condition or egress marking. */
  roles: Child[][];
  /** A value to insert when the argument is missing, if one makes sense. */
  sample?: unknown;
}

function sampleFor(predicate: Predicate): unknown {
  if ('equals' in predicate) return predicate.equals.value;
  if ('one_of' in predicate) return predicate.one_of.values[0];
  if ('sql_read_only' in predicate) return 'SELECT 1';
  if ('mongo_pipeline_read_only' in predicate) return [{ $match: {} }, { $limit: 10 }];
  if ('aws_cli_read_only' in predicate) return 'aws s3api list-buckets --region us-east-1';
  if ('url_host_in' in predicate) return `https://${predicate.url_host_in.hosts[0] ?? 'example.com'}/`;
  if ('url_http' in predicate) return 'https://example.com/';
  return undefined;
}

function argOf(predicate: Predicate): string {
  const body = Object.values(predicate)[0] as { arg?: string } | undefined;
  return body?.arg ?? '';
}

/** The hints for a tool: every argument its rules and egress marking name, in order of first mention. */
function hintsFor(tool: ToolRecord): Hint[] {
  const hints = new Map<string, Hint>();
  const hint = (arg: string): Hint => {
    let found = hints.get(arg);
    if (found === undefined) {
      found = { arg, roles: [] };
      hints.set(arg, found);
    }
    return found;
  };
  for (const rule of tool.rules ?? []) {
    for (const predicate of rule.when) {
      const entry = hint(argOf(predicate));
      const clause = describePredicate(predicate);
      const others = rule.when.length - 1;
      entry.roles.push([
        'Rule ',
        el('code', {}, rule.id),
        ', to ',
        classBadge(rule.class, 'sm'),
        ', needs: ',
        ...clause.parts.map((part) => (part.code ? el('code', {}, part.text) : part.text)),
        others > 0 ? ` (and ${others} more condition${others === 1 ? '' : 's'})` : '',
      ]);
      entry.sample ??= sampleFor(predicate);
    }
  }
  for (const arg of tool.egress?.destination ?? []) {
    const entry = hint(arg);
    entry.roles.push(['Egress destination: after a read, the session guard checks it against the allowlist.']);
    entry.sample ??= 'https://example.com/';
  }
  return [...hints.values()];
}

/** What the editor reports. */
export interface ArgsEditorEvents {
  /** The text changed (typing, a hint button, formatting). */
  change(text: string, immediate: boolean): void;
}

/** The editor's handle. */
export interface ArgsEditor {
  /** Replace the text (from an example, a pasted call or the address). */
  set(text: string): void;
  /** The current text. */
  text(): string;
  /** Show the hints of this tool (undefined: no record lists it, or the registry is still loading). */
  showTool(tool: ToolRecord | undefined, registryLoaded: boolean): void;
}

/**
 * Wire the editor.
 * @param textarea the JSON text
 * @param message where parse errors and warnings go (referenced by `aria-describedby`)
 * @param hintsBox where the argument hints go
 * @param formatButton pretty-prints the JSON
 */
export function argsEditor(
  textarea: HTMLTextAreaElement,
  message: HTMLElement,
  hintsBox: HTMLElement,
  formatButton: HTMLButtonElement,
  events: ArgsEditorEvents,
): ArgsEditor {
  let tool: ToolRecord | undefined;
  let loaded = false;

  const validate = (): void => {
    const parsed = parseArgs(textarea.value);
    if (!parsed.ok) {
      textarea.setAttribute('aria-invalid', 'true');
      message.textContent = parsed.message;
      message.dataset.kind = 'error';
    } else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      textarea.removeAttribute('aria-invalid');
      message.textContent = 'Valid JSON, but not an object. Tool arguments are a JSON object; anything else is an error, and the call is R4 (SPEC 4.4).';
      message.dataset.kind = 'warning';
    } else {
      textarea.removeAttribute('aria-invalid');
      message.textContent = '';
      delete message.dataset.kind;
    }
    renderHints();
  };

  const currentObject = (): Record<string, unknown> | undefined => {
    const parsed = parseArgs(textarea.value);
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) return undefined;
    return parsed.value as Record<string, unknown>;
  };

  // After a hint button rewrites the text, the hints are drawn again; the
  // focus moves to the new button for the same argument, not to the page.
  const rewrite = (next: Record<string, unknown>, arg: string): void => {
    textarea.value = JSON.stringify(next, null, 2);
    validate();
    events.change(textarea.value, true);
    hintsBox.querySelector<HTMLButtonElement>(`button[data-arg="${CSS.escape(arg)}"]`)?.focus();
  };

  function renderHints(): void {
    const children: Child[] = [];
    if (tool !== undefined) {
      const hints = hintsFor(tool);
      const args = currentObject();
      if (hints.length > 0) {
        children.push(el('p', { class: 'text-sm font-semibold' }, 'Arguments this tool’s record looks at'));
        children.push(
          el(
            'ul',
            { class: 'pg-hints' },
            ...hints.map((h) => {
              const present = args !== undefined && Object.hasOwn(args, h.arg);
              let button: HTMLButtonElement | undefined;
              if (args !== undefined && present) {
                button = el('button', { type: 'button', class: 'btn pg-small-btn', 'data-arg': h.arg }, 'Remove ', el('code', {}, h.arg));
                button.addEventListener('click', () => {
                  const next = { ...args };
                  delete next[h.arg];
                  rewrite(next, h.arg);
                });
              } else if (args !== undefined && h.sample !== undefined) {
                button = el('button', { type: 'button', class: 'btn pg-small-btn', 'data-arg': h.arg }, 'Add ', el('code', {}, h.arg));
                button.addEventListener('click', () => rewrite({ ...args, [h.arg]: h.sample }, h.arg));
              }
              return el(
                'li',
                {},
                el(
                  'div',
                  { class: 'flex flex-wrap items-center gap-x-3 gap-y-1' },
                  el('code', { class: 'font-semibold' }, h.arg),
                  el('span', { class: 'text-sm muted' }, present ? 'present' : 'not passed'),
                  button,
                ),
                el('ul', { class: 'pg-roles' }, ...h.roles.map((role) => el('li', {}, ...role))),
              );
            }),
          ),
        );
      }
      children.push(
        el(
          'p',
          { class: 'text-sm muted' },
          hints.length > 0
            ? 'Records do not carry the tool’s input schema, so these are the only argument names the playground can suggest; the tool may take others.'
            : 'No argument rule or egress marking of this tool looks at its arguments, so they do not change its class. Records do not carry the tool’s input schema, so no argument names are suggested.',
        ),
      );
    } else if (loaded) {
      children.push(el('p', { class: 'text-sm muted' }, 'No record lists this server and tool, so no argument can change the class.'));
    }
    hintsBox.replaceChildren(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  }

  textarea.addEventListener('input', () => {
    validate();
    events.change(textarea.value, false);
  });
  formatButton.addEventListener('click', () => {
    const parsed = parseArgs(textarea.value);
    if (parsed.ok) {
      textarea.value = JSON.stringify(parsed.value, null, 2);
      validate();
      events.change(textarea.value, true);
    } else {
      validate();
      textarea.focus();
    }
  });

  return {
    set(text) {
      textarea.value = text;
      validate();
    },
    text: () => textarea.value,
    showTool(next, registryLoaded) {
      tool = next;
      loaded = registryLoaded;
      renderHints();
    },
  };
}
