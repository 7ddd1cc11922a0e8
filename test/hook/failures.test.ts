/**
 * BR-11: input the hook cannot use, and work it cannot finish, never let a
 * call through: the answer is `ask` with the reason (exit 0, one JSON
 * object, BR-10 shape), and the failure is logged (SPEC 4.4, 8.5).
 */
import { describe, expect, it } from 'vitest';
import { HOOK_DEADLINE_MS, TIMEOUT_LOG_MS } from '../../src/clients/claude-code-hooks.ts';
import { MAX_HOOK_INPUT_BYTES } from '../../src/hook/payload.ts';
import { run } from '../../src/cli/main.ts';
import { hook, logLines, makeWorld, pre } from './support.ts';

describe('BR-11 (a)–(c): unparseable input asks, with a reason and an audit entry', () => {
  it.each([
    ['(a) not json', 'not json', 'unparseable hook input: stdin is not JSON'],
    ['(b) {}', '{}', 'unparseable hook input: `hook_event_name` is missing or not a string'],
    [
      '(c) tool_input null',
      JSON.stringify({ session_id: 'B11', hook_event_name: 'PreToolUse', tool_name: 'mcp__pg__query', tool_input: null }),
      'unparseable hook input: `tool_input` is missing or not a JSON object',
    ],
    [
      'no session_id',
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'mcp__pg__query', tool_input: {} }),
      'unparseable hook input: `session_id` is missing',
    ],
    ['no tool_name', JSON.stringify({ session_id: 'B11', hook_event_name: 'PreToolUse', tool_input: {} }), 'unparseable hook input: `tool_name` is missing'],
    ['a JSON list', '[1, 2]', 'unparseable hook input: stdin is not a JSON object'],
    ['empty stdin', '', 'unparseable hook input: stdin is not JSON'],
  ])('%s', async (_label, stdin, reason) => {
    const world = makeWorld();
    const result = await hook(world, stdin);
    expect(result.code).toBe(0);
    expect(result.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: expect.stringContaining(reason) },
    });
    expect(result.stderr).toContain(reason);
    const [entry] = logLines(world.log);
    expect(entry).toMatchObject({ seq: 1, event: 'decision', class: 'R4', source: 'error', decision: 'ask', detail: expect.stringContaining(reason) });
  });

  it('marks the session as read when the broken payload names it', async () => {
    const world = makeWorld();
    await hook(world, JSON.stringify({ session_id: 'B12', hook_event_name: 'PreToolUse', tool_name: 'mcp__pg__query', tool_input: 'DROP TABLE x' }));
    expect((await hook(world, pre('B12', 'mcp__fetch__fetch', { url: 'https://example.com/' }))).decision).toBe('ask');
  });

  it('answers {} to a broken PostToolUse (nothing to decide after the call)', async () => {
    const world = makeWorld();
    const result = await hook(world, JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Read' }));
    expect(result.json).toEqual({});
    expect(result.code).toBe(0);
  });

  it('answers a misconfigured command line with ask and exit 0, not a usage error that would block every tool', async () => {
    const world = makeWorld();
    for (const args of [
      ['--deny-from', 'R9'],
      ['--allow-up-to', 'R3'],
      ['--egress-allow', 'https://x.example/'],
      ['--egress-allow', '*.example.com'],
      ['--map', 'oops'],
      ['--log', 'relative.jsonl'],
      ['--bogus'],
      ['--log', '/tmp/x', '--no-log'],
    ]) {
      const result = await hook(world, pre('B13', 'Read', { file_path: '/x' }), args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.decision, args.join(' ')).toBe('ask');
      expect(result.reason).toContain('misconfigured');
    }
  });

  it('prints its help with --help', async () => {
    const world = makeWorld();
    let out = '';
    const code = await run(['hook', '--help'], {
      stdin: (async function* () {})(),
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: world.env,
      cwd: world.project,
    });
    expect(code).toBe(0);
    expect(out).toContain('usage: rclass hook');
    expect(out).toContain('fails open');
    expect(out).toContain('no boundary against a compromised agent');
  });
});

describe("BR-11 (d): a huge argument is decided quickly, within the classifier's caps", () => {
  it('classifies a 5.7 MB UNION ALL query as R4 and asks, well under 2 s of hook work', async () => {
    const world = makeWorld();
    const sql = `SELECT 1${' UNION ALL SELECT 1'.repeat(300_000)}`;
    expect(sql.length).toBeGreaterThan(5_000_000);
    const started = performance.now();
    const result = await hook(world, pre('B14', 'mcp__pg__query', { sql }));
    const elapsed = performance.now() - started;
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('R4 Irreversible (registry)');
    expect(elapsed).toBeLessThan(2000 * 3); // the machine running the suite may be loaded; the child-process test reports the real figure
    // The log holds a digest of the arguments, not the arguments.
    const [entry] = logLines(world.log);
    expect(JSON.stringify(entry).length).toBeLessThan(2000);
    expect(entry!.args_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('asks without parsing stdin larger than its cap', async () => {
    const world = makeWorld();
    const big = JSON.stringify(pre('B15', 'mcp__pg__query', { sql: 'x'.repeat(MAX_HOOK_INPUT_BYTES) }));
    const result = await hook(world, big);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain(`larger than ${MAX_HOOK_INPUT_BYTES} bytes`);
  });
});

describe("the hook's own deadline", () => {
  it(`answers ask within ${HOOK_DEADLINE_MS} ms when stdin never ends`, async () => {
    const world = makeWorld();
    let out = '';
    const started = performance.now();
    const code = await run(['hook'], {
      stdin: (async function* () {
        yield '{"session_id": "B16",';
        await new Promise(() => undefined);
      })(),
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: world.env,
      cwd: world.project,
    });
    const elapsed = performance.now() - started;
    expect(code).toBe(0);
    expect(JSON.parse(out).hookSpecificOutput).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: expect.stringContaining(`no answer within ${HOOK_DEADLINE_MS / 1000} s`),
    });
    expect(elapsed).toBeGreaterThanOrEqual(HOOK_DEADLINE_MS - 50);
    expect(elapsed).toBeLessThan(HOOK_DEADLINE_MS + TIMEOUT_LOG_MS + 2000);
    expect(logLines(world.log)).toEqual([
      expect.objectContaining({ class: 'R4', source: 'error', decision: 'ask', detail: `no answer within ${HOOK_DEADLINE_MS / 1000} s` }),
    ]);
  }, 30_000);
});
