/**
 * Small helpers every launcher reader shares (SPEC 6.1, 6.2): the result
 * test, environment variables that change what runs, option names as shown
 * in reasons, URL path segments, and platform-neutral path handling.
 * Browser-safe.
 */
import type { Step } from './types.ts';

/** Whether a step failed: the value is exactly `{ error }`. */
export function failed<T>(value: Step<T>): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value && Object.keys(value).length === 1;
}

/** Variables that change which code a launcher runs (SPEC 6.2), matched without regard to case. */
const CODE_ENV_EXACT = new Set(['PATH', 'NODE_OPTIONS', 'NODE_PATH', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONUSERBASE', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT']);
/**
 * Prefixes of such variables. SPEC 6.2 names the index settings of `UV_*`,
 * `PIP_*` and `BUN_*`; all of each family is refused here, since cache and
 * tool directories change what runs as surely as an index does.
 */
const CODE_ENV_PREFIXES = ['DYLD_', 'NPM_CONFIG_', 'UV_', 'PIP_', 'PIPX_', 'BUN_'];
/** For container launchers: variables that choose another daemon or registry configuration. */
const CONTAINER_ENV = new Set(['DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_CONFIG', 'CONTAINER_HOST', 'CONTAINERS_REGISTRIES_CONF', 'CONTAINERS_CONF', 'REGISTRIES_CONFIG_PATH']);

/**
 * Whether an environment variable changes which code runs (SPEC 6.2).
 * @param key the variable's name, any case
 * @param container also refuse variables that choose a container daemon or registry configuration
 */
export function changesWhatRuns(key: string, container = false): boolean {
  const upper = key.toUpperCase();
  if (CODE_ENV_EXACT.has(upper)) return true;
  if (CODE_ENV_PREFIXES.some((prefix) => upper.startsWith(prefix))) return true;
  return container && CONTAINER_ENV.has(upper);
}

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
