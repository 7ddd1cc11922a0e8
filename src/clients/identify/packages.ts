/**
 * Recognising packages run through npm, pnpm, bun, uv and pipx launchers
 * (SPEC 6.1, 6.2, 6.4), including npm packages a server mapping file names
 * from a custom registry (SPEC 6.3). Browser-safe.
 */
import valid from 'semver/functions/valid.js';
import { valid as pep440Valid } from '@renovatebot/pep440';
import { releaseBefore, schemeOf, type ServerVersion } from '../../core/version.ts';
import { VERSION_TAG } from '../image-ref.ts';
import { normaliseRegistryUrl } from '../registry-url.ts';
import { failed, optionName } from './shared.ts';
import type { Found, IdentityIndex, Step } from './types.ts';
import { identifyUrl } from './urls.ts';

import { normalisePypiName } from '../../core/server-names.ts';

export { normalisePypiName };

const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;

function looksLikeSource(word: string): boolean {
  return /^(\.|~|file:|git[+:]|github:|gitlab:|bitbucket:|https?:)/i.test(word) || /[\\]/.test(word) || /\.(tgz|tar\.gz|tar|zip|whl)$/i.test(word);
}

/**
 * Read `name[@version]` as npm does (SPEC 6.1, 6.4).
 * @returns the name and version (undefined unpinned or `latest`, a string for a valid semver version, null for a tag or range)
 */
export function parseNpmSpec(word: string): Step<{ name: string; version: ServerVersion }> {
  if (looksLikeSource(word)) return { error: `\`${word}\` is a local path, git URL or tarball, not a package name` };
  const at = word.startsWith('@') ? word.indexOf('@', 1) : word.indexOf('@');
  const name = at > 0 ? word.slice(0, at) : word;
  const spec = at > 0 ? word.slice(at + 1) : undefined;
  if (!NPM_NAME.test(name)) return { error: `\`${name}\` is not an npm package name` };
  if (spec === undefined || spec === 'latest') return { name, version: undefined };
  if (spec === '') return { error: `\`${word}\` has an empty version` };
  // npm reads `name@npm:other`, `name@file:…`, `name@./dir`, `name@github:…` and `name@user/repo` as another package.
  if (/[\\/:]/.test(spec) || spec.startsWith('.'))
    return { error: `\`${name}@…\` names an alias, a path, a URL or a git repository after \`@\`, not a version` };
  return { name, version: valid(spec) !== null ? spec : null };
}

/**
 * Read `name[==version|@version]` as uvx and pipx do (SPEC 6.1, 6.4).
 * @returns the normalised name and version (null for a specifier that is not one exact version, SemVer-like or PEP 440)
 */
export function parsePypiSpec(word: string): Step<{ name: string; version: ServerVersion }> {
  if (looksLikeSource(word) || word.includes('/') || word.includes(':')) return { error: `\`${word}\` is a local path, URL or archive, not a package name` };
  if (word.includes('[')) return { error: `\`${word}\` asks for extras, which install more than the package` };
  const match = /^([A-Za-z0-9._-]+)(?:(==|@)(.*)|([<>!~=].*))?$/.exec(word);
  if (match === null || !PYPI_NAME.test(match[1]!)) return { error: `\`${word}\` is not a PyPI package name` };
  const name = normalisePypiName(match[1]!);
  if (match[4] !== undefined) return { name, version: null };
  const spec = match[3];
  if (spec === undefined || spec === 'latest') return { name, version: undefined };
  // PEP 440 spellings (`1.0rc1`, `1.9.post1`, `1!2.0`) are versions too, compared by PEP 440 (SPEC 6.4).
  return { name, version: VERSION_TAG.test(spec) || pep440Valid(spec) !== null ? spec : null };
}

/** The one record naming a package in an index map (SPEC 6.1); an error when none or several do. `kind` is `npm` or `PyPI`, for the message. */
function lookupPackage(map: Map<string, Set<string>>, name: string, kind: string): Step<{ recordId: string }> {
  const ids = map.get(name);
  if (ids === undefined) return { error: `no record names the ${kind} package \`${name}\`` };
  if (ids.size > 1) return { error: `the ${kind} package \`${name}\` is named by several records (${[...ids].sort().join(', ')})` };
  return { recordId: [...ids][0]! };
}

/**
 * Whether the release an entry runs is still the record's server, when the
 * record says from which release its package runs another one
 * (`server.packages[].before`, SPEC 5.3, 6.4).
 * @returns undefined when it is, else why the entry is unrecognised
 */
function pastBefore(index: IdentityIndex, registry: 'npm' | 'pypi', name: string, recordId: string, version: ServerVersion): string | undefined {
  const before = index.before?.get(`${registry} ${name}`);
  if (before === undefined || releaseBefore(before, version, schemeOf(registry))) return undefined;
  const which =
    version === undefined
      ? 'the entry is unpinned, so it runs the newest release'
      : version === null
        ? "the entry's version cannot be read"
        : `the entry runs ${version}, which is not older than ${before}`;
  return `the record \`${recordId}\` describes \`${name}\` only before ${before}, from which the package runs another server, and ${which}`;
}

const NPX_REFUSED: Readonly<Record<string, string>> = {
  '-p': 'runs a command from `--package`, not the package itself',
  '--package': 'runs a command from `--package`, not the package itself',
  '--': 'ends its options only after `--package`',
  '-c': 'runs a shell command instead of a package',
  '--call': 'runs a shell command instead of a package',
  '--registry': 'installs from a custom registry',
  '--userconfig': 'reads another npm configuration, which can name another registry',
  '--prefix': 'runs from another prefix',
};

/**
 * Match a package installed from a named registry: only a server mapping
 * file can vouch for what a custom registry serves (SPEC 6.3).
 */
function identifyMappedPackage(name: string, registry: string, launcher: string, index: IdentityIndex): Step<{ recordId: string; mapping: string }> {
  const normalised = normaliseRegistryUrl(registry);
  if (normalised === undefined) return { error: `\`${launcher} --registry\` names a registry that is not an https URL` };
  const matches = (index.mapped?.npm.get(name) ?? []).filter((item) => item.registry === normalised);
  if (matches.length === 0)
    return { error: `\`${launcher} --registry\` installs \`${name}\` from a custom registry, and no server mapping names that package there` };
  const ids = new Set(matches.map((item) => item.recordId));
  if (ids.size > 1) return { error: `the server mappings name several records for \`${name}\` from that registry (${[...ids].sort().join(', ')})` };
  return { recordId: matches[0]!.recordId, mapping: matches[0]!.at };
}

function identifyNpmPackage(word: string, rest: string[], launcher: string, index: IdentityIndex, registry?: string): Step<Found> {
  const spec = parseNpmSpec(word);
  if (failed(spec)) return spec;
  if (registry !== undefined) {
    if (spec.name === 'mcp-remote') return { error: `\`${launcher} --registry\` installs \`mcp-remote\` itself from a custom registry` };
    const mapped = identifyMappedPackage(spec.name, registry, launcher, index);
    if (failed(mapped)) return mapped;
    // A mirror serves the package's own releases: past its `before` it runs another server there too (SPEC 5.3, 6.3).
    const pastMapped = pastBefore(index, 'npm', spec.name, mapped.recordId, spec.version);
    if (pastMapped !== undefined) return { error: pastMapped, notRecord: mapped.recordId };
    return { recordId: mapped.recordId, subject: `npm ${word}`, version: spec.version, launcher: `${launcher} --registry`, mapping: mapped.mapping };
  }
  if (!index.npm.has(spec.name) && index.mapped?.npm.has(spec.name) === true) {
    return {
      error: `a server mapping names \`${spec.name}\` only from its own registry; write that registry with \`--registry\`, since the default registry could serve another package of that name`,
    };
  }
  if (spec.name === 'mcp-remote') {
    const target = rest[0];
    if (target === undefined || target.startsWith('-')) return { error: '`mcp-remote` names no URL first' };
    const url = identifyUrl(target, index);
    if (failed(url)) return url;
    return { ...url, version: undefined, launcher: `${launcher} mcp-remote` };
  }
  const found = lookupPackage(index.npm, spec.name, 'npm');
  if (failed(found)) return found;
  const past = pastBefore(index, 'npm', spec.name, found.recordId, spec.version);
  if (past !== undefined) return { error: past, notRecord: found.recordId };
  return { recordId: found.recordId, subject: `npm ${word}`, version: spec.version, launcher };
}

/** Read `--registry URL` or `--registry=URL` at `words[i]`: the value and the index of its last word, or an error. */
function registryOption(words: string[], i: number, launcher: string, seen: boolean): Step<{ value: string; last: number }> {
  if (seen) return { error: `\`${launcher}\` is given \`--registry\` twice` };
  const word = words[i]!;
  if (word.startsWith('--registry=')) return { value: word.slice('--registry='.length), last: i };
  const value = words[i + 1];
  if (value === undefined || value.startsWith('-')) return { error: `\`${launcher} --registry\` has no value` };
  return { value, last: i + 1 };
}

/**
 * The public npm registry, which npm uses when nothing names another
 * (docs.npmjs.com, `config`: registry, default `https://registry.npmjs.org/`).
 * VS Code's MCP gallery writes it into `npx --registry` (issue 24).
 */
const PUBLIC_NPM_REGISTRY = 'https://registry.npmjs.org/';

/**
 * The registry a `--registry` value names, for identification (SPEC 6.1, 6.3).
 * @returns undefined when it is the public default registry (any spelling npm reads as it: a trailing slash or none,
 *   `--registry URL` or `--registry=URL`), else the value to match against server mapping files
 */
function customRegistry(value: string): string | undefined {
  return normaliseRegistryUrl(value) === PUBLIC_NPM_REGISTRY ? undefined : value;
}

/** Which options a launcher of npm packages reads before the package. */
interface NpxOptions {
  /** `-y`/`--yes`: npx answers its install prompt; bunx ignores any option it does not know before the package (oven-sh/bun, `src/cli/bunx_command.zig`, `Options.parse`). */
  yes: boolean;
  /** `--registry URL`/`--registry=URL`: npx only; the public default registry counts as none, another needs a server mapping file (SPEC 6.3). */
  registry: boolean;
  /**
   * `-p`/`--package PKG [--] BIN`: npx only; installs PKG and runs the command BIN, which is recognised only when the
   * record of PKG lists BIN among the executables its `package.json` declares (`server.packages[].scripts`, SPEC 6.1).
   */
  package?: boolean;
}

/** Read `-p PKG`, `--package PKG` or `--package=PKG` at `words[i]`: the value and the index of its last word, or an error. */
function packageOption(words: string[], i: number, launcher: string, seen: boolean): Step<{ value: string; last: number }> {
  if (seen) return { error: `\`${launcher} --package\` is given twice, so it installs more than one package` };
  const word = words[i]!;
  if (word.startsWith('--package=')) return { value: word.slice('--package='.length), last: i };
  const value = words[i + 1];
  if (value === undefined || value.startsWith('-')) return { error: `\`${launcher} ${optionName(word)}\` has no value` };
  return { value, last: i + 1 };
}

/**
 * `npx --package PKG [--] BIN [args…]` (LaunchDarkly's README form): npx
 * installs PKG and runs BIN, which can be any command on the PATH, so only
 * an executable the record of PKG lists as running this server is
 * recognised (`scripts`, SPEC 6.1, 6.2).
 * @param packageWord PKG as written; `words[i]` is the first word after the options
 */
function identifyNpxBin(words: string[], i: number, packageWord: string, launcher: string, index: IdentityIndex, registry?: string): Step<Found> {
  const at = words[i] === '--' ? i + 1 : i;
  const command = words[at];
  if (command === undefined) return { error: `\`${launcher} --package\` names no command to run` };
  const spec = parseNpmSpec(packageWord);
  if (failed(spec)) return spec;
  if (index.scripts?.get(`npm ${spec.name}`)?.has(command) !== true) {
    return {
      error: `\`${launcher} --package ${packageWord}\` runs the command \`${command}\`, which no record lists as an executable of \`${spec.name}\` that runs its server`,
    };
  }
  const found = identifyNpmPackage(packageWord, words.slice(at + 1), launcher, index, registry);
  if (failed(found)) return found;
  return { ...found, launcher: `${launcher} --package` };
}

/**
 * Read `npx`, `bunx`, `pnpx` or `pnpm dlx` and the package after its options (SPEC 6.1, 6.2).
 * @param start the index in `words` of the first word after the launcher
 * @param options which of `-y`/`--yes` and `--registry` the launcher may be given
 * @returns the match, or an error naming the option or package that left it unrecognised
 */
export function identifyNpx(words: string[], start: number, launcher: string, options: NpxOptions, index: IdentityIndex) {
  let i = start;
  let registry: string | undefined;
  let seenRegistry = false;
  let packageWord: string | undefined;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (!word.startsWith('-')) break;
    if (word === '--' && packageWord !== undefined) break;
    const option = optionName(word);
    if (options.yes && (word === '-y' || word === '--yes')) continue;
    if (options.package === true && (option === '-p' || option === '--package')) {
      const read = packageOption(words, i, launcher, packageWord !== undefined);
      if (failed(read)) return read;
      packageWord = read.value;
      i = read.last;
      continue;
    }
    if (options.registry && option === '--registry') {
      const read = registryOption(words, i, launcher, seenRegistry);
      if (failed(read)) return read;
      seenRegistry = true;
      registry = customRegistry(read.value);
      i = read.last;
      if (registry !== undefined && index.mapped === undefined) return { error: `\`${launcher} --registry\` ${NPX_REFUSED['--registry']}` };
      continue;
    }
    if (Object.hasOwn(NPX_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${NPX_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  if (packageWord !== undefined) return identifyNpxBin(words, i, packageWord, launcher, index, registry);
  const word = words[i];
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  return identifyNpmPackage(word, words.slice(i + 1), launcher, index, registry);
}

/**
 * `npm exec [-y] [--] <package> [args…]`: npm reads options after the
 * package as its own (a `--registry` there would apply) unless `--` comes
 * before the package.
 */
export function identifyNpmExec(words: string[], launcher: string, index: IdentityIndex) {
  let i = 2;
  let separated = false;
  let registry: string | undefined;
  let seenRegistry = false;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (word === '--') {
      separated = true;
      i += 1;
      break;
    }
    if (!word.startsWith('-')) break;
    if (word === '-y' || word === '--yes') continue;
    const option = optionName(word);
    if (option === '--registry') {
      const read = registryOption(words, i, launcher, seenRegistry);
      if (failed(read)) return read;
      seenRegistry = true;
      registry = customRegistry(read.value);
      i = read.last;
      if (registry !== undefined && index.mapped === undefined) return { error: `\`${launcher} --registry\` ${NPX_REFUSED['--registry']}` };
      continue;
    }
    if (Object.hasOwn(NPX_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${NPX_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  const word = words[i];
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  const rest = words.slice(i + 1);
  if (!separated && rest.some((arg) => arg.startsWith('-')))
    return { error: `\`${launcher}\` reads options after the package as its own unless \`--\` comes before the package` };
  return identifyNpmPackage(word, rest, launcher, index, registry);
}

const UV_REFUSED: Readonly<Record<string, string>> = {
  '--from': 'runs a command from another source, not the package itself',
  '--with': 'installs more packages alongside it',
  '--with-requirements': 'installs more packages alongside it',
  '--with-editable': 'installs a local package alongside it',
  '--index': 'installs from a custom index',
  '--index-url': 'installs from a custom index',
  '-i': 'installs from a custom index',
  '--extra-index-url': 'installs from a custom index',
  '--default-index': 'installs from a custom index',
  '--find-links': 'installs from a custom source',
  '-f': 'installs from a custom source',
  '--spec': 'installs from another source, not the package itself',
  '--pip-args': 'passes options to pip, which can name a custom index',
};

/**
 * Read `uvx --from <package> <command>` (also `--from=<package>`, and `uv tool run`). The command is checked
 * against the package once it is known ({@link ownCommand}).
 * @param start the index in `words` of `--from`
 * @returns the package word as `--from` gives it (name and version) and the command, or an error
 */
function fromPackage(words: string[], start: number, launcher: string): Step<{ word: string; command: string }> {
  const option = words[start]!;
  const value = option === '--from' ? words[start + 1] : option.slice('--from='.length);
  const commandAt = option === '--from' ? start + 2 : start + 1;
  if (value === undefined || value === '' || value.startsWith('-')) return { error: `\`${launcher} --from\` has no value` };
  const command = words[commandAt];
  if (command === undefined) return { error: `\`${launcher} --from\` names no command` };
  if (command.startsWith('-')) {
    const next = optionName(command);
    return { error: `\`${launcher} ${next}\` ${UV_REFUSED[next] ?? 'is an option rclass does not read after `--from`'}` };
  }
  return { word: value, command };
}

/**
 * Whether `uvx --from <package> <command>` runs the package's own server: the command is the package's name as
 * written, the executable `uvx <package>` itself runs (uv looks the target's name up among the package's scripts),
 * or one of the console scripts the package's record lists (`scripts`, SPEC 6.1). Any other command is a script no
 * record says the package declares, so the entry stays unrecognised (SPEC 6.2).
 * @returns the reason it is not, or undefined when it is
 */
function ownCommand(word: string, command: string, name: string, launcher: string, index: IdentityIndex): string | undefined {
  const written = /^[A-Za-z0-9._-]+/.exec(word)?.[0];
  if (written !== undefined && command === written) return undefined;
  if (index.scripts?.get(`pypi ${name}`)?.has(command) === true) return undefined;
  return `\`${launcher} --from\` runs the command \`${command}\`, not the package's own \`${written ?? word}\` or a script its record lists; only those are what a record of the package describes`;
}

/**
 * Read `uvx`, `uv tool run` or `pipx run` and the PyPI package after it (SPEC 6.1, 6.2). uvx and `uv tool run` also
 * read `--from <package> <its own command>` ({@link fromPackage}); any other option leaves the entry unrecognised.
 * @param start the index in `words` of the first word after the launcher
 */
export function identifyPypi(words: string[], start: number, launcher: string, index: IdentityIndex) {
  let word = words[start];
  let shownLauncher = launcher;
  let command: string | undefined;
  if (word !== undefined && launcher !== 'pipx run' && optionName(word) === '--from') {
    const from = fromPackage(words, start, launcher);
    if (failed(from)) return from;
    word = from.word;
    command = from.command;
    shownLauncher = `${launcher} --from`;
  } else if (word?.startsWith('-')) {
    const option = optionName(word);
    if (Object.hasOwn(UV_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${UV_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  const spec = parsePypiSpec(word);
  if (failed(spec)) return command === undefined ? spec : { error: `\`${launcher} --from\`: ${spec.error}` };
  const found = lookupPackage(index.pypi, spec.name, 'PyPI');
  if (failed(found)) return found;
  const notOwn = command === undefined ? undefined : ownCommand(word, command, spec.name, launcher, index);
  if (notOwn !== undefined) return { error: notOwn };
  const past = pastBefore(index, 'pypi', spec.name, found.recordId, spec.version);
  if (past !== undefined) return { error: past, notRecord: found.recordId };
  return { recordId: found.recordId, subject: `pypi ${word}`, version: spec.version, launcher: shownLauncher };
}
