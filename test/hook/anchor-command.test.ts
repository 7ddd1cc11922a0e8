/**
 * The hook's `--anchor-command` (SPEC 10.3): the chain head goes to the
 * command's stdin on every append, and a command that fails makes the
 * call ask, never allow. Starts a shell per append, hence the integration tier.
 * Also what `rclass policy` embeds of it (and of `--anchor-file`) in the
 * installed hook of each agent, in-process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { hook, logLines, makeWorld, pre } from './support.ts';

/** The shape of the agents' hook install fragments (`rclass policy --format NAME-hook`). */
interface HookFragment {
  hooks: Record<string, Array<{ command?: string; hooks?: Array<{ command: string }> }> | undefined>;
}

describe('rclass hook --anchor-command', () => {
  it('regression: asks rather than allow an R0 call when the anchor command fails', async () => {
    const world = makeWorld();
    const result = await hook(world, pre('A7', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--allow-up-to', 'R1', '--anchor-command', 'exit 7']);
    expect(result.decision).toBe('ask');
    expect(result.stderr).toContain('the anchor command exited 7');
  });

  it('regression (brief agents3, item 5): the audit line of a call asked about because the anchor command failed says ask, the decision the agent received, not none', async () => {
    const world = makeWorld();
    const result = await hook(world, pre('A9', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--anchor-command', 'exit 7']);
    expect(result.decision).toBe('ask');
    const [entry] = logLines(world.log);
    // Before: the line was written with `decision: none` before the failed anchor turned the answer into an ask.
    expect(entry).toMatchObject({
      event: 'decision',
      tool: 'query',
      decision: 'ask',
      detail: 'asked: the audit anchor could not be written (the anchor command exited 7)',
    });
  });

  it('regression (brief agents3, item 5): a failing command leaves no head in the anchor file given with it, so the file never holds a head for a line the log does not have', async () => {
    const world = makeWorld();
    const anchor = path.join(world.root, 'safe', 'heads.jsonl');
    const result = await hook(world, pre('A10', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--anchor-file', anchor, '--anchor-command', 'exit 7']);
    expect(result.decision).toBe('ask');
    expect(logLines(world.log)).toMatchObject([{ decision: 'ask' }]);
    expect(readFileSync(anchor, 'utf8')).toBe('');
  });

  it('an answer that was already an ask is logged unchanged when the anchor command fails', async () => {
    const world = makeWorld();
    const result = await hook(world, pre('A11', 'mcp__pg__query', { sql: 'DROP TABLE t' }), ['--anchor-command', 'exit 7']);
    expect(result.decision).toBe('ask');
    const [entry] = logLines(world.log);
    expect(entry).toMatchObject({ decision: 'ask', class: 'R4' });
    expect(entry!.detail).toBeUndefined();
  });

  it('runs --anchor-command with the head on stdin', async () => {
    const world = makeWorld();
    const out = path.join(world.root, 'from-command.jsonl');
    const result = await hook(world, pre('A8', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--allow-up-to', 'R1', '--anchor-command', `cat >> '${out}'`]);
    expect(result.decision).toBe('allow');
    const [entry] = logLines(world.log);
    expect(readFileSync(out, 'utf8')).toBe(`${JSON.stringify({ seq: entry!.seq, hash: entry!.hash })}\n`);
  });
});

describe('rclass policy embeds the anchor flags in the installed hook', () => {
  it.each([
    ['gemini-hook', (json: HookFragment) => json.hooks.BeforeTool![0]!.hooks![0]!.command],
    ['codex-hook', (json: HookFragment) => json.hooks.PreToolUse![0]!.hooks![0]!.command],
    ['cursor-hook', (json: HookFragment) => json.hooks.beforeMCPExecution![0]!.command!],
  ] as const)('regression: %s embeds --egress-allow and the anchor flags like claude-hook (they were dropped)', async (format, commandOf) => {
    const result = await runCli([
      'policy',
      '--format',
      format,
      '--deny-from',
      'R4',
      '--egress-allow',
      'Docs.Python.org',
      '--anchor-file',
      '/var/lib/rclass-anchor/heads.jsonl',
      '--anchor-command',
      'logger -t rclass',
    ]);
    expect(result.code).toBe(0);
    const command = commandOf(JSON.parse(result.stdout) as HookFragment);
    const agent = format.replace('-hook', '');
    expect(command.slice(command.lastIndexOf(' hook '))).toBe(
      ` hook --agent ${agent} --deny-from R4 --egress-allow docs.python.org --anchor-file /var/lib/rclass-anchor/heads.jsonl --anchor-command 'logger -t rclass'`,
    );
  });

  it('embeds --anchor-file and --anchor-command in the installed hook, so the hook writes the audit anchor', async () => {
    const result = await runCli([
      'policy',
      '--format',
      'claude-hook',
      '--hook-form',
      'exec',
      '--anchor-file',
      '/var/lib/rclass-anchor/heads.jsonl',
      '--anchor-command',
      'logger -t rclass',
    ]);
    expect(result.code).toBe(0);
    const args: string[] = JSON.parse(result.stdout).hooks.PreToolUse[0].hooks[0].args;
    expect(args.slice(args.indexOf('hook'))).toEqual(['hook', '--anchor-file', '/var/lib/rclass-anchor/heads.jsonl', '--anchor-command', 'logger -t rclass']);
  });

  it('regression: the Gemini, Codex and Cursor hook formats embed --egress-allow and the anchor flags like claude-hook', async () => {
    for (const format of ['gemini-hook', 'codex-hook', 'cursor-hook']) {
      const result = await runCli([
        'policy',
        '--format',
        format,
        '--egress-allow',
        'Docs.Python.org',
        '--anchor-file',
        '/var/lib/a/heads.jsonl',
        '--anchor-command',
        'logger -t rclass',
      ]);
      expect(result.code, format).toBe(0);
      expect(result.stdout, format).toContain(
        ` hook --agent ${format.replace('-hook', '')} --egress-allow docs.python.org --anchor-file /var/lib/a/heads.jsonl --anchor-command 'logger -t rclass'`,
      );
    }
  });
});
