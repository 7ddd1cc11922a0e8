/**
 * Every command the README shows, run exactly as written (issue 15: "every
 * README command must work exactly as written"), in a scratch HOME and
 * project with this checkout's CLI: `npx rclass` finds it as the project's
 * own `node_modules/.bin/rclass` (what `npm install` of the package makes),
 * linked to the run's package folder (test/cli-package-setup.ts, a fresh
 * bundle of the source, so no start compiles TypeScript through tsx), or,
 * for the line that says so, in the clone itself. npm runs offline
 * (`npm_config_offline`), so nothing is fetched: `npx -y
 * @modelcontextprotocol/server-memory` finds the server linked from
 * test/servers. journald is not reachable here, so `logger` and
 * `journalctl` are two small stand-ins that keep the lines in a file.
 *
 * A command not run here is listed in ELSEWHERE with the test that runs it;
 * a README command in neither list fails the first test.
 */
import { spawnSync } from 'node:child_process';
import { catalogueDraft } from '../../src/records/catalogue/draft.ts';
import type { CatalogueListing } from '../../src/records/catalogue/types.ts';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { SERVERS_MODULES } from '../servers/paths.ts';
import { ROOT, tempDir } from './harness.ts';
import { testedBin } from './tested-bin.ts';
import { VERSION, shellLines } from './readme-lines.ts';

/** README commands run by another test, and which. */
const ELSEWHERE: Record<string, string> = {
  'npm ci && npm run build': 'the build itself (npm test runs it first; test/pipeline/check-report.test.ts runs scripts/build.ts)',
  'npm ci && npm test': 'this suite',
  'npm pack': 'test/pipeline/pack-install.test.ts',
  [`npm install -g ./reversibility-classes-${VERSION}.tgz`]: 'test/pipeline/pack-install.test.ts',
  'jq -r \'.servers[] | "\\(.id) \\(.worst) \\(.classes.R4)/\\(.tools)"\' build/site/api/v1/servers.json':
    'test/site/readme-api.test.ts (needs the built site)',
  "jq '{class: .tool.class, effects: .tool.effects}' build/site/api/v1/servers/github/create_repository.json":
    'test/site/readme-api.test.ts (needs the built site)',
};

/** What each README command run here must do: its exit code, and what to check after it. */
interface Expectation {
  code: number;
  /** Run in the clone instead of the scratch project. */
  clone?: boolean;
  check?: (out: { stdout: string; stderr: string }, project: string) => void;
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const RUN: Record<string, Expectation> = {
  'npx rclass --version': { code: 0, clone: true, check: ({ stdout }) => expect(stdout).toBe(`rclass ${VERSION}\n`) },
  'npx rclass lookup sqlite write_query --args \'{"query": "DROP TABLE users"}\'': {
    code: 0,
    check: ({ stdout }) => expect(stdout).toMatch(/^R4 Irreversible/m),
  },
  'npx rclass lookup sqlite write_query --args \'{"query": "SELECT 1"}\' --json': {
    code: 0,
    check: ({ stdout }) => expect((JSON.parse(stdout) as { class: string }).class).toBe('R0'),
  },
  'npx rclass scan': { code: 0, check: ({ stdout }) => expect(stdout).toMatch(/^memory {2}Memory \(MCP reference server\) · \d+ tools/m) },
  'npx rclass scan .mcp.json --list --fail-on R4': { code: 1, check: ({ stdout }) => expect(stdout).toMatch(/^memory {2}Memory \(MCP reference server\)/m) },
  'npx rclass scan .mcp.json --list --fail-on R4 --format sarif > rclass.sarif': {
    code: 1,
    check: (_, project) => expect((json(path.join(project, 'rclass.sarif')) as { version: string }).version).toBe('2.1.0'),
  },
  'npx rclass export --out registry.json': {
    code: 0,
    check: (_, project) => expect((json(path.join(project, 'registry.json')) as { servers: unknown[] }).servers.length).toBeGreaterThan(50),
  },
  'npx rclass export --format tool-metadata --out tool-metadata.json': {
    code: 0,
    check: (_, project) => {
      const out = json(path.join(project, 'tool-metadata.json')) as { tools: Array<{ _meta: Record<string, { outcome: string }> }> };
      expect(out.tools.length).toBeGreaterThan(100);
      expect(out.tools[0]!._meta['io.modelcontextprotocol/action-metadata']!.outcome).toMatch(/^(benign|consequential|irreversible)$/);
    },
  },
  'npx rclass export --format cedar-entities --out rclass-entities.json': {
    code: 0,
    check: (_, project) =>
      expect((json(path.join(project, 'rclass-entities.json')) as Array<{ uid: { type: string } }>).some((entity) => entity.uid.type === 'Tool')).toBe(true),
  },
  'npx rclass policy --format cedar --deny-from R4 > rclass.cedar': {
    code: 0,
    check: (_, project) => expect(readFileSync(path.join(project, 'rclass.cedar'), 'utf8')).toMatch(/^forbid \(/m),
  },
  'npx rclass policy --format cel > mcp-authz.yaml': {
    code: 0,
    check: (_, project) => expect(readFileSync(path.join(project, 'mcp-authz.yaml'), 'utf8')).toContain('mcp.tool'),
  },
  'npx rclass policy --format claude-settings .mcp.json': {
    code: 0,
    check: ({ stdout }) => expect((JSON.parse(stdout) as { permissions: { ask: string[] } }).permissions.ask).toContain('mcp__memory__delete_entities'),
  },
  'npx rclass policy --format claude-hook > hook.json': {
    code: 0,
    check: (_, project) => expect(json(path.join(project, 'hook.json'))).toHaveProperty('hooks.PreToolUse'),
  },
  'npx rclass audit report': { code: 0 },
  'npx rclass audit verify': { code: 0 },
  "npx rclass policy --format claude-hook --anchor-command 'logger -t rclass' > hook.json": {
    code: 0,
    check: (_, project) => expect(JSON.stringify(json(path.join(project, 'hook.json')))).toContain('--anchor-command'),
  },
  'journalctl -t rclass -o cat > anchor.txt && npx rclass audit verify --anchor anchor.txt': {
    code: 0,
    check: ({ stdout }, project) => {
      expect(readFileSync(path.join(project, 'anchor.txt'), 'utf8').trim().split('\n').length).toBeGreaterThan(0);
      expect(stdout).toContain('anchor');
    },
  },
  'npx rclass policy --format gemini-hook > gemini-hooks.json': {
    code: 0,
    check: (_, project) => expect(json(path.join(project, 'gemini-hooks.json'))).toHaveProperty('hooks.BeforeTool'),
  },
  'npx rclass policy --format gemini ~/.gemini/settings.json > rclass.toml': {
    code: 0,
    // The server as the user named it in Gemini CLI: a rule for it is what makes `gemini -p` refuse rather than hang on the hook's ask.
    check: (_, project) => expect(readFileSync(path.join(project, 'rclass.toml'), 'utf8')).toContain('toolName = "mcp_mem_delete_entities"'),
  },
  'npx rclass policy --format codex-hook > hooks.json': {
    code: 0,
    check: (_, project) => expect(json(path.join(project, 'hooks.json'))).toHaveProperty('hooks.PreToolUse'),
  },
  'npx rclass policy --format codex-disabled-tools --deny-from R4': { code: 0, check: ({ stdout }) => expect(stdout).toContain('disabled_tools') },
  'npx rclass policy --format cursor-hook > hooks.json': {
    code: 0,
    check: (_, project) =>
      expect(Object.keys((json(path.join(project, 'hooks.json')) as { hooks: object }).hooks)).toEqual(['beforeMCPExecution', 'beforeShellExecution']),
  },
  'npx rclass policy --format cursor-ide --allow-up-to R0': { code: 0, check: ({ stdout }) => expect(stdout).toContain('mcpAllowlist') },
  'npx rclass records add draft.yaml --accept-suggestions': {
    code: 0,
    check: ({ stdout }) => expect(stdout).toBe('added local record angiejones--mcp-selenium: ~/.local/state/rclass/records/angiejones--mcp-selenium.yaml\n'),
  },
  'npx rclass records list': { code: 0, check: ({ stdout }) => expect(stdout).toContain('  angiejones--mcp-selenium  14 tools  ') },
};

/** The proxy line runs as a client would start it (a long-lived stdio server), below. */
const PROXY = 'rclass proxy -- npx -y @modelcontextprotocol/server-memory';

const MEMORY = { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } };

/** A scratch HOME and project: the CLI as the project's own bin, the memory server linked, and stand-ins for logger and journalctl. */
function scratch(): { home: string; project: string; env: Record<string, string> } {
  const root = tempDir();
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const shims = path.join(root, 'shims');
  const bins = path.join(project, 'node_modules', '.bin');
  mkdirSync(home, { recursive: true });
  mkdirSync(shims, { recursive: true });
  mkdirSync(path.join(project, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  mkdirSync(bins, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "project", "version": "1.0.0", "private": true }\n');
  // The catalogue's draft of a server without a record, as its "classify this server" link serves it, for `rclass records add`.
  const listing = JSON.parse(readFileSync(path.join(ROOT, 'catalogue', 'npm', 'angiejones--mcp-selenium.json'), 'utf8')) as CatalogueListing;
  writeFileSync(path.join(project, 'draft.yaml'), catalogueDraft(listing));
  // The run's package folder (test/cli-package-setup.ts): a fresh bundle of the source, as `npm install` lays the package out.
  symlinkSync(testedBin(), path.join(bins, 'rclass'));
  // `rclass` as `npm install -g` puts it on PATH.
  symlinkSync(testedBin(), path.join(shims, 'rclass'));
  symlinkSync(
    path.join(SERVERS_MODULES, '@modelcontextprotocol', 'server-memory'),
    path.join(project, 'node_modules', '@modelcontextprotocol', 'server-memory'),
  );
  symlinkSync(path.join('..', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js'), path.join(bins, 'mcp-server-memory'));
  // A user-level Claude Code server, which a plain `rclass scan` starts without asking (the project's .mcp.json comes later).
  writeFileSync(path.join(home, '.claude.json'), `${JSON.stringify({ mcpServers: MEMORY }, null, 2)}\n`);
  const journal = path.join(root, 'journal.txt');
  // Stand-ins for the journal: `logger -t TAG` appends stdin; `journalctl -t TAG -o cat` prints it.
  writeFileSync(path.join(shims, 'logger'), `#!/bin/sh\n[ "$1 $2" = "-t rclass" ] || exit 64\ncat >> '${journal}'\n`);
  writeFileSync(path.join(shims, 'journalctl'), `#!/bin/sh\n[ "$*" = "-t rclass -o cat" ] || exit 64\ncat '${journal}' 2>/dev/null\n`);
  chmodSync(path.join(shims, 'logger'), 0o755);
  chmodSync(path.join(shims, 'journalctl'), 0o755);
  const env: Record<string, string> = {
    HOME: home,
    PATH: [shims, path.dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter),
    USER: 'tester',
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    CLAUDE_PROJECT_DIR: project,
    MEMORY_FILE_PATH: path.join(root, 'memory.jsonl'),
  };
  return { home, project, env };
}

/** Run hook.json's command as Claude Code would, for one MCP call. */
function claudeCodeCall(project: string, env: Record<string, string>, session: string): void {
  const hook = (json(path.join(project, 'hook.json')) as { hooks: { PreToolUse: Array<{ hooks: Array<{ command: string; args?: string[] }> }> } }).hooks
    .PreToolUse[0]!.hooks[0]!;
  const input = JSON.stringify({ session_id: session, hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__read_graph', tool_input: {}, cwd: project });
  const result =
    hook.args !== undefined
      ? spawnSync(hook.command, hook.args, { cwd: project, env, input, encoding: 'utf8', timeout: 60_000 })
      : spawnSync('sh', ['-c', hook.command], { cwd: project, env, input, encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
}

describe('README commands, run as written', () => {
  it('every README command is run here or names the test that runs it', () => {
    const lines = shellLines();
    const unaccounted = lines.filter((line) => !(line in RUN) && !(line in ELSEWHERE) && line !== PROXY);
    expect(unaccounted).toEqual([]);
    const stale = [...Object.keys(RUN), ...Object.keys(ELSEWHERE), PROXY].filter((line) => !lines.includes(line));
    expect(stale).toEqual([]);
  });

  it('regression: each one works in a fresh HOME, in README order, with the exit code the README promises', async () => {
    const { home, project, env } = scratch();
    const failures: string[] = [];
    for (const line of shellLines()) {
      const expectation = RUN[line];
      if (expectation === undefined) continue;
      // The project's configuration, from the first command that names it on.
      if (line.includes('.mcp.json') && !existsSync(path.join(project, '.mcp.json')))
        writeFileSync(path.join(project, '.mcp.json'), `${JSON.stringify({ mcpServers: MEMORY }, null, 2)}\n`);
      // Gemini CLI's user settings as `gemini mcp add -s user mem npx -y @modelcontextprotocol/server-memory` writes them.
      if (line.includes('~/.gemini/settings.json') && !existsSync(path.join(home, '.gemini', 'settings.json'))) {
        mkdirSync(path.join(home, '.gemini'), { recursive: true });
        writeFileSync(path.join(home, '.gemini', 'settings.json'), `${JSON.stringify({ mcpServers: { mem: MEMORY.memory } }, null, 2)}\n`);
      }
      // Claude Code runs the installed hook before the log and anchor commands that read what it wrote.
      if (line.startsWith('npx rclass audit') || line.startsWith('journalctl')) {
        claudeCodeCall(project, env, `readme-${line.length}`);
        claudeCodeCall(project, env, `readme-${line.length}`);
      }
      const result = spawnSync('sh', ['-c', line], { cwd: expectation.clone === true ? ROOT : project, env, encoding: 'utf8', timeout: 120_000 });
      if (result.status !== expectation.code) {
        failures.push(`${line}: exit ${result.status} (expected ${expectation.code}): ${result.stderr.slice(0, 400)}`);
        continue;
      }
      try {
        expectation.check?.({ stdout: result.stdout, stderr: result.stderr }, project);
      } catch (error) {
        failures.push(`${line}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(existsSync(path.join(project, 'anchor.txt'))).toBe(true);
  }, 900_000);

  it("regression: the proxy line recognises the memory server (through `npx rclass`, npm's own npm_config_* settings made it unrecognised)", async () => {
    const { project, env } = scratch();
    // A client starts the proxy with its own environment, not npm's: no npm_config_* settings.
    delete env.npm_config_offline;
    delete env.npm_config_update_notifier;
    const client = new Client({ name: 'readme', version: '0' });
    await client.connect(new StdioClientTransport({ command: 'sh', args: ['-c', PROXY], cwd: project, env, stderr: 'pipe' }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('read_graph');
      expect((await client.callTool({ name: 'read_graph', arguments: {} })).isError).not.toBe(true);
      const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['x'] } });
      expect(deleted.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 180_000);
});
