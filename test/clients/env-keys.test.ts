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

const ALONE = [
  // home and XDG folders: npm, pnpm, bun, uv, pip, docker and podman user configuration, caches and tools
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
  // npm and pnpm
  'PREFIX',
  'npm_config_registry',
  'NPM_CONFIG_USERCONFIG',
  'PNPM_HOME',
  'pnpm_config_registry',
  // uv, pip, pipx, bun
  'UV_INDEX_URL',
  'UV_CACHE_DIR',
  'PIP_INDEX_URL',
  'PIP_CONFIG_FILE',
  'PIPX_HOME',
  'BUN_INSTALL_CACHE_DIR',
  'VIRTUAL_ENV',
  // Node and Python
  'PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONUSERBASE',
  'PYTHONPLATLIBDIR',
  'PYTHONEXECUTABLE',
  'PYTHONSTARTUP',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  // certificate checks switched off
  'NODE_TLS_REJECT_UNAUTHORIZED',
  'PYTHONHTTPSVERIFY',
];

describe('variables that change what runs on their own (SPEC 6.2)', () => {
  for (const key of ALONE) {
    it(`regression: an env that sets ${key} leaves npx, uvx and docker entries unrecognised`, () => {
      for (const result of [npx({ [key]: 'x' }), uvx({ [key]: 'x' }), docker({ [key]: 'x' })]) {
        expect(result).toEqual({ status: 'unrecognised', reason: `its \`env\` sets \`${key}\`, which changes what code runs` });
      }
    });
  }

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
