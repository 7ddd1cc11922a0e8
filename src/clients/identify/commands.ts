/**
 * Reading a stdio entry's command line (SPEC 6.1, 6.2): the launcher's name,
 * `cmd /c` unwrapping, environment variables that change what runs,
 * absolute launchers a server mapping file names (SPEC 6.3), and the
 * dispatch to the package and container readers. Browser-safe.
 */
import type { ConfigEntry } from '../types.ts';
import { splitCommandLine } from '../words.ts';
import { identifyContainer } from './containers.ts';
import { identifyNpmExec, identifyNpx, identifyPypi } from './packages.ts';
import { type EnvLauncher, USER_FOLDER_KEYS } from './env-keys.ts';
import { envProblem, failed, isAbsolutePath, isInside, normalisedPath, WINDOWS_EXTENSION } from './shared.ts';
import type { Found, IdentityIndex, Step } from './types.ts';

/**
 * The launcher's name: the word itself, or the base name of an absolute
 * path outside the project, without a Windows extension.
 */
function launcherName(word: string, entry: ConfigEntry): Step<{ name: string }> {
  let base = word;
  if (/[\\/]/.test(word)) {
    if (!isAbsolutePath(word)) return { error: `the launcher \`${word}\` is a relative path` };
    if (entry.projectDir !== undefined && isInside(word, entry.projectDir)) return { error: `the launcher \`${word}\` lies inside the project` };
    base = word.split(/[\\/]/).at(-1) ?? '';
  }
  if (WINDOWS_EXTENSION.test(base)) return { name: base.replace(WINDOWS_EXTENSION, '').toLowerCase() };
  return { name: /^[A-Za-z]:/.test(word) || word.includes('\\') ? base.toLowerCase() : base };
}

/**
 * Match an absolute launcher and its exact arguments against the server
 * mapping file (SPEC 6.3).
 * @returns the match, an error when a mapping names the launcher but cannot vouch for this entry, or undefined when no mapping names it
 */
function identifyMappedCommand(entry: ConfigEntry, index: IdentityIndex): Step<Found> | undefined {
  const commands = index.mapped?.commands ?? [];
  if (commands.length === 0) return undefined;
  const command = entry.command!.trim();
  const named = commands.filter((item) => normalisedPath(item.command) === normalisedPath(command));
  if (named.length === 0) return undefined;
  if (entry.projectDir !== undefined && isInside(command, entry.projectDir))
    return { error: `the launcher \`${command}\` lies inside the project, so no server mapping vouches for it` };
  const args = entry.args ?? [];
  const exact = named.filter((item) => item.args.length === args.length && item.args.every((arg, i) => arg === args[i]));
  if (exact.length === 0) return { error: `a server mapping (${named[0]!.at}) names the launcher \`${command}\` with other arguments` };
  const ids = new Set(exact.map((item) => item.recordId));
  if (ids.size > 1) return { error: `the server mappings name several records for the launcher \`${command}\` (${[...ids].sort().join(', ')})` };
  return { recordId: exact[0]!.recordId, subject: `command ${command}`, version: undefined, launcher: command, mapping: exact[0]!.at };
}

/** The launchers SPEC 6.1 reads (and `cmd`, which is unwrapped first). */
const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx', 'pnpm', 'npm', 'uvx', 'uv', 'pipx', 'docker', 'podman', 'cmd']);

const CMD_SWITCH = /^\/([dsq]|[ev]:(on|off))$/i;
const CMD_SPECIAL = /[&|<>^%!"]/;

/** The launcher families of the launchers rclass recognises (env-keys.ts). */
const LAUNCHER_FAMILY: Readonly<Record<string, EnvLauncher>> = {
  npx: 'npm',
  npm: 'npm',
  pnpx: 'pnpm',
  pnpm: 'pnpm',
  bunx: 'bun',
  uvx: 'uv',
  uv: 'uv',
  docker: 'container',
  podman: 'container',
};

/**
 * The launcher family of a command's first word, or of the word after `cmd /c`.
 * @returns undefined when the launcher is none of those or cannot be read (then every family of variables counts)
 */
function envFamily(words: readonly string[], entry: ConfigEntry): EnvLauncher | undefined {
  let first = launcherName(words[0] ?? '', entry);
  if (failed(first)) return undefined;
  if (first.name === 'cmd') {
    let i = 1;
    while (i < words.length && CMD_SWITCH.test(words[i]!)) i += 1;
    let rest = words.slice(i + 1);
    if (rest.length === 1 && /\s/.test(rest[0]!)) {
      const split = splitCommandLine(rest[0]!);
      if (failed(split)) return undefined;
      rest = split.words;
    }
    first = launcherName(rest[0] ?? '', entry);
    if (failed(first)) return undefined;
  }
  return Object.hasOwn(LAUNCHER_FAMILY, first.name) ? LAUNCHER_FAMILY[first.name] : undefined;
}

/**
 * Identify a stdio entry from its command and arguments (SPEC 6.1, 6.2).
 */
export function identifyCommand(entry: ConfigEntry, index: IdentityIndex): Step<Found> {
  const command = entry.command!.trim();
  let words: string[];
  if (/\s/.test(command)) {
    // A whole command line, or an absolute path with spaces (`C:\Program Files\nodejs\npx.cmd`):
    // an absolute path is read as a command line only when its first word names a launcher.
    const split = splitCommandLine(command);
    const firstName = failed(split) ? undefined : launcherName(split.words[0] ?? '', entry);
    const startsWithLauncher = firstName !== undefined && !failed(firstName) && LAUNCHERS.has(firstName.name);
    if (isAbsolutePath(command) && !startsWithLauncher) words = [command, ...(entry.args ?? [])];
    else if (failed(split)) return split;
    else words = [...split.words, ...(entry.args ?? [])];
  } else {
    words = [command, ...(entry.args ?? [])];
  }
  // A family of variables counts only for the launcher that reads it (`PIP_*` not for npx), as in the proxy's environment.
  const family = envFamily(words, entry);
  const envWhy = envProblem(entry.envKeys, false, family);
  if (envWhy !== undefined) return { error: `its \`env\` ${envWhy}` };
  // Keys passed on from the client's own environment: the user's real home folders are no risk there (USER_FOLDER_KEYS).
  const inherited = (entry.inheritedEnvKeys ?? []).filter((key) => !USER_FOLDER_KEYS.has(key.toUpperCase()));
  const inheritedWhy = envProblem([...entry.envKeys, ...inherited], false, family);
  if (inheritedWhy !== undefined)
    return { error: `its configuration passes ${inherited.map((key) => `\`${key}\``).join(', ')} on from the client's environment, so it ${inheritedWhy}` };
  const mapped = identifyMappedCommand(entry, index);
  if (mapped !== undefined) return mapped;
  let prefix = '';
  let first = launcherName(words[0] ?? '', entry);
  if (failed(first)) return first;
  if (first.name === 'cmd') {
    let i = 1;
    while (i < words.length && CMD_SWITCH.test(words[i]!)) i += 1;
    if (!/^\/[ck]$/i.test(words[i] ?? '')) return { error: '`cmd` is run without `/c`, so it starts no server' };
    let rest = words.slice(i + 1);
    if (rest.length === 1 && /\s/.test(rest[0]!)) {
      const split = splitCommandLine(rest[0]!);
      if (failed(split)) return split;
      rest = split.words;
    }
    if (rest.some((word) => CMD_SPECIAL.test(word)))
      return { error: '`cmd /c` is given characters it interprets (`&`, `|`, `<`, `>`, `^`, `%`, `!` or quotes)' };
    prefix = `cmd ${words[i]!.toLowerCase()} `;
    words = rest;
    first = launcherName(words[0] ?? '', entry);
    if (failed(first)) return first;
    if (first.name === 'cmd') return { error: '`cmd /c` starts another `cmd`' };
  }
  const name = first.name;
  const container = name === 'docker' || name === 'podman';
  if (container) {
    const containerWhy = envProblem(
      [...entry.envKeys, ...(entry.inheritedEnvKeys ?? []).filter((key) => !USER_FOLDER_KEYS.has(key.toUpperCase()))],
      true,
      'container',
    );
    if (containerWhy !== undefined) return { error: `its \`env\` ${containerWhy}` };
  }
  let found: Step<Found>;
  switch (name) {
    case 'npx':
      found = identifyNpx(words, 1, 'npx', { yes: true, registry: true, package: true }, index);
      break;
    case 'bunx':
      found = identifyNpx(words, 1, 'bunx', { yes: true, registry: false }, index);
      break;
    case 'pnpx':
      found = identifyNpx(words, 1, 'pnpx', { yes: false, registry: false }, index);
      break;
    case 'pnpm':
      found =
        words[1] === 'dlx'
          ? identifyNpx(words, 2, 'pnpm dlx', { yes: false, registry: false }, index)
          : { error: `\`pnpm ${words[1] ?? ''}\` is not \`pnpm dlx\`` };
      break;
    case 'npm':
      found =
        words[1] === 'exec' || words[1] === 'x'
          ? identifyNpmExec(words, `npm ${words[1]}`, index)
          : { error: `\`${`npm ${words[1] ?? ''}`.trim()}\` is not \`npm exec\`` };
      break;
    case 'uvx':
      found = identifyPypi(words, 1, 'uvx', index);
      break;
    case 'uv':
      found =
        words[1] === 'tool' && words[2] === 'run' ? identifyPypi(words, 3, 'uv tool run', index) : { error: `\`uv ${words[1] ?? ''}\` is not \`uv tool run\`` };
      break;
    case 'pipx':
      found = words[1] === 'run' ? identifyPypi(words, 2, 'pipx run', index) : { error: `\`pipx ${words[1] ?? ''}\` is not \`pipx run\`` };
      break;
    case 'docker':
    case 'podman':
      found = identifyContainer(words, name, index);
      break;
    default:
      found = {
        error: `\`${name.split(/\s/)[0]}\` is not a package launcher rclass recognises (npx, bunx, pnpm dlx, npm exec, uvx, pipx run, docker run, podman run)`,
      };
  }
  if (failed(found)) return found;
  return { ...found, launcher: `${prefix}${found.launcher}` };
}
