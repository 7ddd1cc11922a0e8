/**
 * The hook's `--anchor-command` (SPEC 10.3): the chain head goes to the
 * command's stdin on every append, and a command that fails makes the
 * call ask, never allow. Starts a shell per append, hence the integration tier.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hook, logLines, makeWorld, pre } from './support.ts';

describe('rclass hook --anchor-command', () => {
  it('regression: asks rather than allow an R0 call when the anchor command fails', async () => {
    const world = makeWorld();
    const result = await hook(world, pre('A7', 'mcp__pg__query', { sql: 'SELECT 1' }), ['--allow-up-to', 'R1', '--anchor-command', 'exit 7']);
    expect(result.decision).toBe('ask');
    expect(result.stderr).toContain('the anchor command exited 7');
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
