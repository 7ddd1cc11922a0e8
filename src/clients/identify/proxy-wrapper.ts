/**
 * An entry that starts its server behind `rclass proxy -- COMMAND ARGS…`
 * (README, "For a client with no hooks at all"): the server it runs is the
 * wrapped command, which is identified as the entry (SPEC 6), and rclass
 * gates its calls. Only rclass started from the user's `PATH` (`rclass`),
 * or from an absolute path outside the project (`/usr/local/bin/rclass`,
 * `node /opt/rclass/bin/rclass.mjs`), counts as rclass: a launcher a
 * repository can place is read as any other command. Browser-safe.
 */
import type { ConfigEntry } from '../types.ts';
import { isAbsolutePath, isInside, WINDOWS_EXTENSION } from './shared.ts';

/** The words that name the wrapper, for messages. */
export const PROXY_WRAPPER = 'rclass proxy';

function baseName(word: string): string {
  return (word.split(/[\\/]/).at(-1) ?? word).replace(WINDOWS_EXTENSION, '').toLowerCase();
}

/** Whether a launcher word is rclass's own: a bare name found on `PATH`, or an absolute path outside the project. */
function trusted(word: string, projectDir: string | undefined): boolean {
  if (!/[\\/]/.test(word)) return true;
  return isAbsolutePath(word) && (projectDir === undefined || !isInside(word, projectDir));
}

/**
 * The entry `rclass proxy` wraps.
 * @returns undefined when the entry is not rclass's proxy; the wrapped entry (same name, scope, `env` and folder; the command after `--`);
 *   or why a proxy entry names no server
 */
export function unwrapRclassProxy(entry: ConfigEntry): ConfigEntry | { error: string } | undefined {
  const command = entry.command;
  if (entry.transport !== 'stdio' || command === undefined || /\s/.test(command)) return undefined;
  const args = entry.args ?? [];
  let rest: readonly string[];
  const base = baseName(command);
  if (base === 'rclass' && trusted(command, entry.projectDir)) rest = args;
  else if (
    (base === 'node' || base === 'nodejs') &&
    trusted(command, entry.projectDir) &&
    baseName(args[0] ?? '') === 'rclass.mjs' &&
    isAbsolutePath(args[0]!)
  ) {
    if (entry.projectDir !== undefined && isInside(args[0]!, entry.projectDir)) return undefined;
    rest = args.slice(1);
  } else return undefined;
  if (rest[0] !== 'proxy') return undefined;
  const dashes = rest.indexOf('--');
  if (dashes < 0) return { error: '`rclass proxy` is given no `--` before the server to start' };
  const inner = rest.slice(dashes + 1);
  if (inner.length === 0 || inner[0] === '') return { error: '`rclass proxy --` names no server to start' };
  return { ...entry, command: inner[0]!, args: inner.slice(1) };
}
