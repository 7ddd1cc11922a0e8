/**
 * Environment variables in a configuration entry that change which code a
 * launcher runs (SPEC 6.2), each family with the launcher documentation it
 * comes from. Matched without regard to case (Windows reads names so, and
 * the proxy variables are read in both cases). Browser-safe.
 */

/** A launcher family whose own variables are known: the package launchers, and `docker`/`podman`. */
export type EnvLauncher = 'npm' | 'pnpm' | 'bun' | 'uv' | 'container';

/** One group of variables and the documentation that says a launcher reads them. */
interface EnvFamily {
  exact?: readonly string[];
  prefixes?: readonly string[];
  source: string;
  /** The launchers that read them; absent for every launcher (the loader's and the home folders' variables). */
  launchers?: readonly EnvLauncher[];
}

/**
 * The user's home and XDG folders. Set by a configuration they can point a
 * launcher at a folder of the repository's choosing; passed on unchanged
 * from the client's own environment (Codex `env_vars`, Goose `env_keys`)
 * they are the user's real folders and change nothing.
 */
export const USER_FOLDER_KEYS: ReadonlySet<string> = new Set([
  'HOME',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'XDG_CONFIG_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_BIN_HOME',
  'XDG_RUNTIME_DIR',
]);

/** Variables that change what runs on their own. */
const CODE_FAMILIES: readonly EnvFamily[] = [
  { exact: ['PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT'], prefixes: ['DYLD_'], source: 'ld.so(8), dyld(1): the program and libraries that load' },
  { exact: ['NODE_OPTIONS', 'NODE_PATH'], source: 'nodejs.org/api/cli.html#environment-variables', launchers: ['npm', 'pnpm', 'bun'] },
  {
    exact: ['PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONUSERBASE', 'PYTHONPLATLIBDIR', 'PYTHONEXECUTABLE', 'VIRTUAL_ENV'],
    source: 'docs.python.org/3/using/cmdline.html#environment-variables; pip reads $VIRTUAL_ENV/pip.conf (pip.pypa.io/en/stable/topics/configuration/)',
    launchers: ['uv'],
  },
  // Home and XDG folders hold each launcher's user configuration, cache and tool folders:
  // npm `$HOME/.npmrc` (docs.npmjs.com/cli/configuring-npm/npmrc), pnpm `$XDG_CONFIG_HOME/pnpm/rc` (pnpm.io/cli/config),
  // bun `$HOME/.bunfig.toml` or `$XDG_CONFIG_HOME/.bunfig.toml` (bun.com/docs/runtime/bunfig), uv `$XDG_CONFIG_HOME/uv/uv.toml`,
  // `$XDG_CONFIG_DIRS/uv`, cache `$XDG_CACHE_HOME/uv`, tools `$XDG_DATA_HOME/uv` (docs.astral.sh/uv/reference/storage),
  // pip `$XDG_CONFIG_HOME/pip/pip.conf`, `$HOME/.pip/pip.conf`, `$XDG_CONFIG_DIRS` (pip.pypa.io/en/stable/topics/configuration/),
  // docker `~/.docker/config.json`, whose `currentContext` picks the daemon (docs.docker.com/reference/cli/docker/#configuration-files),
  // podman `$XDG_CONFIG_HOME/containers/registries.conf` and storage under `$XDG_DATA_HOME` (containers-registries.conf(5), containers-storage.conf(5)).
  {
    exact: [...USER_FOLDER_KEYS],
    source: "the launchers' user configuration, cache and tool folders (see the comment above)",
  },
  // npm reads every `npm_config_*` variable as a setting and `$PREFIX/etc/npmrc` as its global configuration (docs.npmjs.com/cli/using-npm/config#environment-variables, .../npmrc).
  // bunx and pnpm read npm's registry settings too (bun.com/docs/runtime/bunfig, pnpm.io/npmrc).
  { exact: ['PREFIX'], prefixes: ['NPM_CONFIG_'], source: 'docs.npmjs.com/cli/using-npm/config#environment-variables', launchers: ['npm', 'pnpm', 'bun'] },
  // pnpm reads `pnpm_config_*` settings and keeps its global store and tools under PNPM_HOME (pnpm.io/settings, pnpm.io/installation).
  { exact: ['PNPM_HOME'], prefixes: ['PNPM_CONFIG_'], source: 'pnpm.io/settings, pnpm.io/installation', launchers: ['pnpm'] },
  // SPEC 6.2 names the index settings of these families; all of each is refused, since cache and tool folders decide what runs as surely as an index does.
  { prefixes: ['UV_'], source: 'docs.astral.sh/uv/reference/environment', launchers: ['uv'] },
  // uv reads none of pip's variables or files (docs.astral.sh/uv/pip/compatibility, "Configuration files and environment variables"): pip and pipx are no launcher rclass recognises.
  { prefixes: ['PIP_', 'PIPX_'], source: 'pip.pypa.io/en/stable/topics/configuration/#environment-variables, pipx.pypa.io/stable/docs/', launchers: [] },
  { prefixes: ['BUN_'], source: 'bun.com/docs/runtime/env', launchers: ['bun'] },
  // Switching certificate checks off lets whoever is on the network path serve other code.
  {
    exact: ['NODE_TLS_REJECT_UNAUTHORIZED'],
    source: 'nodejs.org/api/cli.html#node_tls_reject_unauthorizedvalue',
    launchers: ['npm', 'pnpm', 'bun'],
  },
  { exact: ['PYTHONHTTPSVERIFY'], source: 'peps.python.org/pep-0493', launchers: ['uv'] },
];

/** For container launchers: variables that choose another daemon, its certificates, or the registry and storage configuration. */
const CONTAINER_FAMILY: EnvFamily = {
  exact: [
    'DOCKER_HOST',
    'DOCKER_CONTEXT',
    'DOCKER_CONFIG',
    'DOCKER_CERT_PATH',
    'DOCKER_TLS_VERIFY',
    'CONTAINER_HOST',
    'CONTAINER_CONNECTION',
    'CONTAINERS_REGISTRIES_CONF',
    'CONTAINERS_CONF',
    'CONTAINERS_CONF_OVERRIDE',
    'CONTAINERS_STORAGE_CONF',
    'REGISTRIES_CONFIG_PATH',
  ],
  source: 'docs.docker.com/reference/cli/docker/#environment-variables; podman(1) ENVIRONMENT; containers-registries.conf(5); containers-storage.conf(5)',
};

/**
 * A proxy alone sees only host names when certificates are checked; with a
 * certificate authority of the entry's choosing it can serve other packages.
 * Proxies: npm honours HTTPS_PROXY/HTTP_PROXY (docs.npmjs.com/cli/using-npm/config#https-proxy), uv and pip
 * too (docs.astral.sh/uv/reference/environment, pip.pypa.io/en/stable/user_guide/#using-a-proxy-server).
 * Certificates: NODE_EXTRA_CA_CERTS (nodejs.org/api/cli.html), SSL_CERT_FILE and SSL_CERT_DIR (uv, OpenSSL),
 * REQUESTS_CA_BUNDLE and CURL_CA_BUNDLE (pip, requests).
 */
const PROXY_KEYS = new Set(['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY']);
const TRUST_KEYS = new Set(['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE']);

/**
 * Settings of those families that only change how a launcher talks or waits, never what it fetches
 * or runs: output, progress, prompts, timeouts and retries. npm sets `npm_config_user_agent` for
 * every child it starts (docs.npmjs.com/cli/using-npm/config#user-agent); pip's and uv's are
 * pip.pypa.io/en/stable/cli/pip/#general-options and docs.astral.sh/uv/reference/environment.
 */
const HARMLESS_KEYS = new Set([
  'NPM_CONFIG_USER_AGENT',
  'NPM_CONFIG_LOGLEVEL',
  'NPM_CONFIG_COLOR',
  'NPM_CONFIG_PROGRESS',
  'NPM_CONFIG_FUND',
  'NPM_CONFIG_AUDIT',
  'NPM_CONFIG_UPDATE_NOTIFIER',
  'PIP_DEFAULT_TIMEOUT',
  'PIP_TIMEOUT',
  'PIP_RETRIES',
  'PIP_DISABLE_PIP_VERSION_CHECK',
  'PIP_NO_COLOR',
  'PIP_NO_INPUT',
  'PIP_PROGRESS_BAR',
  'PIP_QUIET',
  'PIP_VERBOSE',
  'UV_NO_PROGRESS',
  'UV_HTTP_TIMEOUT',
  'UV_HTTP_RETRIES',
]);

function inFamily(upper: string, family: EnvFamily): boolean {
  return (family.exact ?? []).includes(upper) || (family.prefixes ?? []).some((prefix) => upper.startsWith(prefix));
}

/**
 * Whether one environment variable changes which code runs on its own (SPEC 6.2).
 * @param key the variable's name, any case
 * @param container also refuse variables that choose a container daemon or registry configuration
 */
function changesWhatRuns(key: string, container = false): boolean {
  const upper = key.toUpperCase();
  if (HARMLESS_KEYS.has(upper)) return false;
  if (CODE_FAMILIES.some((family) => inFamily(upper, family))) return true;
  return container && inFamily(upper, CONTAINER_FAMILY);
}

/**
 * Whether one variable of the environment a launcher inherits changes which
 * code that launcher runs (SPEC 6.2): as {@link changesWhatRuns}, but a
 * family counts only for the launchers that read it (`PIP_*` changes
 * nothing `npx` or `uvx` runs; `DOCKER_HOST` only `docker` and `podman`).
 * Used for `rclass proxy`'s own environment, which clients fill with
 * everything they have.
 * @param key the variable's name, any case
 * @param launcher the launcher family, or undefined when it is not known (then every family counts)
 */
export function changesWhatLauncherRuns(key: string, launcher: EnvLauncher | undefined): boolean {
  if (launcher === undefined) return changesWhatRuns(key, true);
  const upper = key.toUpperCase();
  if (HARMLESS_KEYS.has(upper)) return false;
  const families = launcher === 'container' ? [...CODE_FAMILIES, CONTAINER_FAMILY] : CODE_FAMILIES;
  return families.some(
    (family) => inFamily(upper, family) && (family.launchers === undefined || family.launchers.includes(launcher) || family === CONTAINER_FAMILY),
  );
}

/**
 * The launcher family of an entry's launcher words (`Identification.launcher`, e.g. `npx -y`, `cmd /c uvx`, `docker run -i --rm`).
 * @returns the family, or undefined when the words name none of them
 */
export function envLauncherOf(words: string): EnvLauncher | undefined {
  if (/(^|\s)(npx|npm exec|npm x)(\s|$)/.test(words)) return 'npm';
  if (/(^|\s)(pnpm dlx|pnpx)(\s|$)/.test(words)) return 'pnpm';
  if (/(^|\s)bunx(\s|$)/.test(words)) return 'bun';
  if (/(^|\s)(uvx|uv tool run)(\s|$)/.test(words)) return 'uv';
  if (/(^|\s)(docker|podman)(\s|$)/.test(words)) return 'container';
  return undefined;
}

/**
 * Whether a variable changes on its own what one launcher family runs: the
 * families that launcher reads and those every launcher reads (the loader,
 * the home folders); never the container family, which {@link envProblem}
 * checks apart.
 */
function changesForLauncher(key: string, launcher: EnvLauncher): boolean {
  const upper = key.toUpperCase();
  if (HARMLESS_KEYS.has(upper)) return false;
  return CODE_FAMILIES.some((family) => inFamily(upper, family) && (family.launchers === undefined || family.launchers.includes(launcher)));
}

/**
 * Why an entry's environment changes which code runs (SPEC 6.2): one
 * variable that does so alone, or a proxy together with a certificate
 * authority.
 * @param keys the variable names the entry sets
 * @param container also refuse the container launchers' variables
 * @param launcher the family of the launcher the entry starts, when known: a family of variables then
 *   counts only if that launcher reads it (`PIP_*` changes nothing `npx` runs), as for the proxy's own
 *   environment ({@link changesWhatLauncherRuns}); undefined counts every family
 * @returns a reason naming the variables, or undefined when none changes what runs
 */
export function envProblem(keys: readonly string[], container = false, launcher?: EnvLauncher): string | undefined {
  const alone = keys.find((key) => (launcher === undefined ? changesWhatRuns(key, false) : changesForLauncher(key, launcher)));
  if (alone !== undefined) return `sets \`${alone}\`, which changes what code runs`;
  const daemon = container
    ? keys.find((key) =>
        launcher === undefined ? changesWhatRuns(key, true) : !HARMLESS_KEYS.has(key.toUpperCase()) && inFamily(key.toUpperCase(), CONTAINER_FAMILY),
      )
    : undefined;
  if (daemon !== undefined) return `sets \`${daemon}\`, which chooses another container daemon or registry configuration`;
  const proxy = keys.find((key) => PROXY_KEYS.has(key.toUpperCase()));
  const trust = keys.find((key) => TRUST_KEYS.has(key.toUpperCase()));
  if (proxy !== undefined && trust !== undefined) return `sets \`${proxy}\` and \`${trust}\`, so a proxy of its choosing can serve other code`;
  return undefined;
}
