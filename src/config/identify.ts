/**
 * Identifying the record a client configuration entry runs (SPEC 6).
 *
 * An entry is recognised only when it runs a record's package or image as
 * itself, or points at one of its hosted URLs (SPEC 6.1); anything that
 * could make other code run leaves it unrecognised, which is R4 for every
 * tool (SPEC 6.2). The answer never depends on tool names. Pinned versions
 * are read for SPEC 5.3 and 6.4.
 *
 * Reasons name options, launchers and package names, never `env` values,
 * header values or other argument values. Browser-safe.
 */
import valid from 'semver/functions/valid.js';
import type { ServerRecord } from '../core/record.ts';
import type { ServerVersion } from '../core/version.ts';
import { normaliseRegistryUrl, type MappedServer } from './mappings.ts';
import type { ConfigEntry, ParsedConfig } from './types.ts';
import { hasShellSpecial, splitCommandLine } from './words.ts';

/** How an entry was recognised: `command` only ever through a server mapping file (SPEC 6.3). */
export type IdentifiedVia = 'npm' | 'pypi' | 'image' | 'url' | 'command';

/** The answer for one entry. */
export type Identification =
  | {
      status: 'recognised';
      recordId: string;
      via: IdentifiedVia;
      /** What was matched, e.g. `npm @modelcontextprotocol/server-filesystem@2026.8.31` or `url https://api.githubcopilot.com/mcp/`. */
      subject: string;
      /** The pinned version (SPEC 6.4): undefined when unpinned, null when pinned but unreadable. */
      version: ServerVersion;
      /** The launcher words in front of the package, e.g. `cmd /c npx -y`. */
      launcher: string;
      /** Where the server mapping file says so (`FILE:LINE:COL`), when a mapping recognised it (SPEC 6.3). */
      mapping?: string;
    }
  | { status: 'unrecognised'; reason: string }
  | { status: 'invalid'; reason: string }
  | { status: 'disabled' };

/** The records' identities, indexed for matching. */
export interface IdentityIndex {
  npm: Map<string, Set<string>>;
  pypi: Map<string, Set<string>>;
  images: Map<string, Set<string>>;
  /** Record URLs, and mapped gateway URLs with `at`, where the mapping file says so. */
  urls: Array<{ origin: string; segments: string[]; recordId: string; at?: string }>;
  /** What a server mapping file adds (SPEC 6.3); see {@link withMappings}. */
  mapped?: MappedIdentities;
  /**
   * Looks at the folder a server starts in for settings that choose another
   * registry or index (SPEC 6.2), e.g. a repository's `.npmrc`; Node-side
   * callers set it (see `src/config/project-settings.ts`), so this module
   * stays free of file access.
   * @returns why the entry is unrecognised, or undefined when nothing there changes what runs
   */
  project?: (dir: string, launcher: PackageLauncher) => string | undefined;
}

/** The launcher families whose settings a project folder can change. */
export type PackageLauncher = 'npm' | 'pnpm' | 'bun' | 'uv';

/** A server mapping file's identities, indexed (SPEC 6.3). Each value carries where the file says so. */
export interface MappedIdentities {
  /** Canonical image name → record id → `FILE:LINE:COL`. */
  images: Map<string, Map<string, string>>;
  /** npm package → the registries it is mapped from. */
  npm: Map<string, Array<{ registry: string; recordId: string; at: string }>>;
  /** Absolute launchers with their exact arguments. */
  commands: Array<{ command: string; args: string[]; recordId: string; at: string }>;
}

type Step<T> = T | { error: string };

/** A match, before it becomes an {@link Identification}. */
type Found = { recordId: string; subject: string; version: ServerVersion; launcher: string; mapping?: string };

function failed<T>(value: Step<T>): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value && Object.keys(value).length === 1;
}

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(id);
  map.set(key, set);
}

/** PyPI names compare after PEP 503 normalisation: lowercase, runs of `-`, `_`, `.` as one `-`. */
export function normalisePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * Build the index from records' `server.packages`, `server.images` and `server.urls` (SPEC 5.3).
 * Unparseable record URLs are skipped (the record schema requires `https://` URIs).
 */
export function buildIdentityIndex(records: readonly ServerRecord[]): IdentityIndex {
  const index: IdentityIndex = { npm: new Map(), pypi: new Map(), images: new Map(), urls: [] };
  for (const record of records) {
    for (const pkg of record.server.packages ?? []) {
      if (pkg.registry === 'npm') add(index.npm, pkg.name, record.id);
      else add(index.pypi, normalisePypiName(pkg.name), record.id);
    }
    for (const image of record.server.images ?? []) add(index.images, canonicalImageName(image.toLowerCase()), record.id);
    for (const url of record.server.urls ?? []) {
      try {
        const parsed = new URL(url);
        index.urls.push({ origin: parsed.origin, segments: segmentsOf(parsed.pathname), recordId: record.id });
      } catch {
        // The record schema requires URIs; a bad one simply matches nothing.
      }
    }
  }
  return index;
}

/**
 * Add a server mapping file's entries to an index (SPEC 6.3). The index
 * passed in is left as it was. Two mappings that name different records for
 * one thing, or a mapping that disagrees with a record, leave entries that
 * run it unrecognised, as two records naming one package do.
 * @param index the registry's identities
 * @param mappings the parsed file
 * @param hasRecord whether the registry in use has a record id
 * @returns the new index, and one message per mapping left out because its record is not in the registry
 */
export function withMappings(index: IdentityIndex, mappings: readonly MappedServer[], hasRecord: (id: string) => boolean): { index: IdentityIndex; problems: string[] } {
  const mapped: MappedIdentities = { images: new Map(), npm: new Map(), commands: [] };
  const urls = [...index.urls];
  const problems: string[] = [];
  for (const mapping of mappings) {
    if (!hasRecord(mapping.record)) {
      problems.push(`${mapping.at}  warning  [servers-file]  the registry has no record \`${mapping.record}\`, so this mapping recognises nothing (the file's other mappings still apply)`);
      continue;
    }
    if (mapping.kind === 'image') {
      const name = canonicalImageName(mapping.image);
      const byRecord = mapped.images.get(name) ?? new Map<string, string>();
      if (!byRecord.has(mapping.record)) byRecord.set(mapping.record, mapping.at);
      mapped.images.set(name, byRecord);
    } else if (mapping.kind === 'package') {
      const list = mapped.npm.get(mapping.package) ?? [];
      list.push({ registry: mapping.registry, recordId: mapping.record, at: mapping.at });
      mapped.npm.set(mapping.package, list);
    } else if (mapping.kind === 'command') {
      mapped.commands.push({ command: mapping.command, args: mapping.args, recordId: mapping.record, at: mapping.at });
    } else {
      const parsed = new URL(mapping.url);
      urls.push({ origin: parsed.origin, segments: segmentsOf(parsed.pathname), recordId: mapping.record, at: mapping.at });
    }
  }
  return { index: { ...index, urls, mapped }, problems };
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

function segmentsOf(pathname: string): string[] {
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

// ---------------------------------------------------------------- URLs

/**
 * Match a hosted URL (SPEC 6.1): same origin as a record URL, and the record
 * URL's path segments a prefix of its path segments. The longest match wins;
 * equally long matches of different records leave it unrecognised.
 */
export function identifyUrl(raw: string, index: IdentityIndex): Step<{ recordId: string; subject: string; mapping?: string }> {
  if (/[\s\\]/.test(raw)) return { error: 'the URL has whitespace or a backslash, which parsers read differently' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'the URL cannot be parsed' };
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(raw)) return { error: 'the URL has userinfo (`user@host`)' };
  if (url.protocol !== 'https:') return { error: `the URL's scheme is \`${url.protocol.replace(/:$/, '')}\`; hosted servers are recognised only over https` };
  // Only the origin and the record's own path prefix are ever shown: some hosted servers put a key in the path.
  const segments = segmentsOf(url.pathname);
  // Record id → where a mapping file names it (undefined once a record itself names the URL).
  let best: { length: number; ids: Map<string, string | undefined> } | undefined;
  for (const candidate of index.urls) {
    if (candidate.origin !== url.origin || candidate.segments.length > segments.length) continue;
    if (!candidate.segments.every((segment, i) => segments[i] === segment)) continue;
    if (best === undefined || candidate.segments.length > best.length) best = { length: candidate.segments.length, ids: new Map() };
    if (candidate.segments.length < best.length) continue;
    const known = best.ids.has(candidate.recordId);
    if (!known || candidate.at === undefined) best.ids.set(candidate.recordId, known && candidate.at !== undefined ? best.ids.get(candidate.recordId) : candidate.at);
  }
  if (best === undefined) return { error: `no record names a hosted URL at \`${url.origin}\` with this path` };
  const prefix = `${url.origin}/${segments.slice(0, best.length).join('/')}`;
  if (best.ids.size > 1) return { error: `the hosted URL \`${prefix}\` matches several records (${[...best.ids.keys()].sort().join(', ')})` };
  const [recordId, at] = [...best.ids][0]!;
  return { recordId, subject: `url ${prefix}`, ...(at !== undefined ? { mapping: at } : {}) };
}

// ---------------------------------------------------------------- launchers

const WINDOWS_EXTENSION = /\.(cmd|exe|bat|com)$/i;

function isAbsolutePath(word: string): boolean {
  return word.startsWith('/') || /^[A-Za-z]:[\\/]/.test(word) || word.startsWith('\\\\');
}

function normalisedPath(path: string): string {
  const unified = path.replace(/\\/g, '/').replace(/\/+$/, '');
  return /^[A-Za-z]:\//.test(unified) ? unified.toLowerCase() : unified;
}

/** Whether `path` lies inside `dir`, component by component (`/a/b-evil` is not inside `/a/b`). */
export function isInside(path: string, dir: string): boolean {
  const p = normalisedPath(path);
  const d = normalisedPath(dir);
  return p === d || p.startsWith(`${d}/`);
}

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

// ---------------------------------------------------------------- packages

const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const VERSION_TAG = /^v?[0-9]+(\.[0-9]+){0,3}([-+][0-9A-Za-z.-]+)?$/;

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
  if (/[\\/:]/.test(spec) || spec.startsWith('.')) return { error: `\`${name}@…\` names an alias, a path, a URL or a git repository after \`@\`, not a version` };
  return { name, version: valid(spec) !== null ? spec : null };
}

/**
 * Read `name[==version|@version]` as uvx and pipx do (SPEC 6.1, 6.4).
 * @returns the normalised name and version (null for a specifier that is not one exact version)
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
  return { name, version: VERSION_TAG.test(spec) ? spec : null };
}

function lookupPackage(map: Map<string, Set<string>>, name: string, kind: string): Step<{ recordId: string }> {
  const ids = map.get(name);
  if (ids === undefined) return { error: `no record names the ${kind} package \`${name}\`` };
  if (ids.size > 1) return { error: `the ${kind} package \`${name}\` is named by several records (${[...ids].sort().join(', ')})` };
  return { recordId: [...ids][0]! };
}

// ---------------------------------------------------------------- images

function hasRegistryHost(name: string): boolean {
  const first = name.split('/')[0] ?? '';
  return name.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
}

/** Docker Hub names without the `docker.io/` host and `library/` prefix, so `docker.io/library/x` and `x` compare equal. */
export function canonicalImageName(name: string): string {
  let rest = name;
  for (const host of ['docker.io/', 'index.docker.io/', 'registry-1.docker.io/']) {
    if (rest.startsWith(host)) {
      rest = rest.slice(host.length);
      break;
    }
  }
  if (rest.startsWith('library/') && rest.split('/').length === 2) rest = rest.slice('library/'.length);
  return rest;
}

const IMAGE_NAME = /^[a-z0-9]+([._-][a-z0-9]+)*(\.[a-z0-9-]+)*(:[0-9]+)?(\/[a-z0-9]+(([._]|__|-+)[a-z0-9]+)*)*$/;

/**
 * Read `image[:tag][@digest]` (SPEC 6.1, 6.4).
 * @returns the name as written, the tag and digest, and the version (undefined for no tag or `latest`, null for a digest or a tag that is not a version)
 */
export function parseImageRef(ref: string): Step<{ name: string; tag?: string; digest?: string; version: ServerVersion }> {
  let rest = ref;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!/^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-f0-9]{32,}$/.test(digest)) return { error: `the image digest in \`${ref}\` is malformed` };
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(tag)) return { error: `the image tag in \`${ref}\` is malformed` };
  }
  if (!IMAGE_NAME.test(rest)) return { error: `\`${ref}\` is not an image name` };
  const version: ServerVersion = digest !== undefined ? null : tag === undefined || tag === 'latest' ? undefined : VERSION_TAG.test(tag) ? tag : null;
  return { name: rest, ...(tag !== undefined ? { tag } : {}), ...(digest !== undefined ? { digest } : {}), version };
}

const DOCKER_FLAGS = new Set(['-i', '--interactive', '-t', '--tty', '-d', '--detach', '--rm', '--init', '--read-only', '--privileged', '-P', '--publish-all', '--no-healthcheck', '-q', '--quiet', '--oom-kill-disable', '--sig-proxy', '--replace']);
const DOCKER_WITH_VALUE = new Set([
  '-e', '--env', '-v', '--volume', '--mount', '--name', '-p', '--publish', '--network', '--net', '-w', '--workdir', '-u', '--user', '-l', '--label',
  '--platform', '--pull', '-m', '--memory', '--memory-swap', '--memory-reservation', '--cpus', '--cpu-shares', '-c', '--cpuset-cpus', '--add-host',
  '--cap-add', '--cap-drop', '--security-opt', '--device', '--dns', '--dns-search', '--dns-option', '-h', '--hostname', '--ipc', '--pid', '--restart',
  '--runtime', '--tmpfs', '--ulimit', '--log-driver', '--log-opt', '--shm-size', '--stop-signal', '--stop-timeout', '--group-add', '--userns', '--uts',
  '--gpus', '--expose', '--cidfile', '--network-alias', '--ip', '--ip6', '--mac-address', '--link', '--attach', '-a', '--cgroupns', '--cgroup-parent',
  '--isolation', '--pids-limit', '--storage-opt', '--sysctl', '--volume-driver', '--volumes-from', '--annotation', '--domainname', '--arch', '--os',
  '--health-interval', '--health-retries', '--health-timeout', '--health-start-period',
]);
const DOCKER_REFUSED: Readonly<Record<string, string>> = {
  '--entrypoint': 'overrides the image\'s entrypoint, so another program runs',
  '--env-file': 'reads environment variables from a file rclass cannot see, which may change what runs',
  '--env-host': 'passes the whole host environment into the container, which may change what runs',
  '--health-cmd': 'runs a command of its own inside the container',
};
/** Programs that, named right after the image, replace its command rather than give it arguments (SPEC 6.2). */
const COMMAND_NAMES = /^(sh|bash|zsh|dash|ash|ksh|fish|busybox|env|exec|node|nodejs|deno|bun|python[0-9.]*|pip[0-9.]*|npx|npm|pnpm|yarn|uvx|uv|pipx|perl|ruby|php|java|cmd|powershell|pwsh)$/;

function identifyContainer(words: string[], launcher: string, index: IdentityIndex): Step<Found> {
  let i = 1;
  if (words[i] === 'container') i += 1;
  if (words[i] !== 'run') {
    if (words[i]?.startsWith('-')) return { error: `\`${launcher}\` options before \`run\` (such as \`${optionName(words[i]!)}\`) can choose another daemon or configuration` };
    return { error: `\`${`${launcher} ${words[i] ?? ''}`.trim()}\` is not \`${launcher} run\`` };
  }
  i += 1;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (!word.startsWith('-') || word === '-') break;
    if (word === '--') return { error: `\`${launcher} run --\` is not understood` };
    const eq = word.indexOf('=');
    const option = eq > 0 && word.startsWith('--') ? word.slice(0, eq) : word;
    const inline = eq > 0 && word.startsWith('--') ? word.slice(eq + 1) : undefined;
    const shown = optionName(word);
    if (Object.hasOwn(DOCKER_REFUSED, option)) return { error: `\`${launcher} run ${option}\` ${DOCKER_REFUSED[option]}` };
    if (DOCKER_FLAGS.has(option) || /^-[itdqP]{2,}$/.test(option)) continue;
    if (!DOCKER_WITH_VALUE.has(option)) return { error: `the \`${launcher} run\` option \`${shown}\` is not understood` };
    let value = inline;
    if (value === undefined) {
      i += 1;
      value = words[i];
      if (value === undefined) return { error: `the \`${launcher} run\` option \`${option}\` has no value` };
    }
    if (option === '-e' || option === '--env') {
      const key = value.split('=')[0] ?? '';
      if (changesWhatRuns(key)) return { error: `\`${launcher} run -e ${key}\` sets a variable that changes what code runs in the container` };
    }
  }
  const ref = words[i];
  if (ref === undefined) return { error: `\`${launcher} run\` names no image` };
  const image = parseImageRef(ref);
  if (failed(image)) return image;
  const after = words[i + 1];
  if (after !== undefined && !after.startsWith('-')) {
    const base = (after.split(/[\\/]/).at(-1) ?? after).replace(WINDOWS_EXTENSION, '').toLowerCase();
    if (COMMAND_NAMES.test(base)) return { error: `\`${launcher} run\` passes the command \`${after}\` after the image, replacing the server` };
  }
  const name = canonicalImageName(image.name);
  if (launcher === 'podman' && !hasRegistryHost(image.name)) {
    return { error: `podman resolves the short image name \`${image.name}\` through its own registry search list; write the registry host, e.g. \`docker.io/${name}\`` };
  }
  const mapped = index.mapped?.images.get(name);
  const ids = new Set([...(index.images.get(name) ?? []), ...(mapped?.keys() ?? [])]);
  if (ids.size === 0) return { error: `no record names the image \`${image.name}\`` };
  if (ids.size > 1) return { error: `the image \`${image.name}\` is named by several records (${[...ids].sort().join(', ')})` };
  const recordId = [...ids][0]!;
  const tagText = image.digest !== undefined ? `@${image.digest.slice(0, 19)}…` : image.tag !== undefined ? `:${image.tag}` : '';
  const at = index.images.get(name)?.has(recordId) === true ? undefined : mapped?.get(recordId);
  return { recordId, subject: `image ${image.name}${tagText}`, version: image.version, launcher: `${launcher} run`, ...(at !== undefined ? { mapping: at } : {}) };
}

const NPX_REFUSED: Readonly<Record<string, string>> = {
  '-p': 'runs a command from `--package`, not the package itself',
  '--package': 'runs a command from `--package`, not the package itself',
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
  if (matches.length === 0) return { error: `\`${launcher} --registry\` installs \`${name}\` from a custom registry, and no server mapping names that package there` };
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
    return { recordId: mapped.recordId, subject: `npm ${word}`, version: spec.version, launcher: `${launcher} --registry`, mapping: mapped.mapping };
  }
  if (!index.npm.has(spec.name) && index.mapped?.npm.has(spec.name) === true) {
    return { error: `a server mapping names \`${spec.name}\` only from its own registry; write that registry with \`--registry\`, since the default registry could serve another package of that name` };
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
  return { recordId: found.recordId, subject: `npm ${word}`, version: spec.version, launcher };
}

/** Read `--registry URL` or `--registry=URL` at `words[i]`: the value and the index of its last word, or an error. */
function registryOption(words: string[], i: number, launcher: string, seen: string | undefined): Step<{ value: string; last: number }> {
  if (seen !== undefined) return { error: `\`${launcher}\` is given \`--registry\` twice` };
  const word = words[i]!;
  if (word.startsWith('--registry=')) return { value: word.slice('--registry='.length), last: i };
  const value = words[i + 1];
  if (value === undefined || value.startsWith('-')) return { error: `\`${launcher} --registry\` has no value` };
  return { value, last: i + 1 };
}

function identifyNpx(words: string[], start: number, launcher: string, allowYes: boolean, index: IdentityIndex) {
  let i = start;
  let registry: string | undefined;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (!word.startsWith('-')) break;
    const option = optionName(word);
    if (allowYes && (word === '-y' || word === '--yes')) continue;
    if (allowYes && option === '--registry' && index.mapped !== undefined) {
      const read = registryOption(words, i, launcher, registry);
      if (failed(read)) return read;
      registry = read.value;
      i = read.last;
      continue;
    }
    if (Object.hasOwn(NPX_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${NPX_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  const word = words[i];
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  return identifyNpmPackage(word, words.slice(i + 1), launcher, index, registry);
}

/**
 * `npm exec [-y] [--] <package> [args…]`: npm reads options after the
 * package as its own (a `--registry` there would apply) unless `--` comes
 * before the package.
 */
function identifyNpmExec(words: string[], launcher: string, index: IdentityIndex) {
  let i = 2;
  let separated = false;
  let registry: string | undefined;
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
    if (option === '--registry' && index.mapped !== undefined) {
      const read = registryOption(words, i, launcher, registry);
      if (failed(read)) return read;
      registry = read.value;
      i = read.last;
      continue;
    }
    if (Object.hasOwn(NPX_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${NPX_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  const word = words[i];
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  const rest = words.slice(i + 1);
  if (!separated && rest.some((arg) => arg.startsWith('-'))) return { error: `\`${launcher}\` reads options after the package as its own unless \`--\` comes before the package` };
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

function identifyPypi(words: string[], start: number, launcher: string, index: IdentityIndex) {
  let i = start;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (!word.startsWith('-')) break;
    const option = optionName(word);
    if (Object.hasOwn(UV_REFUSED, option)) return { error: `\`${launcher} ${option}\` ${UV_REFUSED[option]}` };
    return { error: `the \`${launcher}\` option \`${option}\` is not understood` };
  }
  const word = words[i];
  if (word === undefined) return { error: `\`${launcher}\` names no package` };
  const spec = parsePypiSpec(word);
  if (failed(spec)) return spec;
  const found = lookupPackage(index.pypi, spec.name, 'PyPI');
  if (failed(found)) return found;
  return { recordId: found.recordId, subject: `pypi ${word}`, version: spec.version, launcher };
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
  if (entry.projectDir !== undefined && isInside(command, entry.projectDir)) return { error: `the launcher \`${command}\` lies inside the project, so no server mapping vouches for it` };
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

/**
 * Identify a stdio entry from its command and arguments (SPEC 6.1, 6.2).
 */
function identifyCommand(entry: ConfigEntry, index: IdentityIndex): Step<Found> {
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
  for (const key of entry.envKeys) {
    if (changesWhatRuns(key)) return { error: `its \`env\` sets \`${key}\`, which changes what code runs` };
  }
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
    if (rest.some((word) => CMD_SPECIAL.test(word))) return { error: '`cmd /c` is given characters it interprets (`&`, `|`, `<`, `>`, `^`, `%`, `!` or quotes)' };
    prefix = `cmd ${words[i]!.toLowerCase()} `;
    words = rest;
    first = launcherName(words[0] ?? '', entry);
    if (failed(first)) return first;
    if (first.name === 'cmd') return { error: '`cmd /c` starts another `cmd`' };
  }
  const name = first.name;
  const container = name === 'docker' || name === 'podman';
  if (container) {
    for (const key of entry.envKeys) {
      if (changesWhatRuns(key, true)) return { error: `its \`env\` sets \`${key}\`, which chooses another container daemon or registry configuration` };
    }
  }
  let found: Step<Found>;
  switch (name) {
    case 'npx':
      found = identifyNpx(words, 1, 'npx', true, index);
      break;
    case 'bunx':
      found = identifyNpx(words, 1, 'bunx', false, index);
      break;
    case 'pnpx':
      found = identifyNpx(words, 1, 'pnpx', false, index);
      break;
    case 'pnpm':
      found = words[1] === 'dlx' ? identifyNpx(words, 2, 'pnpm dlx', false, index) : { error: `\`pnpm ${words[1] ?? ''}\` is not \`pnpm dlx\`` };
      break;
    case 'npm':
      found = words[1] === 'exec' || words[1] === 'x' ? identifyNpmExec(words, `npm ${words[1]}`, index) : { error: `\`${`npm ${words[1] ?? ''}`.trim()}\` is not \`npm exec\`` };
      break;
    case 'uvx':
      found = identifyPypi(words, 1, 'uvx', index);
      break;
    case 'uv':
      found = words[1] === 'tool' && words[2] === 'run' ? identifyPypi(words, 3, 'uv tool run', index) : { error: `\`uv ${words[1] ?? ''}\` is not \`uv tool run\`` };
      break;
    case 'pipx':
      found = words[1] === 'run' ? identifyPypi(words, 2, 'pipx run', index) : { error: `\`pipx ${words[1] ?? ''}\` is not \`pipx run\`` };
      break;
    case 'docker':
    case 'podman':
      found = identifyContainer(words, name, index);
      break;
    default:
      found = { error: `\`${name.split(/\s/)[0]}\` is not a package launcher rclass recognises (npx, bunx, pnpm dlx, npm exec, uvx, pipx run, docker run, podman run)` };
  }
  if (failed(found)) return found;
  return { ...found, launcher: `${prefix}${found.launcher}` };
}

/**
 * Identify one entry (SPEC 6).
 * @returns `disabled` for an entry the client does not run, `invalid` for
 *   one its client cannot use, `unrecognised` with a reason, or the record
 */
export function identifyEntry(entry: ConfigEntry, index: IdentityIndex): Identification {
  const result = identifyParsedEntry(entry, index);
  if (result.status === 'unrecognised' || result.status === 'invalid') return { ...result, reason: shownReason(result.reason) };
  if (result.status === 'recognised' && index.project !== undefined && entry.projectDir !== undefined) {
    const launcher = packageLauncher(result.launcher);
    const why = launcher === undefined ? undefined : index.project(entry.projectDir, launcher);
    if (why !== undefined) return { status: 'unrecognised', reason: shownReason(why) };
  }
  return result;
}

/** Which launcher family's settings decide what an entry's launcher installs. */
function packageLauncher(launcher: string): PackageLauncher | undefined {
  if (/(^|\s)(npx|npm exec|npm x)(\s|$)/.test(launcher)) return 'npm';
  if (/(^|\s)(pnpm dlx|pnpx)(\s|$)/.test(launcher)) return 'pnpm';
  if (/(^|\s)bunx(\s|$)/.test(launcher)) return 'bun';
  if (/(^|\s)(uvx|uv tool run)(\s|$)/.test(launcher)) return 'uv';
  return undefined;
}

/**
 * A reason as it may be shown: no URL userinfo, query or `--option=value`
 * value, and no control or bidirectional characters, whatever word of the
 * configuration a message quoted (SPEC 6.2: values are never shown).
 */
export function shownReason(reason: string): string {
  return reason
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/(\/\/)[^/\s`@]*@/g, '$1…@')
    .replace(/(--?[A-Za-z0-9][A-Za-z0-9_.-]*)=[^\s`]+/g, '$1=…')
    .replace(/\?[^\s`]+/g, '?…');
}

function identifyParsedEntry(entry: ConfigEntry, index: IdentityIndex): Identification {
  if (entry.disabled) return { status: 'disabled' };
  if (entry.problems.length > 0) return { status: 'invalid', reason: entry.problems.join('; ') };
  try {
    if (entry.transport === 'stdio') {
      if (entry.command === undefined) return { status: 'invalid', reason: 'a stdio entry has no `command`' };
      if (entry.command !== entry.command.trim()) {
        return { status: 'unrecognised', reason: 'the command starts or ends with whitespace, which the client keeps as part of the program\'s path' };
      }
      if (hasShellSpecial(entry.command) && !/\s/.test(entry.command.trim())) {
        return { status: 'unrecognised', reason: `the command contains characters shells read differently` };
      }
      const found = identifyCommand(entry, index);
      if (failed(found)) return { status: 'unrecognised', reason: found.error };
      return {
        status: 'recognised',
        recordId: found.recordId,
        via: found.subject.split(' ')[0] as IdentifiedVia,
        subject: found.subject,
        version: found.version,
        launcher: found.launcher,
        ...(found.mapping !== undefined ? { mapping: found.mapping } : {}),
      };
    }
    if (entry.transport === 'http' || entry.transport === 'sse' || entry.transport === 'ws') {
      if (entry.url === undefined) return { status: 'invalid', reason: 'a remote entry has no URL' };
      const found = identifyUrl(entry.url, index);
      if (failed(found)) return { status: 'unrecognised', reason: found.error };
      return { status: 'recognised', recordId: found.recordId, via: 'url', subject: found.subject, version: undefined, launcher: entry.transport, ...(found.mapping !== undefined ? { mapping: found.mapping } : {}) };
    }
    return { status: 'unrecognised', reason: 'the entry\'s transport is not understood' };
  } catch (error) {
    return { status: 'unrecognised', reason: `identification failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** One server name of a configuration, after merging its scopes. */
export interface IdentifiedServer {
  /** The name the client gives the server. */
  name: string;
  /** Every entry with that name that the client runs (disabled ones are left out), with its answer. */
  entries: Array<{ entry: ConfigEntry; identification: Identification }>;
  /** The record id when every entry with the name runs the same record. */
  recordId?: string;
  /** Why the name is unrecognised (including invalid entries and scopes that disagree). */
  unrecognised?: string;
  /** True when at least one entry is invalid for its client (SPEC 6.2; exit 3 in the CLI). */
  invalid: boolean;
}

/**
 * Identify every server a configuration runs. Entries that share a name in
 * different scopes (Claude Code's user and project scopes) must all run the
 * same record, or the name is unrecognised; disabled entries are skipped.
 * @returns one item per name that some scope runs, sorted by name, plus the names that are only disabled
 */
export function identifyConfig(config: ParsedConfig, index: IdentityIndex): { servers: IdentifiedServer[]; disabled: string[] } {
  const byName = new Map<string, Array<{ entry: ConfigEntry; identification: Identification }>>();
  const disabled = new Set<string>();
  for (const entry of config.entries) {
    const identification = identifyEntry(entry, index);
    if (identification.status === 'disabled') {
      disabled.add(entry.name);
      continue;
    }
    const list = byName.get(entry.name) ?? [];
    list.push({ entry, identification });
    byName.set(entry.name, list);
  }
  const servers: IdentifiedServer[] = [];
  for (const [name, entries] of byName) {
    disabled.delete(name);
    const invalid = entries.some((item) => item.identification.status === 'invalid');
    const reasons: string[] = [];
    const ids = new Set<string>();
    for (const { entry, identification } of entries) {
      const where = entries.length > 1 ? ` (in \`${entry.scope}\`)` : '';
      if (identification.status === 'recognised') ids.add(identification.recordId);
      else if (identification.status === 'invalid' || identification.status === 'unrecognised') reasons.push(`${identification.reason}${where}`);
    }
    const server: IdentifiedServer = { name, entries, invalid };
    if (reasons.length > 0) server.unrecognised = reasons.join('; ');
    else if (ids.size > 1) server.unrecognised = `its scopes run different servers (${[...ids].sort().join(', ')})`;
    else server.recordId = [...ids][0]!;
    servers.push(server);
  }
  servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { servers, disabled: [...disabled].sort() };
}
