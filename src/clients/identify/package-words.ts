/**
 * Package specs among a configuration entry's words, for vouching (SPEC
 * 5.3, 6.3): an npm registry tarball URL read as the `name@version` it
 * serves, and the specs rclass cannot read as a name and version (a git
 * URL, `file:`, a bare `npm:` alias, another tarball, a local folder),
 * which could run any release. Browser-safe.
 */
import { parseNpmSpec, parsePypiSpec } from './packages.ts';
import { failed } from './shared.ts';

const NPM_NAME_PART = /^[a-z0-9][a-z0-9._~-]*$/;

/** The public npm registry's host: only its tarballs are read as the release they serve. */
const PUBLIC_REGISTRY_HOST = 'registry.npmjs.org';

/**
 * Read a tarball URL of the public npm registry,
 * `https://registry.npmjs.org/@scope/name/-/name-VERSION.tgz` (or without a
 * scope), as the spec `@scope/name@VERSION`. Any other host, a port, user
 * information, a query, a fragment or a longer path is not read: another
 * host can serve any bytes under that name (second review of issue 23).
 * @returns the spec, or undefined when the URL is not of that form
 */
export function tarballSpec(word: string): string | undefined {
  let url: URL;
  try {
    url = new URL(word);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.hostname !== PUBLIC_REGISTRY_HOST || url.port !== '' || url.username !== '' || url.password !== '') return undefined;
  if (url.search !== '' || url.hash !== '') return undefined;
  const segments = url.pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const file = segments.at(-1) ?? '';
  if (segments.at(-2) !== '-' || !file.endsWith('.tgz')) return undefined;
  const name = segments.at(-3) ?? '';
  const scope = segments.at(-4) ?? '';
  // Nothing before the name (or its scope): the registry serves `/name/-/…` and `/@scope/name/-/…` only.
  if (segments.length !== (scope.startsWith('@') ? 5 : 4) || segments[0] !== '') return undefined;
  if (!NPM_NAME_PART.test(name) || !file.startsWith(`${name}-`)) return undefined;
  const version = file.slice(name.length + 1, -'.tgz'.length);
  if (version === '') return undefined;
  return scope.startsWith('@') && NPM_NAME_PART.test(scope.slice(1)) ? `${scope}/${name}@${version}` : `${name}@${version}`;
}

/** Launchers whose first word after their options is a package, and the words that start them. */
const LAUNCHERS: ReadonlyArray<readonly string[]> = [
  ['npx'],
  ['bunx'],
  ['pnpx'],
  ['pnpm', 'dlx'],
  ['npm', 'exec'],
  ['npm', 'x'],
  ['uvx'],
  ['uv', 'tool', 'run'],
  ['pipx', 'run'],
];
/** Launcher options whose value is a package (so must be readable) or a setting (skipped). */
const PACKAGE_OPTIONS = new Set(['-p', '--package', '--from', '--with', '--spec']);
const VALUE_OPTIONS = new Set([
  '--registry',
  '--userconfig',
  '--prefix',
  '--cache',
  '--index-url',
  '-i',
  '--extra-index-url',
  '--index',
  '--default-index',
  '--find-links',
  '-f',
  '--python',
  '--pip-args',
  '--with-requirements',
  '--with-editable',
]);

/** The base name of a launcher word, without a Windows extension. */
function baseName(word: string): string {
  return (word.split(/[\\/]/).at(-1) ?? word).replace(/\.(cmd|exe|bat|com)$/i, '').toLowerCase();
}

/** The words a package launcher reads as packages: its package word and the values of `-p`, `--package`, `--from`, `--with`. */
function launcherPackageWords(words: readonly string[]): string[] {
  const found: string[] = [];
  for (let start = 0; start < words.length; start += 1) {
    const launcher = LAUNCHERS.find((names) => names.every((name, k) => (k === 0 ? baseName(words[start + k] ?? '') : words[start + k]) === name));
    if (launcher === undefined) continue;
    let i = start + launcher.length;
    for (; i < words.length; i += 1) {
      const word = words[i]!;
      if (word === '--') {
        i += 1;
        break;
      }
      if (!word.startsWith('-')) break;
      const eq = word.indexOf('=');
      const option = eq > 0 ? word.slice(0, eq) : word;
      if (PACKAGE_OPTIONS.has(option)) {
        if (eq > 0) found.push(word.slice(eq + 1));
        else {
          i += 1;
          if (words[i] !== undefined) found.push(words[i]!);
        }
      } else if (VALUE_OPTIONS.has(option) && eq < 0) i += 1;
    }
    if (words[i] !== undefined) found.push(words[i]!);
  }
  return found;
}

/** Whether a word names a package source rclass cannot read as a name and version. */
function unreadableSource(word: string): boolean {
  if (tarballSpec(word) !== undefined) return false;
  if (/^(npm:|file:|git[+:]|github:|gitlab:|bitbucket:|gist:|link:|workspace:)/i.test(word)) return true;
  if (/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/.test(word)) return true;
  if (/^https?:\/\//i.test(word)) return /\.(tgz|tar\.gz|tar|zip|whl|git)([?#].*)?$/i.test(word) || /\/archive\//i.test(word);
  if (/\.(tgz|tar\.gz|tar|zip|whl)$/i.test(word)) return true;
  // `name@npm:x`, `name@file:…`, `name@user/repo`: what follows the `@` is not a version (an npm alias is read where it names one).
  const spec = parseNpmSpec(word);
  return failed(spec) && /@[^@]*[/:]/.test(word) && !word.includes('@npm:');
}

/**
 * The package specs among an entry's words (after its command word) that
 * rclass cannot read as a name and version: sources in any position, and
 * the package a launcher runs when neither npm's nor PyPI's grammar reads it.
 * @param words the entry's words, its command first
 * @returns the words, as written
 */
export function unreadablePackageWords(words: readonly string[]): string[] {
  const found = new Set<string>();
  for (const word of words.slice(1)) {
    const value = word.startsWith('-') ? (word.includes('=') ? word.slice(word.indexOf('=') + 1) : '') : word;
    if (value !== '' && unreadableSource(value)) found.add(value);
  }
  for (const word of launcherPackageWords(words)) {
    if (tarballSpec(word) === undefined && failed(parseNpmSpec(word)) && failed(parsePypiSpec(word)) && !word.includes('@npm:')) found.add(word);
  }
  return [...found];
}
