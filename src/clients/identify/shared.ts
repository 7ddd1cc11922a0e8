/**
 * Small helpers every launcher reader shares (SPEC 6.1, 6.2): the result
 * test, environment variables that change what runs, option names as shown
 * in reasons, URL path segments, and platform-neutral path handling.
 * Browser-safe.
 */
import type { Step } from './types.ts';

/** Whether a step failed: the value is `{ error }`, with `notRecord` when the entry is known not to run a record (SPEC 5.3). */
export function failed<T>(value: Step<T>): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string';
}

export { envProblem } from './env-keys.ts';

/** A URL path's non-empty segments, e.g. `/a//b/` → `['a', 'b']`. */
export function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * How an option is named in a reason: a long option without its `=value`,
 * a short option without an attached value, so no value is ever shown.
 */
export function optionName(word: string): string {
  if (word.startsWith('--')) return word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
  return word.slice(0, 2);
}

/** The executable extensions Windows adds to a launcher's name. */
export const WINDOWS_EXTENSION = /\.(cmd|exe|bat|com)$/i;

/** Whether a word is an absolute path, POSIX (`/…`), Windows drive (`C:\\…`) or UNC (`\\\\…`). */
export function isAbsolutePath(word: string): boolean {
  return word.startsWith('/') || /^[A-Za-z]:[\\/]/.test(word) || word.startsWith('\\\\');
}

/** A path for comparison: forward slashes, no trailing slash, and lowercase for a Windows drive path. */
export function normalisedPath(path: string): string {
  const unified = path.replace(/\\/g, '/').replace(/\/+$/, '');
  return /^[A-Za-z]:\//.test(unified) ? unified.toLowerCase() : unified;
}

/** Whether `path` lies inside `dir`, component by component (`/a/b-evil` is not inside `/a/b`). */
export function isInside(path: string, dir: string): boolean {
  const p = normalisedPath(path);
  const d = normalisedPath(dir);
  return p === d || p.startsWith(`${d}/`);
}
