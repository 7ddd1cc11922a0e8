/**
 * The guard of the generated hook commands (src/export/hook-guard.ts, issue
 * 23 item 2), run as the agents run them: the command string of every hook
 * format with a real `sh` and `bash`, and Claude Code's exec form as its
 * words (and its Windows exec form, where the launcher's Node runs the
 * guard), against stand-ins for the hook that crash (SIGSEGV, exit 139), are
 * killed, print nothing, exit 1 or print half an answer. Each must exit 2
 * with a reason on stderr (the blocking code of Claude Code, Gemini CLI,
 * Codex and Cursor); a stand-in that answers passes its answer on with exit 0.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAgentHook } from '../../src/export/agent-hooks.ts';
import { renderClaudeHook } from '../../src/export/claude-hook.ts';
import { HOOK_GUARD, hookGuardProgram } from '../../src/export/hook-guard.ts';
import { tempDir } from '../cli/harness.ts';

/** Stand-ins for the hook's launcher: each reads its stdin, then ends one way. */
const STAND_INS: Record<string, string> = {
  segfault: "process.stdin.resume(); process.stdin.on('end', () => process.kill(process.pid, 'SIGSEGV'));",
  killed: "process.stdin.resume(); process.stdin.on('end', () => process.kill(process.pid, 'SIGKILL'));",
  silent: "process.stdin.resume(); process.stdin.on('end', () => process.exit(0));",
  'exit 1 with an answer': `process.stdin.resume(); process.stdin.on('end', () => { process.stdout.write('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'); process.exit(1); });`,
  'half an answer': `process.stdin.resume(); process.stdin.on('end', () => { process.stdout.write('{"hookSpecificOutput":{"hookEvent'); process.exit(0); });`,
};

const ANSWER = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"a\\nb \'q\' $x"}}';

function standIn(dir: string, name: string, body: string): string {
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.cjs`);
  writeFileSync(file, body);
  return file;
}

/** Every generated form of the hook for a launcher: [label, how to run it with `input` on stdin]. */
function forms(launcher: string[]): Array<[string, (input: string) => ReturnType<typeof spawnSync>]> {
  const claude = (form: 'shell' | 'exec') => JSON.parse(renderClaudeHook({ launcher, thresholds: {}, form })).hooks.PreToolUse[0].hooks[0];
  const shellRun = (shell: string, command: string) => (input: string) => spawnSync(shell, ['-c', command], { input, encoding: 'utf8' });
  const gemini = JSON.parse(renderAgentHook({ agent: 'gemini', launcher, thresholds: {} })).hooks.BeforeTool[0].hooks[0].command as string;
  const codex = JSON.parse(renderAgentHook({ agent: 'codex', launcher, thresholds: {} })).hooks.PreToolUse[0].hooks[0].command as string;
  const cursor = JSON.parse(renderAgentHook({ agent: 'cursor', launcher, thresholds: {} })).hooks.beforeMCPExecution[0].command as string;
  const exec = claude('exec') as { command: string; args: string[] };
  const windows = JSON.parse(renderClaudeHook({ launcher, thresholds: {}, form: 'exec', windows: true })).hooks.PreToolUse[0].hooks[0] as {
    command: string;
    args: string[];
  };
  return [
    ['claude-hook shell form, sh', shellRun('sh', claude('shell').command)],
    ['claude-hook shell form, bash', shellRun('bash', claude('shell').command)],
    ['claude-hook exec form', (input) => spawnSync(exec.command, exec.args, { input, encoding: 'utf8' })],
    ['claude-hook exec form for Windows (the guard in Node)', (input) => spawnSync(windows.command, windows.args, { input, encoding: 'utf8' })],
    ['gemini-hook, bash', shellRun('bash', gemini)],
    ['codex-hook, sh -l', (input) => spawnSync('sh', ['-lc', codex], { input, encoding: 'utf8' })],
    ['cursor-hook, sh', shellRun('sh', cursor)],
  ];
}

describe('the guard of the generated hook commands', () => {
  const dir = tempDir();
  for (const [name, body] of Object.entries(STAND_INS)) {
    it(`issue 23: every generated command blocks (exit 2, a reason on stderr) when the hook ${name === 'silent' ? 'prints nothing' : name === 'segfault' ? 'exits 139 (SIGSEGV)' : name === 'killed' ? 'is killed (SIGKILL)' : `exits with ${name}`}`, () => {
      const launcher = [process.execPath, standIn(dir, name, body)];
      for (const [form, run] of forms(launcher)) {
        const result = run('{"session_id":"G1"}');
        expect(result.status, `${form}: ${String(result.stderr)}`).toBe(2);
        expect(String(result.stderr), form).toContain('rclass: the hook ended without an answer (exit status');
        expect(String(result.stderr), form).toContain('the call is blocked rather than let through');
      }
    });
  }

  it('issue 23: an answer (exit 0, one JSON object) passes through every generated command unchanged, backslashes and quotes included', () => {
    const launcher = [
      process.execPath,
      standIn(dir, 'answers', `process.stdin.resume(); process.stdin.on('end', () => process.stdout.write(${JSON.stringify(`${ANSWER}\n`)}));`),
    ];
    for (const [form, run] of forms(launcher)) {
      const result = run('{"session_id":"G2"}');
      expect(result.status, `${form}: ${String(result.stderr)}`).toBe(0);
      expect(String(result.stdout), form).toBe(ANSWER);
    }
  });

  it('issue 23: the Windows exec form blocks a hook that cannot start (exit 2, a reason on stderr)', () => {
    const [, run] = forms([process.execPath, path.join(dir, 'no-such-hook.cjs')]).find(([form]) => form.includes('Windows'))!;
    const result = run('{}');
    expect(result.status).toBe(2);
    expect(String(result.stderr)).toContain('rclass: the hook ended without an answer (exit status 1)');
  });

  it('issue 23: in the Windows exec form a signal death reads as 128 + the signal too: 139 for SIGSEGV', () => {
    const [, run] = forms([process.execPath, standIn(dir, 'segv-node', STAND_INS.segfault!)]).find(([form]) => form.includes('Windows'))!;
    expect(String(run('{}').stderr)).toContain('(exit status 139)');
  });

  it('issue 23: a signal death reads as 128 + the signal: 139 for SIGSEGV, 137 for SIGKILL', () => {
    const [, run] = forms([process.execPath, standIn(dir, 'segv-status', STAND_INS.segfault!)])[0]!;
    expect(String(run('{}').stderr)).toContain('(exit status 139)');
    const [, kill] = forms([process.execPath, standIn(dir, 'kill-status', STAND_INS.killed!)])[0]!;
    expect(String(kill('{}').stderr)).toContain('(exit status 137)');
  });

  it('issue 23: a hook stuck in synchronous work (which its own watchdog cannot interrupt) is ended by the processor-time limit and blocks (exit 2)', () => {
    const dir = tempDir();
    const spin = standIn(dir, 'spin', 'for (;;) {}');
    const result = spawnSync('/bin/sh', ['-c', hookGuardProgram(1), 'rclass-hook', process.execPath, spin], { input: '{}', encoding: 'utf8' });
    expect(result.status).toBe(2);
    // SIGXCPU (24) at the soft limit or SIGKILL (9) at the hard one, as 128 + N.
    expect(result.stderr).toMatch(/rclass: the hook ended without an answer \(exit status (152|137)\); the call is blocked rather than let through/);
  });

  it('issue 23: the generated guard sets a processor-time limit of 6 s, and refuses a limit that is not a whole number of seconds', () => {
    expect(HOOK_GUARD.startsWith('ulimit -t 6 2>/dev/null; ')).toBe(true);
    expect(() => hookGuardProgram(0)).toThrow(RangeError);
    expect(() => hookGuardProgram(1.5)).toThrow(RangeError);
  });
});
