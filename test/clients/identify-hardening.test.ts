/**
 * Regression tests from a security review of identification (SPEC 6.2):
 * specs npm reads as another package, commands with surrounding whitespace,
 * values and control characters in reasons, and project settings that
 * change where a launcher installs from.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry, type Identification } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import { projectSettingsInspector } from '../../src/node/clients/project-settings.ts';
import { tempDir } from '../cli/harness.ts';
import { IDENTITY_RECORDS } from './records.ts';

const base = buildIdentityIndex(IDENTITY_RECORDS);

function identify(entry: Record<string, unknown>, projectDir?: string, index = base): Identification {
  return identifyEntry(normaliseEntry('claude-code', 'x', 'mcpServers', entry, projectDir), index);
}

describe('npm specs that name another package after @', () => {
  const specs = ['npm:evil-pkg', 'file:/tmp/evil', './evil', 'github:evil/x', 'evil/x', 'git+ssh://git@example.com/evil.git', '..'];
  for (const spec of specs) {
    it(`regression: \`@modelcontextprotocol/server-filesystem@${spec}\` is unrecognised, not the filesystem record`, () => {
      const result = identify({ command: 'npx', args: ['-y', `@modelcontextprotocol/server-filesystem@${spec}`] });
      expect(result.status).toBe('unrecognised');
    });
  }

  it('says why without showing what came after @', () => {
    expect(identify({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@npm:evil-pkg'] })).toEqual({
      status: 'unrecognised',
      reason: '`@modelcontextprotocol/server-filesystem@…` names an alias, a path, a URL or a git repository after `@`, not a version',
    });
  });

  it('still reads versions, ranges and tags', () => {
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp@0.0.70'] })).toMatchObject({ status: 'recognised', version: '0.0.70' });
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp@~0.0.70'] })).toMatchObject({ status: 'recognised', version: null });
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp@next'] })).toMatchObject({ status: 'recognised', version: null });
  });
});

describe('a command with whitespace around it', () => {
  it('regression: " /usr/bin/npx" is unrecognised, since the client would run a file named with the space', () => {
    for (const command of [' /usr/bin/npx', '\t/usr/bin/npx', 'npx ']) {
      expect(identify({ command, args: ['-y', '@playwright/mcp'] })).toEqual({
        status: 'unrecognised',
        reason: "the command starts or ends with whitespace, which the client keeps as part of the program's path",
      });
    }
  });
});

describe('reasons never show values or control characters', () => {
  it('regression: userinfo in a tarball URL is not shown', () => {
    const result = identify({ command: 'npx', args: ['-y', 'https://user:s3cr3tTOKENvalue@host.example/pkg.tgz'] });
    expect(result.status).toBe('unrecognised');
    expect(JSON.stringify(result)).not.toContain('s3cr3t');
    expect(JSON.stringify(result)).toContain('https://…@host.example');
  });

  it('regression: a token in a git URL is not shown', () => {
    const result = identify({ command: 'uvx', args: ['--from', 'git+https://oauth2:glpatXYZsecretvalue@gitlab.example/x.git', 'tool'] });
    expect(result.status).toBe('unrecognised');
    expect(JSON.stringify(result)).not.toContain('glpat');
    const direct = identify({ command: 'npx', args: ['-y', 'git+https://oauth2:glpatXYZsecretvalue@gitlab.example/x.git'] });
    expect(JSON.stringify(direct)).not.toContain('glpat');
  });

  it('regression: a --token=VALUE written into command is not shown', () => {
    for (const command of ['/home/me/bin/server --token=SUPERSECRET123', '/home/me/bin/server --token SUPERSECRET123']) {
      const result = identify({ command });
      expect(result).toEqual({
        status: 'unrecognised',
        reason: '`server` is not a package launcher rclass recognises (npx, bunx, pnpm dlx, npm exec, uvx, pipx run, docker run, podman run)',
      });
    }
  });

  it('regression: an escape sequence in an option name does not reach the terminal', () => {
    const result = identify({ command: 'npx', args: ['--\u001b]0;owned\u0007x', '@playwright/mcp'] });
    expect(result.status).toBe('unrecognised');
    expect(JSON.stringify(result)).not.toMatch(/\\u001b|\\u0007/);
  });
});

describe('project settings that change where a launcher installs from', () => {
  function project(files: Record<string, string>): { home: string; dir: string } {
    const root = tempDir();
    const home = path.join(root, 'home');
    const dir = path.join(root, 'work', 'app');
    mkdirSync(home, { recursive: true });
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    return { home, dir };
  }
  const withProject = (home: string) => ({ ...base, project: projectSettingsInspector(home) });

  it('regression: a repository .npmrc makes an npx entry unrecognised, naming the file', () => {
    const { home, dir } = project({ 'work/app/.npmrc': 'registry=https://evil.example/\n' });
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp'] }, dir, withProject(home))).toEqual({
      status: 'unrecognised',
      reason: `\`${path.join(dir, '.npmrc')}\` can change where npx installs packages from, and a repository can ship it`,
    });
  });

  it('finds an .npmrc in a folder above the project, and mcp-remote behind npx too', () => {
    const { home, dir } = project({ 'work/.npmrc': '@playwright:registry=https://evil.example/\n' });
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp'] }, dir, withProject(home)).status).toBe('unrecognised');
    expect(identify({ command: 'npx', args: ['-y', 'mcp-remote', 'https://api.githubcopilot.com/mcp/'] }, dir, withProject(home)).status).toBe('unrecognised');
  });

  it('uv.toml and a pyproject.toml with [tool.uv] make uvx entries unrecognised; a pyproject without it does not', () => {
    const uvToml = project({ 'work/app/uv.toml': 'index-url = "https://evil.example/simple"\n' });
    expect(identify({ command: 'uvx', args: ['mcp-server-git'] }, uvToml.dir, withProject(uvToml.home)).status).toBe('unrecognised');
    const table = project({ 'work/app/pyproject.toml': '[project]\nname = "app"\n\n[tool.uv]\nindex-url = "https://evil.example/simple"\n' });
    expect(identify({ command: 'uvx', args: ['mcp-server-git'] }, table.dir, withProject(table.home)).status).toBe('unrecognised');
    const plain = project({ 'work/app/pyproject.toml': '[project]\nname = "app"\n' });
    expect(identify({ command: 'uvx', args: ['mcp-server-git'] }, plain.dir, withProject(plain.home))).toMatchObject({ status: 'recognised', recordId: 'git' });
  });

  it("leaves the user's own ~/.npmrc alone, and docker and pipx entries unaffected", () => {
    const root = tempDir();
    const home = path.join(root, 'home');
    const dir = path.join(home, 'src', 'app');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(home, '.npmrc'), 'registry=https://npm.corp.example/\n');
    expect(identify({ command: 'npx', args: ['-y', '@playwright/mcp'] }, dir, withProject(home))).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
    });
    const repo = project({ 'work/app/.npmrc': 'registry=https://evil.example/\n' });
    expect(identify({ command: 'docker', args: ['run', '-i', 'mcp/filesystem'] }, repo.dir, withProject(repo.home))).toMatchObject({
      status: 'recognised',
      recordId: 'filesystem',
    });
    expect(identify({ command: 'pipx', args: ['run', 'mcp-server-time'] }, repo.dir, withProject(repo.home))).toMatchObject({
      status: 'recognised',
      recordId: 'time',
    });
  });
});

describe("container mounts that can replace the image's code (SPEC 6.2)", () => {
  const withMemory = buildIdentityIndex([
    ...IDENTITY_RECORDS,
    { ...IDENTITY_RECORDS[0]!, id: 'memory', server: { repository: 'modelcontextprotocol/servers', images: ['mcp/memory'] } },
  ]);
  const memory = (...options: string[]) => identify({ command: 'docker', args: ['run', '-i', '--rm', ...options, 'mcp/memory'] }, undefined, withMemory);
  const cases: Array<[string, string[], string]> = [
    [
      '-v ./evil:/app',
      ['-v', './evil:/app'],
      "`docker run -v` mounts a folder at `/app`, and rclass knows no folder of `mcp/memory` that holds data only, so the mount may replace the server's code",
    ],
    ['--volume=./evil:/app/dist:ro', ['--volume=./evil:/app/dist:ro'], '`docker run --volume` mounts a folder at `/app/dist`'],
    ["the memory README's own -v claude-memory:/app/dist", ['-v', 'claude-memory:/app/dist'], '`docker run -v` mounts a folder at `/app/dist`'],
    ['--mount type=bind,src=./evil,dst=/app', ['--mount', 'type=bind,src=./evil,dst=/app'], '`docker run --mount` mounts a folder at `/app`'],
    ['--mount with target=//app/./', ['--mount', 'type=bind,source=./evil,target=//app/./'], '`docker run --mount` mounts a folder at `/app`'],
    ['--volumes-from evilc', ['--volumes-from', 'evilc'], '`docker run --volumes-from` mounts every volume of another container'],
    [
      '--tmpfs /app/node_modules',
      ['--tmpfs', '/app/node_modules:rw'],
      '`docker run --tmpfs` mounts an empty folder at `/app/node_modules`, and rclass knows no folder of `mcp/memory` that holds data only, so the empty folder may hide part of the server and let other code run in its place',
    ],
    [
      '--mount type=tmpfs,dst=/app (an empty folder hides the code, it brings none)',
      ['--mount', 'type=tmpfs,dst=/app'],
      '`docker run --mount` mounts an empty folder at `/app`, and rclass knows no folder of `mcp/memory` that holds data only, so the empty folder may hide',
    ],
    [
      '-v /srv/evil:/data -w /data (mcp/memory runs `node dist/index.js`)',
      ['-v', '/srv/evil:/data', '-w', '/data'],
      "`docker run -w` changes the folder the image's command starts in",
    ],
    ['-w alone', ['-w', '/tmp'], "`docker run -w` changes the folder the image's command starts in"],
    ['--mount with two targets', ['--mount', 'type=bind,src=./a,dst=/data,target=/app'], 'value is not understood'],
    ['-v with ..', ['-v', './evil:/data/../app'], 'value is not understood'],
  ];
  for (const [name, options, reason] of cases) {
    it(`regression: docker run ${name} mcp/memory is unrecognised, not the memory server`, () => {
      const result = memory(...options);
      expect(result.status).toBe('unrecognised');
      expect(result.status === 'unrecognised' ? result.reason : '').toContain(reason);
    });
  }

  it('recognises mcp/filesystem with its documented mounts under /projects, and refuses one over its code in /app', () => {
    const fs = (...options: string[]) => identify({ command: 'docker', args: ['run', '-i', '--rm', ...options, 'mcp/filesystem', '/projects'] });
    expect(
      fs('--mount', 'type=bind,src=/Users/username/Desktop,dst=/projects/Desktop', '--mount', 'type=bind,src=/path/to/dir,dst=/projects/other/dir,ro'),
    ).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
    expect(fs('-v', 'C:\\Users\\me:/projects/me:ro', '--tmpfs', '/projects/scratch')).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
    expect(fs('-v', './evil:/app')).toMatchObject({
      status: 'unrecognised',
      reason: "`docker run -v` mounts a folder at `/app`, outside the image's data folders (`/projects`), so the mount may replace the server's code",
    });
    expect(fs('-v', './evil:/')).toMatchObject({ status: 'unrecognised' });
    expect(fs('-v', './evil:/projectsevil')).toMatchObject({ status: 'unrecognised' });
  });
});
