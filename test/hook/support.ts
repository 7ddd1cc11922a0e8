/**
 * A small world for hook tests: a temporary home folder (with
 * `~/.claude.json`), a project folder (with `.mcp.json`) and the state
 * folder under the home, so no test reads or writes the real `~/.claude*`
 * or `~/.local/state`. Runs the hook in-process through `run(argv, io)`.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir, type CliResult } from '../cli/harness.ts';

/** The project's `.mcp.json` most tests use: servers the registry recognises (SPEC 6.1). */
export const PROJECT_SERVERS = {
  pg: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/app'] },
  fetch: { command: 'uvx', args: ['mcp-server-fetch'] },
  github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
  playwright: { command: 'npx', args: ['@playwright/mcp'] },
  sqlite: { command: 'uvx', args: ['mcp-server-sqlite', '--db-path', '/tmp/app.db'] },
};

/** One test's folders. */
export interface World {
  root: string;
  home: string;
  project: string;
  /** `~/.local/state/rclass`. */
  state: string;
  /** The default audit log. */
  log: string;
  /** The environment the hook runs with. */
  env: Record<string, string>;
}

/**
 * Make a world.
 * @param project the project's `.mcp.json` servers (none written when null)
 * @param user the top-level `mcpServers` of `~/.claude.json` (none written when undefined)
 */
export function makeWorld(project: Record<string, unknown> | null = PROJECT_SERVERS, user?: Record<string, unknown>, local?: Record<string, unknown>): World {
  const root = tempDir();
  const home = path.join(root, 'home');
  const projectDir = path.join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(projectDir, { recursive: true });
  if (project !== null) writeFileSync(path.join(projectDir, '.mcp.json'), JSON.stringify({ mcpServers: project }, null, 2));
  if (user !== undefined || local !== undefined) {
    const doc: Record<string, unknown> = { numStartups: 3 };
    if (user !== undefined) doc.mcpServers = user;
    if (local !== undefined) doc.projects = { [projectDir]: { mcpServers: local } };
    writeFileSync(path.join(home, '.claude.json'), JSON.stringify(doc, null, 2));
  }
  const state = path.join(home, '.local', 'state', 'rclass');
  return {
    root,
    home,
    project: projectDir,
    state,
    log: path.join(state, 'audit.jsonl'),
    env: { HOME: home, CLAUDE_PROJECT_DIR: projectDir, USER: 'tester', PATH: process.env.PATH ?? '' },
  };
}

/** A PreToolUse payload. */
export function pre(session: string, tool: string, input: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: session,
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: input,
    tool_use_id: `toolu_${Math.random().toString(36).slice(2, 10)}`,
    permission_mode: 'default',
    ...extra,
  };
}

/** A PostToolUse (or PostToolUseFailure) payload for a PreToolUse payload. */
export function post(of: Record<string, unknown>, failed = false): Record<string, unknown> {
  return { ...of, hook_event_name: failed ? 'PostToolUseFailure' : 'PostToolUse', tool_response: { ok: true } };
}

/** What the hook answered, parsed. */
export interface HookRun extends CliResult {
  /** stdout parsed (it must be exactly one JSON object). */
  json: Record<string, unknown>;
  decision?: string;
  reason?: string;
}

/**
 * Run `rclass hook` in-process.
 * @param input the payload (an object is sent as JSON, a string as is)
 * @param args extra command-line words
 * @param env replaces parts of the world's environment (undefined values remove a variable)
 */
export async function hook(world: World, input: unknown, args: string[] = [], env: Record<string, string | undefined> = {}): Promise<HookRun> {
  const result = await runCli(['hook', ...args], {
    stdin: typeof input === 'string' ? input : JSON.stringify(input),
    env: { ...world.env, ...env },
    cwd: world.project,
  });
  const json = JSON.parse(result.stdout) as Record<string, unknown>;
  const specific = json.hookSpecificOutput as { permissionDecision?: string; permissionDecisionReason?: string } | undefined;
  return {
    ...result,
    json,
    ...(specific?.permissionDecision !== undefined ? { decision: specific.permissionDecision } : {}),
    ...(specific?.permissionDecisionReason !== undefined ? { reason: specific.permissionDecisionReason } : {}),
  };
}

/** The audit log's lines, parsed; `[]` when there is no log. */
export function logLines(file: string): Array<Record<string, unknown>> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The chain heads an anchor file holds and the `{seq, hash}` of every line of the log, to compare (SPEC 10.3). */
export function anchorAndLogHeads(anchor: string, log: string): { anchored: unknown[]; logged: Array<{ seq: unknown; hash: unknown }> } {
  const anchored = readFileSync(anchor, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
  return { anchored, logged: logLines(log).map((entry) => ({ seq: entry.seq, hash: entry.hash })) };
}

/** Write (or replace) the project's `.mcp.json`. */
export function writeProjectServers(world: World, servers: Record<string, unknown>): void {
  writeFileSync(path.join(world.project, '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
}
