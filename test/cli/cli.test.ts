/**
 * The CLI as a function (in-process): `lookup`, `export`, `policy`, `hook`,
 * help and exit codes (0 ok, 1 threshold met, 2 usage error, 3 incomplete).
 * The Cedar it prints is checked by the Cedar engine in
 * test/cli/cedar-output.test.ts (a file that loads the Cedar engine runs with V8's
 * optimiser off, test/tiers.ts CEDAR_TESTS), and the anchor flags that
 * `policy` embeds in the installed hooks in test/hook/anchor-command.test.ts.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { buildDocument } from '../../src/core/registry.ts';
import { schemaValidators } from '../../src/records/schemas.ts';
import { registryFromSources } from '../../src/node/registry.ts';
import { syntheticRecord } from '../export/registry.ts';
import { loadedRegistry } from '../loaded-registry.ts';
import { ROOT, runCli, tempDir, writeRegistry } from './harness.ts';

const DROP = '{"query": "DROP TABLE users"}';
const fixture = (relative: string): string => path.join('test', 'fixtures', 'configs', relative);

describe('rclass lookup', () => {
  it('prints R4 with the rationale and the default policy for DROP TABLE through sqlite write_query', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--args', DROP]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('R4 Irreversible (registry)');
    expect(lines[1]).toMatch(/DROP TABLE/);
    expect(lines[2]).toBe('effects: read, create-private, delete, overwrite (SPEC 2.9)');
    expect(lines[3]).toBe('default policy: never_autonomous');
    expect(result.stdout).toContain('record status: draft: classified against the source by its author, not yet reviewed');
    expect(result.stdout).toContain('rule read-only-statement (R0): did not fire');
    expect(result.stdout).toContain('  did not hold: sql_read_only query: query is not read-only:');
    expect(result.stderr).toBe('');
  });

  it('prints the rule that lowered a SELECT and which conditions held, as JSON', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--args', '{"query": "SELECT * FROM users"}', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      server: 'sqlite',
      tool: 'write_query',
      class: 'R0',
      name: 'No effect',
      source: 'rule',
      rule: 'read-only-statement',
      policy: 'act',
      status: 'draft',
      base_class: 'R4',
    });
    expect(typeof json.rationale).toBe('string');
    expect(json.rules).toEqual([
      {
        id: 'read-only-statement',
        class: 'R0',
        fired: true,
        conditions: [{ predicate: 'sql_read_only', arg: 'query', held: true, detail: 'query is one read-only sqlite statement' }],
      },
    ]);
  });

  it('gives an unknown server R4 with source unknown and exit 0', async () => {
    const result = await runCli(['lookup', 'no-such-server', 'do_it', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ class: 'R4', source: 'unknown', policy: 'never_autonomous' });
    expect(JSON.parse(result.stdout).status).toBeUndefined();
  });

  it('gives an unlisted tool of a known server R4 with source unknown and the record status', async () => {
    const result = await runCli(['lookup', 'sqlite', 'vacuum_everything']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('R4 Irreversible (unknown)');
    expect(result.stdout).toContain('record status: draft');
  });

  it('reads --args - from stdin', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--args', '-', '--json'], { stdin: '{"query": "SELECT 1"}' });
    expect(JSON.parse(result.stdout)).toMatchObject({ class: 'R0', source: 'rule' });
  });

  it('rejects --args that is not JSON with a clear error and exit 2', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--args', '{"query": DROP}']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^rclass: `--args` is not valid JSON: /);
    expect(result.stderr).toContain('usage: rclass lookup SERVER TOOL');
  });

  it('rejects --args that is JSON but not an object with exit 2', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--args', '["DROP TABLE users"]']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('rclass: `--args` must be a JSON object such as `{"query": "SELECT 1"}`; got a list');
  });

  it('exits 1 when --fail-on is met and 0 when it is not', async () => {
    expect((await runCli(['lookup', 'sqlite', 'write_query', '--args', DROP, '--fail-on', 'R4'])).code).toBe(1);
    expect((await runCli(['lookup', 'sqlite', 'write_query', '--args', '{"query": "SELECT 1"}', '--fail-on', 'R4'])).code).toBe(0);
    expect((await runCli(['lookup', 'sqlite', 'write_query', '--fail-on', 'R9'])).code).toBe(2);
  });

  it('exits 2 with usage for an unknown option or a missing argument', async () => {
    const unknown = await runCli(['lookup', 'sqlite', 'write_query', '--verbose']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr.split('\n')[0]).toBe('rclass: unknown option `--verbose`');
    const missing = await runCli(['lookup', 'sqlite']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toBe('rclass: `lookup` takes SERVER and TOOL; got 1 argument');
    const noValue = await runCli(['lookup', 'sqlite', 'write_query', '--args']);
    expect(noValue.code).toBe(2);
    expect(noValue.stderr.split('\n')[0]).toBe('rclass: option `--args` needs a value');
  });

  it('still answers R4 (source error) with exit 3 when the registry cannot be loaded', async () => {
    const result = await runCli(['lookup', 'sqlite', 'write_query', '--registry', 'no/such/registry.json', '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ class: 'R4', source: 'error', notes: ['no such registry file `no/such/registry.json`'] });
  });

  it('classifies against a custom --registry document', async () => {
    const file = writeRegistry(buildDocument([syntheticRecord('corp-db', [{ name: 'query', class: 'R3' }])]));
    const result = await runCli(['lookup', 'corp-db', 'query', '--registry', file]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('R3 Hard to recover (registry)');
    expect(result.stdout).toContain('default policy: approve_each_time');
  });

  it('refuses a --registry document that does not match the schema, with exit 3', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ format_version: 1, spec_version: '0.3.0', totals: {}, servers: [{ id: 'x' }] }));
    const result = await runCli(['lookup', 'x', 'y', '--registry', file]);
    expect(result.code).toBe(3);
    expect(result.stdout.split('\n')[0]).toBe('R4 Irreversible (error)');
    expect(result.stdout).toContain('does not match schema/registry.schema.json');
  });
});

describe('the registry the CLI loads', () => {
  it('can be assembled from registry/*.yaml in a clone where nothing was built', async () => {
    // The run's own load of registry/ (test/registry-setup.ts) says whether it has problems; registryFromSources reads it again.
    const { problems } = await loadedRegistry();
    if (problems.length > 0) {
      await expect(registryFromSources()).rejects.toThrow(/run `npm run check`/);
      return;
    }
    const document = await registryFromSources();
    expect(schemaValidators().registry(document)).toBe(true);
    expect(document!.servers.map((record) => record.id)).toContain('sqlite');
  });
});

describe('rclass export', () => {
  it('prints the whole registry as one document valid against schema/registry.schema.json', async () => {
    const result = await runCli(['export']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    const validate = schemaValidators().registry;
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(document.servers.length).toBe(document.totals.servers);
    expect(document.servers.some((record: { id: string }) => record.id === 'sqlite')).toBe(true);
  });

  it('writes --out FILE and says so on stderr', async () => {
    const dir = tempDir();
    const result = await runCli(['export', '--out', 'registry.json'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: 'rclass: wrote `registry.json`\n' });
    expect(JSON.parse(await readFile(path.join(dir, 'registry.json'), 'utf8')).format_version).toBe(1);
  });

  it('exits 2 for an unexpected argument', async () => {
    expect((await runCli(['export', 'extra'])).code).toBe(2);
  });
});

describe('rclass policy', () => {
  it('takes --deny-from R0 alone for cel and says every tool is denied, not "allow up to R1; deny from R0"', async () => {
    const result = await runCli(['policy', '--format', 'cel', '--deny-from', 'R0']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n# Thresholds: deny from R0: every tool is denied, nothing is allowed or sent for approval.\n');
    expect(result.stdout).not.toContain('allow up to');
    expect(result.stdout.split('\n').filter((line) => !line.startsWith('#'))).toEqual(['mcpAuthorization:', '  rules:', '    - allow: "false"', '']);
  });

  it('lowers the default allow level below --deny-from R1 (allow up to R0), and still refuses --allow-up-to R1 with it', async () => {
    const result = await runCli(['policy', '--format', 'cedar', '--deny-from', 'R1']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n// Thresholds: allow up to R0; deny from R1 (tools an argument rule can bring below R1 need approval instead).\n');
    expect(await runCli(['policy', '--format', 'cedar', '--deny-from', 'R1', '--allow-up-to', 'R1'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('`--deny-from R1` must be above `--allow-up-to R1`'),
    });
  });

  it('without CONFIG, warns that the stripe record covers @stripe/mcp only before 0.3.1, and only when stripe is exported', async () => {
    const all = await runCli(['policy', '--format', 'claude-settings', '--allow-up-to', 'R1']);
    expect(all.code).toBe(0);
    expect(all.stderr).toBe(
      'rclass: the record `stripe` describes `@stripe/mcp` only before 0.3.1: a server running it unpinned or at 0.3.1 or newer runs another server, which these rules do not describe; pass your configuration as CONFIG so each entry is identified (SPEC 5.3)\n',
    );
    expect((await runCli(['policy', '--format', 'claude-settings', '--server', 'github'])).stderr).toBe('');
  });

  it('uses the names of a configuration, reports unrecognised entries on stderr and prints no secret', async () => {
    const result = await runCli(['policy', '--format', 'claude-settings', '--deny-from', 'R4', fixture('br03/.cursor/mcp.json')]);
    expect(result.code).toBe(0);
    const settings = JSON.parse(result.stdout);
    expect(settings.permissions.deny).toContain('mcp__docs');
    expect(settings.permissions.ask).toContain('mcp__gh__create_repository');
    const names = new Set([...settings.permissions.ask, ...settings.permissions.deny].map((rule: string) => rule.split('__')[1]));
    expect([...names].sort()).toEqual(['docs', 'fs', 'gh', 'heroku']);
    expect(result.stderr).toContain(
      'rclass: `docs` is unrecognised, so every tool counts as R4: no record names a hosted URL at `https://mcp.docs.example` with this path',
    );
    expect(result.stderr).toContain('rclass: `fs` runs record `filesystem` (npm @modelcontextprotocol/server-filesystem)');
    for (const text of [result.stdout, result.stderr]) expect(text).not.toContain('heroku-secret-value-0002');
  });

  it('explains the empty Cursor CLI lists on stderr when neither --allow-up-to nor --deny-from is given', async () => {
    const result = await runCli(['policy', '--format', 'cursor-cli']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ permissions: { allow: [], deny: [] } });
    expect(result.stderr).toContain(
      "rclass: note: without `--allow-up-to` or `--deny-from` both Cursor CLI lists are empty: Cursor has no ask list, so every MCP tool stays on Cursor's default and asks before it runs. Add `--deny-from R4` (or lower) to block tools by class, and `--allow-up-to R0` or `R1` to let those run without asking\n",
    );
    const withThreshold = await runCli(['policy', '--format', 'cursor-cli', '--allow-up-to', 'R0']);
    expect(withThreshold.stderr).not.toContain('note:');
    expect(JSON.parse(withThreshold.stdout).permissions.allow).toContain('Mcp(sqlite:list_tables)');
  });

  it('reads a Windsurf config named windsurf.json by its `serverUrl` entries, exit 0', async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'windsurf.json'),
      '{"mcpServers": {"docs": {"serverUrl": "https://mcp.docs.example/mcp"}, "time": {"command": "uvx", "args": ["mcp-server-time"]}}}',
    );
    const result = await runCli(['policy', '--format', 'claude-settings', 'windsurf.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'rclass: `docs` is unrecognised, so every tool counts as R4: no record names a hosted URL at `https://mcp.docs.example` with this path',
    );
    expect(result.stderr).toContain('rclass: `time` runs record `time`');
    expect(result.stderr).not.toContain('neither `command` nor');
    expect(JSON.parse(result.stdout).permissions.ask).toContain('mcp__docs');
  });

  it('exits 3 when an entry is invalid for its client, but still prints the policy with it counted as R4', async () => {
    const result = await runCli(['policy', '--format', 'cursor-cli', '--deny-from', 'R4', fixture('br05/mcp_config.json')]);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).permissions.deny).toEqual(expect.arrayContaining(['Mcp(a:*)', 'Mcp(c:*)']));
    expect(result.stderr).toContain('rclass: `c` is invalid, so every tool counts as R4: unknown transport type `streamable_http`');
    expect(result.stderr).toContain('rclass: `d` is disabled in');
    expect(result.stderr).not.toContain('header-secret-value-0003');
  });

  it('notes a BOM and reads the servers of a Claude Desktop config', async () => {
    const result = await runCli(['policy', '--format', 'cel', fixture('br02/claude_desktop_config.json')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('byte order mark, which Claude Desktop rejects');
    expect(result.stdout).toContain('mcp.tool.target == "time"');
  });

  it('exits 3 for a config that is not JSON and 2 for one that does not exist', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'mcp.json'), '{"mcpServers": {');
    const broken = await runCli(['policy', '--format', 'cedar', 'mcp.json', '--client', 'cursor'], { cwd: dir });
    expect(broken.code).toBe(3);
    expect(broken.stderr).toBe('rclass: cannot parse `mcp.json`: CloseBraceExpected at line 1 column 17\n');
    const missing = await runCli(['policy', '--format', 'cedar', 'nope.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toBe('rclass: no such file `nope.json`');
  });

  it('restricts to --server names and refuses an unknown one', async () => {
    const result = await runCli(['policy', '--format', 'cedar-toolhive', '--server', 'sqlite']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).cedar.policies).toContain('permit (principal, action == Action::"call_tool", resource == Tool::"list_tables");');
    const unknown = await runCli(['policy', '--format', 'cedar', '--server', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe('rclass: no server `nope` in the registry');
  });

  it.each([
    [
      ['policy'],
      'rclass: `policy` needs `--format`, one of cedar, cedar-toolhive, cel, claude-settings, claude-hook, cursor-cli, cursor-ide, cursor-hook, gemini, gemini-hook, codex-disabled-tools, codex-hook',
    ],
    [
      ['policy', '--format', 'opa'],
      'rclass: `--format` must be one of cedar, cedar-toolhive, cel, claude-settings, claude-hook, cursor-cli, cursor-ide, cursor-hook, gemini, gemini-hook, codex-disabled-tools, codex-hook; got `opa`',
    ],
    [
      ['policy', '--format', 'cedar', '--allow-up-to', 'R2'],
      'rclass: `--allow-up-to R2` would let tools that need a human run alone; the highest class it accepts is R1 (SPEC 3)',
    ],
    [
      ['policy', '--format', 'claude-hook', 'x.json'],
      "rclass: `claude-hook` takes no CONFIG or `--server`: the hook identifies servers from Claude Code's configuration each time it runs",
    ],
    [['policy', '--format', 'cedar', '--client', 'cursor'], 'rclass: `--client` needs a CONFIG'],
  ])('exits 2 for %j', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it('writes the hook fragment with this Node and this launcher by absolute path', async () => {
    const result = await runCli(['policy', '--format', 'claude-hook', '--allow-up-to', 'R1']);
    expect(result.code).toBe(0);
    const command: string = JSON.parse(result.stdout).hooks.PreToolUse[0].hooks[0].command;
    const [node, launcher, ...rest] = command.slice(command.indexOf(' rclass-hook ') + ' rclass-hook '.length).split(' ');
    expect(path.isAbsolute(node!)).toBe(true);
    expect(launcher).toBe(path.join(realpathSync(ROOT), 'bin', 'rclass-hook.cjs'));
    expect(rest).toEqual(['hook', '--allow-up-to', 'R1']);
  });

  it('regression: warns on stderr when an --egress-allow entry is a multi-tenant host (nip.io admits any IP), and still embeds it', async () => {
    const result = await runCli(['policy', '--format', 'claude-hook', '--egress-allow', 'nip.io', '--egress-allow', 'pypi.org']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^rclass: warning: `--egress-allow` entry 1 \("nip\.io"\): `nip\.io` is a shared host that is not on the Public Suffix List: a wildcard DNS service/,
    );
    expect(result.stderr.split('\n').filter((line) => line.includes('--egress-allow'))).toHaveLength(1);
    const command: string = JSON.parse(result.stdout).hooks.PreToolUse[0].hooks[0].command;
    expect(command.endsWith(' hook --egress-allow nip.io --egress-allow pypi.org')).toBe(true);
  });

  it('regression: embeds --egress-allow in the hook command like --deny-from, normalised, one flag per host', async () => {
    const result = await runCli(['policy', '--format', 'claude-hook', '--deny-from', 'R4', '--egress-allow', 'Docs.Python.org', '--egress-allow', 'pypi.org']);
    expect(result.code).toBe(0);
    const command: string = JSON.parse(result.stdout).hooks.PreToolUse[0].hooks[0].command;
    expect(command.slice(command.lastIndexOf(' hook ') + 1).split(' ')).toEqual([
      'hook',
      '--deny-from',
      'R4',
      '--egress-allow',
      'docs.python.org',
      '--egress-allow',
      'pypi.org',
    ]);
  });

  it.each([
    [
      ['policy', '--format', 'cedar', '--anchor-file', '/x/anchor'],
      'rclass: `--anchor-file` and `--anchor-command` are for the hook formats (claude-hook, gemini-hook, codex-hook, cursor-hook)',
    ],
    [
      ['policy', '--format', 'claude-hook', '--anchor-file', 'relative/anchor'],
      'rclass: `--anchor-file` needs an absolute path: the hook runs in whatever folder the agent is in',
    ],
  ])('exits 2 for a misplaced or relative anchor: %j', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it.each([
    [
      ['policy', '--format', 'cedar', '--egress-allow', 'docs.python.org'],
      'rclass: `--egress-allow` is for the hook formats (claude-hook, gemini-hook, codex-hook, cursor-hook): static policies have no session, so no egress allowlist applies to them',
    ],
    [
      ['policy', '--format', 'claude-hook', '--egress-allow', 'github.io'],
      'rclass: `--egress-allow` entry 1 ("github.io"): `github.io` is a public suffix (a suffix its owner opens to the public, on the Public Suffix List): anyone can have a site under it, so it would admit strangers\' sites; list the exact host instead, such as `name.github.io`',
    ],
    [
      ['policy', '--format', 'claude-hook', '--egress-allow', '*.example.com'],
      'rclass: `--egress-allow` entry 1 ("*.example.com"): wildcards are not supported; an entry already covers its subdomains',
    ],
  ])('exits 2 for a misplaced or invalid --egress-allow: %j', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it('writes --out FILE atomically', async () => {
    const dir = tempDir();
    const result = await runCli(['policy', '--format', 'cel', '--out', 'authz.yaml'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(await readFile(path.join(dir, 'authz.yaml'), 'utf8')).toContain('mcpAuthorization:');
  });
});

describe('rclass, other commands', () => {
  it('answers hook input it cannot use with `ask` and exit 0 (the hook itself is tested in test/hook)', async () => {
    const result = await runCli(['hook', '--no-log'], { stdin: '{"tool_name":"mcp__sqlite__write_query"}' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
  });

  it('prints the version and help', async () => {
    expect((await runCli(['--version'])).stdout).toMatch(/^rclass \d+\.\d+\.\d+\n$/);
    expect((await runCli(['--help'])).stdout).toContain('usage: rclass <command> [options]');
    expect((await runCli(['policy', '--help'])).stdout).toContain('cedar-toolhive');
    expect((await runCli(['help', 'lookup'])).stdout).toContain('usage: rclass lookup');
  });

  it('exits 2 with the usage when run without a command, or with an unknown one', async () => {
    expect((await runCli([])).code).toBe(2);
    const unknown = await runCli(['inspect']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe('rclass: unknown command `inspect`');
  });

  it('reports an internal error on stderr with exit 3 rather than throwing', async () => {
    let stderr = '';
    const code = await run(['--version'], {
      stdin: (async function* () {})(),
      stdout: {
        write: () => {
          throw new Error('disk on fire');
        },
      },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      env: {},
      cwd: ROOT,
    });
    expect(code).toBe(3);
    expect(stderr).toBe('rclass: internal error: disk on fire\n');
  });
});
