/**
 * Built-in tools in the hook (SPEC 8.5): no decision, except a prompt
 * before one writes to the hook's state, its log or Claude Code's settings.
 * And the audit log the hook writes (SPEC 10): its fields, the arguments'
 * digest (never the arguments), outcomes tied to decisions, `--log`,
 * `--no-log`, and what happens when the log cannot be written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryHash } from '../../src/audit/chain.ts';
import { canonicalJson } from '../../src/node/digest.ts';
import { anchorAndLogHeads, hook, logLines, makeWorld, post, pre } from './support.ts';

describe('built-in tools', () => {
  it('gives Read, Grep, Bash and Write no decision and logs nothing for them', async () => {
    const world = makeWorld();
    for (const [tool, input] of [
      ['Read', { file_path: path.join(world.home, '.claude', 'settings.json') }],
      ['Grep', { pattern: 'x', path: world.project }],
      ['Bash', { command: 'npm test' }],
      ['Write', { file_path: path.join(world.project, 'README.md'), content: 'See ~/.claude/settings.json and ~/.local/state/rclass/audit.jsonl' }],
      ['Edit', { file_path: path.join(world.project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' }],
    ] as const) {
      const result = await hook(world, pre('B1', tool, input));
      expect(result.json, tool).toEqual({});
    }
    expect(logLines(world.log)).toEqual([]);
  });

  it("asks before a built-in tool writes to Claude Code's settings, the session state or the audit log", async () => {
    const world = makeWorld();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['Write', { file_path: path.join(world.home, '.claude', 'settings.json'), content: '{}' }],
      ['Edit', { file_path: path.join(world.project, '.claude', 'settings.local.json'), old_string: 'a', new_string: 'b' }],
      ['Write', { file_path: path.join(world.home, '.claude.json'), content: '{}' }],
      ['Bash', { command: 'rm -rf ~/.local/state/rclass/sessions' }],
      ['Bash', { command: `: > ${world.log}` }],
      ['Bash', { command: 'sed -i s/ask/allow/ .claude/settings.json' }],
      ['NotebookEdit', { notebook_path: path.join(world.state, 'x.ipynb'), new_source: '' }],
      ['SomeFutureTool', { target: path.join(world.home, '.claude', 'settings.json') }],
    ];
    for (const [tool, input] of cases) {
      const result = await hook(world, pre('B2', tool, input));
      expect(result.decision, `${tool} ${JSON.stringify(input)}`).toBe('ask');
      expect(result.reason).toContain("Claude Code's settings");
    }
    expect(logLines(world.log).every((line) => line.source === 'builtin' && line.decision === 'ask' && line.class === null)).toBe(true);
  });

  it('asks with --log FILE for a command that names that file, and follows a symbolic link to a protected file', async () => {
    const world = makeWorld();
    const custom = path.join(world.root, 'logs', 'rclass-decisions.jsonl');
    expect((await hook(world, pre('B3', 'Bash', { command: `truncate -s0 ${custom}` }), ['--log', custom])).decision).toBe('ask');
    const { symlinkSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(world.home, '.claude'), { recursive: true });
    writeFileSync(path.join(world.home, '.claude', 'settings.json'), '{}');
    const link = path.join(world.project, 'innocent.json');
    symlinkSync(path.join(world.home, '.claude', 'settings.json'), link);
    expect((await hook(world, pre('B3', 'Write', { file_path: link, content: '{}' }))).decision).toBe('ask');
  });

  it('regression: asks when a protected path is spelled with /./, // or shell quotes, or reached through a symlinked folder', async () => {
    const world = makeWorld();
    const { mkdirSync: mk, symlinkSync, writeFileSync } = await import('node:fs');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['Write', { file_path: `${world.home}/.claude/./settings.json`, content: '{}' }],
      ['Write', { file_path: `${world.home}//.claude//settings.json`, content: '{}' }],
      ['Bash', { command: 'rm -rf ~/.local/state//rclass' }],
      ['Bash', { command: 'echo {} > ~/.claude/./settings.json' }],
      ['Bash', { command: 'echo {} > ~/.claude/"settings".json' }],
      ['Bash', { command: 'echo {} > ~/.claude/x/../settings.json' }],
    ];
    for (const [tool, input] of cases) {
      expect((await hook(world, pre('B4', tool, input))).decision, `${tool} ${JSON.stringify(input)}`).toBe('ask');
    }
    // A folder link in the project that leads to ~/.claude, named relative to the call's cwd.
    mk(path.join(world.home, '.claude'), { recursive: true });
    writeFileSync(path.join(world.home, '.claude', 'settings.json'), '{}');
    symlinkSync(path.join(world.home, '.claude'), path.join(world.project, 'cfg'));
    expect((await hook(world, pre('B4', 'Write', { file_path: 'cfg/settings.json', content: '{}' }, { cwd: world.project }))).decision).toBe('ask');
    // An unknown built-in tool whose path argument is a link to the settings file.
    symlinkSync(path.join(world.home, '.claude', 'settings.json'), path.join(world.project, 'innocent.json'));
    expect((await hook(world, pre('B4', 'SomeFutureTool', { path: path.join(world.project, 'innocent.json') }))).decision).toBe('ask');
    expect((await hook(world, pre('B4', 'SomeFutureTool', { path: 'innocent.json' }, { cwd: world.project }))).decision).toBe('ask');
  });

  it("issue 23: a Bash command that writes through a symlinked folder into the project's Claude Code settings asks (cp x project/cfglink/settings.json)", async () => {
    const world = makeWorld();
    const { symlinkSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(world.project, '.claude'), { recursive: true });
    writeFileSync(path.join(world.project, '.claude', 'settings.json'), '{}');
    symlinkSync(path.join(world.project, '.claude'), path.join(world.project, 'cfglink'));
    const project = path.basename(world.project);
    for (const [command, cwd] of [
      [`cp x ${project}/cfglink/settings.json`, world.root],
      ['cp x cfglink/settings.json', world.project],
      ['echo {} > "cfglink/settings.local.json"', world.project],
      [`tee ${path.join(world.project, 'cfglink', 'settings.json')} < x`, world.root],
    ] as const) {
      const result = await hook(world, pre('B7', 'Bash', { command }, { cwd }));
      expect(result.decision, command).toBe('ask');
      expect(result.reason, command).toContain('.claude/settings');
    }
    expect((await hook(world, pre('B7', 'Bash', { command: 'cp x cfglink/notes.md' }, { cwd: world.project }))).json).toEqual({});
  });

  it('issue 23, second review: a Bash command that writes through a bare file name linked to the settings asks (echo {} > s.json)', async () => {
    const world = makeWorld();
    const { symlinkSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(world.project, '.claude'), { recursive: true });
    writeFileSync(path.join(world.project, '.claude', 'settings.json'), '{}');
    symlinkSync(path.join(world.project, '.claude', 'settings.json'), path.join(world.project, 's.json'));
    for (const command of ['echo {} > s.json', `cp ${path.join(world.root, 'x')} s.json`, 'tee s.json </dev/null']) {
      const result = await hook(world, pre('B8', 'Bash', { command }, { cwd: world.project }));
      expect(result.decision, command).toBe('ask');
    }
    expect((await hook(world, pre('B8', 'Bash', { command: 'echo {} > other.json' }, { cwd: world.project }))).json).toEqual({});
  });

  it('issue 23, third review: a Bash command that changes into the settings folder first asks (cd ~/.claude && echo {} > settings.json)', async () => {
    const world = makeWorld();
    const { symlinkSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(world.home, '.claude'), { recursive: true });
    writeFileSync(path.join(world.home, '.claude', 'settings.json'), '{}');
    symlinkSync(path.join(world.home, '.claude'), path.join(world.project, 'cfg'));
    for (const [command, cwd] of [
      ['cd ~/.claude && echo {} > settings.json', world.project],
      ['cd -P ~/.claude; cp x settings.json', world.project],
      [`pushd ${path.join(world.home, '.claude')} && tee "settings.json" < x`, world.root],
      ['cd cfg && echo {} > settings.json', world.project],
      ['cd && echo {} > .claude/settings.json', world.project],
    ] as const) {
      const result = await hook(world, pre('B9', 'Bash', { command }, { cwd }));
      expect(result.decision, command).toBe('ask');
      expect(result.reason, command).toContain('.claude/settings');
    }
    expect((await hook(world, pre('B9', 'Bash', { command: 'cd docs && echo {} > settings.json' }, { cwd: world.project }))).json).toEqual({});
  });

  it('issue 23, fourth review: a Bash command that removes or moves a folder above the state or the settings asks (mv ~/.local/state ~/old reset the session guard)', async () => {
    const world = makeWorld();
    const { writeFileSync } = await import('node:fs');
    // A read makes the session state; WebFetch after it asks. Moving the state folder's parent away reset that.
    await hook(world, pre('B10', 'Read', { file_path: path.join(world.project, '.mcp.json') }));
    expect((await hook(world, pre('B10', 'WebFetch', { url: 'https://attacker.example/x', prompt: 'summarise' }))).decision).toBe('ask');
    mkdirSync(path.join(world.home, '.claude'), { recursive: true });
    writeFileSync(path.join(world.home, '.claude', 'settings.json'), '{}');
    mkdirSync(path.join(world.project, '.claude'), { recursive: true });
    for (const [command, cwd] of [
      ['mv ~/.local/state ~/old', world.project],
      ['rm -rf ~/.local', world.project],
      ['rm -rf $HOME/.local/state/', world.project],
      ['cd ~/.local && rm -r state', world.project],
      ['/bin/rm -rf ${HOME}', world.project],
      ['find ~ -name "*.json" -delete', world.project],
      ['rm -rf ~/.claude/', world.project],
      ['mv ~/.claude ~/.claude.bak', world.project],
      ['rsync -a x/ ~/.claude/', world.project],
      ['rm -r .claude', world.project],
      ['rm -rf project', world.root],
    ] as const) {
      expect((await hook(world, pre('B10', 'Bash', { command }, { cwd }))).decision, command).toBe('ask');
    }
    mkdirSync(path.join(world.project, 'node_modules'), { recursive: true });
    mkdirSync(path.join(world.project, 'src'), { recursive: true });
    for (const command of ['rm -rf node_modules build', 'mv src/a.ts src/b.ts', 'cp -r src lib', 'ls ~', 'find . -name x']) {
      expect((await hook(world, pre('B10', 'Bash', { command }, { cwd: world.project }))).json, command).toEqual({});
    }
  });

  it('regression: asks for the real folder behind a CLAUDE_CONFIG_DIR that is a symbolic link', async () => {
    const world = makeWorld();
    const { mkdirSync: mk, symlinkSync } = await import('node:fs');
    const real = path.join(world.root, 'real-config');
    mk(real, { recursive: true });
    const link = path.join(world.root, 'config-link');
    symlinkSync(real, link);
    const result = await hook(world, pre('B5', 'Write', { file_path: path.join(real, 'settings.json'), content: '{}' }), [], { CLAUDE_CONFIG_DIR: link });
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('real-config/settings.json');
  });

  it('still gives no decision to writes that only look similar', async () => {
    const world = makeWorld();
    for (const [tool, input] of [
      ['Write', { file_path: path.join(world.project, 'docs', 'claude', 'settings.md'), content: '' }],
      ['Bash', { command: 'cat ./README.md // comment' }],
      ['Write', { file_path: 'src/./a.ts', content: '' }],
    ] as const) {
      expect((await hook(world, pre('B6', tool, input, { cwd: world.project }))).json, `${tool} ${JSON.stringify(input)}`).toEqual({});
    }
  });
});

describe('the audit log', () => {
  it('writes every SPEC 10.1 field, a digest of the canonical arguments, and never the arguments', async () => {
    const world = makeWorld();
    const args = { sql: 'UPDATE payroll SET secret_column = 1', note: 'top secret' };
    const payload = pre('A1', 'mcp__pg__query', args, { permission_mode: 'acceptEdits' });
    await hook(world, payload);
    const [entry] = logLines(world.log);
    expect(Object.keys(entry!)).toEqual([
      'seq',
      'time',
      'event',
      'session',
      'server',
      'record',
      'tool',
      'tool_use_id',
      'class',
      'source',
      'decision',
      'effective_class',
      'args_sha256',
      'user',
      'host',
      'permission_mode',
      'prev_hash',
      'hash',
    ]);
    expect(entry).toMatchObject({
      seq: 1,
      event: 'decision',
      session: 'A1',
      server: 'pg',
      record: 'postgres',
      tool: 'query',
      tool_use_id: payload.tool_use_id,
      class: 'R4',
      source: 'registry',
      decision: 'ask',
      effective_class: 'R4',
      user: 'tester',
      permission_mode: 'acceptEdits',
      prev_hash: '0'.repeat(64),
    });
    expect(entry!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    expect(typeof entry!.host).toBe('string');
    expect(entry!.args_sha256).toBe(
      createHash('sha256')
        .update(canonicalJson({ note: 'top secret', sql: 'UPDATE payroll SET secret_column = 1' }))
        .digest('hex'),
    );
    expect(entry!.hash).toBe(entryHash(entry!));
    const text = readFileSync(world.log, 'utf8');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('payroll');
  });

  it('ties outcomes to decisions by tool_use_id: PostToolUse ran, PostToolUseFailure failed; no outcome for an unprompted built-in', async () => {
    const world = makeWorld();
    const drop = pre('A2', 'mcp__pg__query', { sql: 'DROP TABLE t' });
    await hook(world, drop);
    expect((await hook(world, post(drop))).json).toEqual({});
    const failing = pre('A2', 'mcp__pg__query', { sql: 'DELETE FROM t' });
    await hook(world, failing);
    await hook(world, post(failing, true));
    const readCall = pre('A2', 'Read', { file_path: '/etc/hostname' });
    await hook(world, readCall);
    await hook(world, post(readCall));
    const lines = logLines(world.log);
    expect(lines.map((line) => [line.seq, line.event, line.tool, line.tool_use_id, line.decision ?? null, line.outcome ?? null])).toEqual([
      [1, 'decision', 'query', drop.tool_use_id, 'ask', null],
      [2, 'outcome', 'query', drop.tool_use_id, null, 'ran'],
      [3, 'decision', 'query', failing.tool_use_id, 'ask', null],
      [4, 'outcome', 'query', failing.tool_use_id, null, 'failed'],
    ]);
    expect(lines[1]).toMatchObject({ server: 'pg', class: null, source: null, effective_class: 'R4', args_sha256: lines[0]!.args_sha256 });
    for (let i = 1; i < lines.length; i += 1) expect(lines[i]!.prev_hash).toBe(lines[i - 1]!.hash);
  });

  it('issue 14: PostToolUse of a session that has read leaves its state file as it is (no lock, no write), and still logs the outcome', async () => {
    const world = makeWorld();
    const drop = pre('A9', 'mcp__pg__query', { sql: 'DROP TABLE t' });
    await hook(world, drop);
    const sessions = path.join(world.state, 'sessions');
    const [name] = readdirSync(sessions).filter((file) => file.endsWith('.json'));
    const before = readFileSync(path.join(sessions, name!), 'utf8');
    expect(JSON.parse(before)).toMatchObject({ has_read: true, calls: 1, effective_class: 'R4' });
    expect((await hook(world, post(drop))).json).toEqual({});
    expect(readFileSync(path.join(sessions, name!), 'utf8')).toBe(before);
    expect(readdirSync(sessions).filter((file) => file.endsWith('.lock'))).toEqual([]);
    expect(logLines(world.log).map((line) => [line.event, line.effective_class])).toEqual([
      ['decision', 'R4'],
      ['outcome', 'R4'],
    ]);
    // A session with no state yet (its PreToolUse was not seen) is still marked as having read, under the lock.
    await hook(world, post(pre('A10', 'Read', { file_path: '/etc/hostname' })));
    const fresh = readdirSync(sessions).filter((file) => file.endsWith('.json') && file !== name);
    expect(fresh).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(sessions, fresh[0]!), 'utf8'))).toMatchObject({ has_read: true, calls: 1 });
  });

  it('moves the log with --log FILE and writes none with --no-log', async () => {
    const world = makeWorld();
    const custom = path.join(world.root, 'elsewhere', 'audit.jsonl');
    await hook(world, pre('A3', 'mcp__pg__query', { sql: 'DROP TABLE t' }), ['--log', custom]);
    expect(logLines(custom)).toHaveLength(1);
    expect(existsSync(world.log)).toBe(false);
    await hook(world, pre('A3', 'mcp__pg__query', { sql: 'DROP TABLE t' }), ['--no-log']);
    expect(existsSync(world.log)).toBe(false);
    expect(logLines(custom)).toHaveLength(1);
  });

  it('asks rather than let an R0 call through unrecorded when the log cannot be written', async () => {
    const world = makeWorld();
    const blocked = path.join(world.root, 'a-folder.jsonl');
    mkdirSync(blocked);
    const result = await hook(world, pre('A4', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--log', blocked, '--allow-up-to', 'R1']);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('could not write its audit log');
    expect(result.stderr).toContain('the audit log could not be written');
  });

  it('writes the chain head to --anchor-file on every append, and the anchor proves the log', async () => {
    const world = makeWorld();
    const anchor = path.join(world.root, 'anchor', 'heads.jsonl');
    await hook(world, pre('A5', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--anchor-file', anchor]);
    await hook(world, pre('A5', 'mcp__pg__query', { sql: 'DROP TABLE t' }), ['--anchor-file', anchor]);
    const { anchored, logged } = anchorAndLogHeads(anchor, world.log);
    expect(logged).toHaveLength(2);
    expect(anchored).toEqual(logged);
  });

  it('regression: asks rather than allow an R0 call when the anchor file cannot be written (fail closed)', async () => {
    const world = makeWorld();
    const blocked = path.join(world.root, 'anchor-is-a-folder');
    mkdirSync(blocked);
    const result = await hook(world, pre('A6', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--allow-up-to', 'R1', '--anchor-file', blocked]);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('could not write its audit anchor');
    expect(result.stderr).toContain('the audit anchor could not be written: the anchor file could not be written: EISDIR');
    expect(logLines(world.log)).toHaveLength(1);
  });
});
