/**
 * rclass's state folder must be the user's own with mode 0700 (issue 23
 * item 2): one that group or others may write (a pre-created 0777
 * `~/.local/state/rclass`) is refused, every call asks with the reason,
 * and nothing is written into it.
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unsafeStateFolder } from '../../src/node/state-dir.ts';
import { hook, makeWorld, pre } from './support.ts';

describe('the state folder', () => {
  it('issue 23: a pre-created 0777 state folder is refused: an R0 call and a Read ask with the reason, and nothing is written there', async () => {
    const world = makeWorld();
    mkdirSync(world.state, { recursive: true });
    chmodSync(world.state, 0o777);
    const select = await hook(world, pre('SF1', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(select.code).toBe(0);
    expect(select.decision).toBe('ask');
    expect(select.reason).toContain(`rclass's state folder ${world.state} has mode 0777, not 0700`);
    expect(select.reason).toContain('chmod 700');
    const read = await hook(world, pre('SF1', 'Read', { file_path: '/etc/hostname' }));
    expect(read.decision).toBe('ask');
    const gemini = await hook(world, { session_id: 'SF1', hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: { file_path: 'x' } }, [
      '--agent',
      'gemini',
    ]);
    expect(gemini.json.decision).toBe('ask');
    expect(readdirSync(world.state)).toEqual([]);
  });

  it('issue 23: a group-readable 0750 folder is refused too; 0700 and a folder not made yet are used', () => {
    const world = makeWorld();
    expect(unsafeStateFolder(world.state)).toBeUndefined();
    mkdirSync(world.state, { recursive: true });
    chmodSync(world.state, 0o750);
    expect(unsafeStateFolder(world.state)).toContain('has mode 0750, not 0700');
    chmodSync(world.state, 0o700);
    expect(unsafeStateFolder(world.state)).toBeUndefined();
  });
});
