/**
 * Environment variables that change what a launcher runs leave an entry
 * unrecognised (SPEC 6.2), one test per variable, each family from the
 * launcher's own documentation (src/clients/identify/env-keys.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry, type Identification } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);

function identify(entry: Record<string, unknown>): Identification {
  return identifyEntry(normaliseEntry('claude-code', 'x', 'mcpServers', entry, undefined), index);
}

const npx = (env: Record<string, string>) => identify({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env });
const uvx = (env: Record<string, string>) => identify({ command: 'uvx', args: ['mcp-server-git'], env });
const docker = (env: Record<string, string>) => identify({ command: 'docker', args: ['run', '-i', '--rm', 'mcp/git'], env });

/** Which launchers read each variable (env-keys.ts, with its sources): `all` for the loader and the home folders. */
const ALONE: Record<string, 'all' | ReadonlyArray<'npx' | 'pnpm' | 'bunx' | 'uvx'>> = {
  // home and XDG folders: npm, pnpm, bun, uv, pip, docker and podman user configuration, caches and tools
  HOME: 'all',
  USERPROFILE: 'all',
  APPDATA: 'all',
  LOCALAPPDATA: 'all',
  PROGRAMDATA: 'all',
  XDG_CONFIG_HOME: 'all',
  XDG_CONFIG_DIRS: 'all',
  XDG_CACHE_HOME: 'all',
  XDG_DATA_HOME: 'all',
  XDG_DATA_DIRS: 'all',
  XDG_BIN_HOME: 'all',
  XDG_RUNTIME_DIR: 'all',
  // npm's settings, which pnpm and bunx read too; pnpm's own
  PREFIX: ['npx', 'pnpm', 'bunx'],
  npm_config_registry: ['npx', 'pnpm', 'bunx'],
  NPM_CONFIG_USERCONFIG: ['npx', 'pnpm', 'bunx'],
  PNPM_HOME: ['pnpm'],
  pnpm_config_registry: ['pnpm'],
  // uv, pip, pipx, bun: uv reads none of pip's variables, and pip and pipx are no launcher rclass recognises
  UV_INDEX_URL: ['uvx'],
  UV_CACHE_DIR: ['uvx'],
  PIP_INDEX_URL: [],
  PIP_CONFIG_FILE: [],
  PIPX_HOME: [],
  BUN_INSTALL_CACHE_DIR: ['bunx'],
  VIRTUAL_ENV: ['uvx'],
  // the loader, Node and Python
  PATH: 'all',
  NODE_OPTIONS: ['npx', 'pnpm', 'bunx'],
  NODE_PATH: ['npx', 'pnpm', 'bunx'],
  PYTHONPATH: ['uvx'],
  PYTHONHOME: ['uvx'],
  PYTHONUSERBASE: ['uvx'],
  PYTHONPLATLIBDIR: ['uvx'],
  PYTHONEXECUTABLE: ['uvx'],
  PYTHONSTARTUP: ['uvx'],
  LD_PRELOAD: 'all',
  LD_LIBRARY_PATH: 'all',
  LD_AUDIT: 'all',
  DYLD_INSERT_LIBRARIES: 'all',
  // certificate checks switched off
  NODE_TLS_REJECT_UNAUTHORIZED: ['npx', 'pnpm', 'bunx'],
  PYTHONHTTPSVERIFY: ['uvx'],
};

const pnpm = (env: Record<string, string>) => identify({ command: 'pnpm', args: ['dlx', '@modelcontextprotocol/server-filesystem', '/tmp'], env });
const bunx = (env: Record<string, string>) => identify({ command: 'bunx', args: ['@modelcontextprotocol/server-filesystem', '/tmp'], env });
/** A Windows entry: the launcher after `cmd /c`. */
const cmdNpx = (env: Record<string, string>) => identify({ command: 'cmd', args: ['/c', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env });

describe('variables that change what runs on their own (SPEC 6.2)', () => {
  const launchers = { npx, pnpm, bunx, uvx } as const;
  for (const [key, readers] of Object.entries(ALONE)) {
    const counted: readonly string[] = readers === 'all' ? ['npx', 'pnpm', 'bunx', 'uvx', 'docker'] : readers;
    it(`regression: an env that sets ${key} leaves ${counted.length === 0 ? 'no' : counted.join(', ')} entry unrecognised${readers === 'all' ? '' : ', the other launchers recognised (brief agents3, item 4)'}`, () => {
      for (const [name, launch] of [...Object.entries(launchers), ['docker', docker] as const]) {
        const result = launch({ [key]: 'x' });
        if (counted.includes(name)) expect(result).toEqual({ status: 'unrecognised', reason: `its \`env\` sets \`${key}\`, which changes what code runs` });
        else expect(result.status, `${name} with ${key}`).toBe('recognised');
      }
    });
  }

  it("regression (brief agents3, item 4): PIP_CERT and PIP_FIND_LINKS in an npx entry's own env leave it recognised as the npx server, also behind cmd /c", () => {
    for (const result of [npx({ PIP_CERT: '/etc/ssl/ca.pem', PIP_FIND_LINKS: 'https://example.org/wheels' }), cmdNpx({ PIP_CERT: '/etc/ssl/ca.pem' })]) {
      expect(result).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
    }
  });

  it('an npm_config_* variable still leaves an npx entry unrecognised behind cmd /c', () => {
    expect(cmdNpx({ npm_config_registry: 'https://registry.example.org/' })).toEqual({
      status: 'unrecognised',
      reason: 'its `env` sets `npm_config_registry`, which changes what code runs',
    });
  });

  it('behind a launcher rclass does not know, every family counts (PIP_CERT on a node command)', () => {
    expect(identify({ command: 'node', args: ['server.js'], env: { PIP_CERT: 'x' } })).toEqual({
      status: 'unrecognised',
      reason: 'its `env` sets `PIP_CERT`, which changes what code runs',
    });
  });

  const CONTAINER = [
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
  ];
  for (const key of CONTAINER) {
    it(`regression: an env that sets ${key} leaves a docker entry unrecognised`, () => {
      expect(docker({ [key]: 'x' })).toEqual({
        status: 'unrecognised',
        reason: `its \`env\` sets \`${key}\`, which chooses another container daemon or registry configuration`,
      });
    });
  }

  it('regression: keeps settings that only change output, prompts, timeouts and retries (PIP_DEFAULT_TIMEOUT, npm_config_user_agent)', () => {
    const env = {
      PIP_DEFAULT_TIMEOUT: '180',
      PIP_DISABLE_PIP_VERSION_CHECK: '1',
      npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
      NPM_CONFIG_LOGLEVEL: 'error',
      UV_HTTP_TIMEOUT: '60',
    };
    expect(npx(env)).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
    expect(uvx(env)).toMatchObject({ status: 'recognised', recordId: 'git' });
    // A sibling setting that chooses where packages come from still counts.
    expect(npx({ ...env, npm_config_cache: './repo-cache' })).toEqual({
      status: 'unrecognised',
      reason: 'its `env` sets `npm_config_cache`, which changes what code runs',
    });
  });

  it('keeps ordinary settings: tokens, PYTHONUNBUFFERED, a proxy alone, a certificate file alone', () => {
    const envs: Array<Record<string, string>> = [
      { GITHUB_TOKEN: 'x', PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
      { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'localhost' },
      { NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' },
    ];
    for (const env of envs) {
      expect(npx(env)).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
      expect(uvx(env)).toMatchObject({ status: 'recognised', recordId: 'git' });
    }
  });
});

describe('a proxy together with a certificate authority (SPEC 6.2)', () => {
  const PROXIES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY'];
  const TRUST = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE'];
  for (const proxy of PROXIES) {
    for (const trust of TRUST) {
      it(`regression: ${proxy} with ${trust} is unrecognised`, () => {
        expect(npx({ [proxy]: 'http://127.0.0.1:8080', [trust]: './ca.pem' })).toEqual({
          status: 'unrecognised',
          reason: `its \`env\` sets \`${proxy}\` and \`${trust}\`, so a proxy of its choosing can serve other code`,
        });
      });
    }
  }

  it('reads `docker run -e` keys the same way', () => {
    expect(identify({ command: 'docker', args: ['run', '-i', '-e', 'HOME=/x', 'mcp/git'] })).toEqual({
      status: 'unrecognised',
      reason: '`docker run -e` sets `HOME`, which changes what code runs in the container',
    });
    expect(identify({ command: 'docker', args: ['run', '-i', '-e', 'GITHUB_TOKEN', 'mcp/git'] })).toMatchObject({ status: 'recognised' });
  });
});
