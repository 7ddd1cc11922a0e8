/**
 * Build step: leave V8's code cache for the hook bundle beside it, in
 * `build/cli/` (`src/node/code-cache.ts`, issue 23 item 2), so the cache is
 * written by whoever writes the bundle and an installed package's hook
 * starts compiled from its first call. It runs the packaged hook launcher
 * (`bin/rclass-hook.cjs hook`) once per kind of call in a temporary home,
 * with `--no-log` and a clean environment (no `NODE_OPTIONS`: its flags are
 * part of the cache's key, and Claude Code starts the hook without any);
 * each run extends the cache with what it compiled. The cache fits only the
 * Node version that built it: another one compiles from source (or, where
 * the user can write the package's folder, rewrites the cache there).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One warm-up run: the hook's arguments after `hook`, and the payload on stdin. */
interface WarmRun {
  args: string[];
  payload: Record<string, unknown>;
}

/** The kinds of call whose code the cache should cover (each `noteCodePath` label once). */
function warmRuns(project: string): WarmRun[] {
  const session = 'rclass-build-warm-up';
  const claude = (event: string, tool: string | undefined, input: unknown): WarmRun => ({
    args: [],
    payload: {
      session_id: session,
      cwd: project,
      hook_event_name: event,
      ...(tool !== undefined ? { tool_name: tool, tool_input: input, tool_use_id: 'toolu_warm' } : { source: 'startup' }),
      permission_mode: 'default',
      ...(event.startsWith('Post') ? { tool_response: { ok: true } } : {}),
    },
  });
  const entities = { entities: [{ name: 'warm', entityType: 'note', observations: ['up'] }] };
  return [
    claude('SessionStart', undefined, undefined),
    claude('PreToolUse', 'Read', { file_path: path.join(project, 'README.md') }),
    claude('PreToolUse', 'mcp__memory__create_entities', entities),
    claude('PostToolUse', 'mcp__memory__create_entities', entities),
    claude('PreToolUse', 'Bash', { command: 'ls' }),
    {
      args: ['--agent', 'gemini'],
      payload: {
        session_id: session,
        cwd: project,
        hook_event_name: 'BeforeTool',
        tool_name: 'mcp_memory_create_entities',
        tool_input: entities,
        mcp_context: { server_name: 'memory', tool_name: 'create_entities', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], cwd: project },
      },
    },
    {
      args: ['--agent', 'codex'],
      payload: { session_id: session, cwd: project, hook_event_name: 'PreToolUse', tool_name: 'mcp__memory__create_entities', tool_input: entities },
    },
    {
      args: ['--agent', 'cursor'],
      payload: {
        conversation_id: session,
        hook_event_name: 'beforeMCPExecution',
        tool_name: 'create_entities',
        tool_input: JSON.stringify(entities),
        command: 'npx -y @modelcontextprotocol/server-memory',
        workspace_roots: [project],
      },
    },
  ];
}

/**
 * Run the hook once per kind of call so that `<root>/build/cli/` holds its code cache.
 * @param root the package root (with `bin/rclass-hook.cjs` and a fresh `build/cli/hook.cjs`)
 * @returns the cache files written (absolute paths); none when the hook could not run
 */
export function warmHookCache(root: string): string[] {
  const work = mkdtempSync(path.join(os.tmpdir(), 'rclass-warm-'));
  try {
    const home = path.join(work, 'home');
    const project = path.join(work, 'project');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    mkdirSync(project, { recursive: true });
    const memory = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };
    writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ mcpServers: { memory } }));
    const env = {
      HOME: home,
      USERPROFILE: home,
      CLAUDE_PROJECT_DIR: project,
      PATH: process.env.PATH ?? '',
      ...(process.env.SystemRoot ? { SystemRoot: process.env.SystemRoot } : {}),
    };
    for (const run of warmRuns(project)) {
      spawnSync(process.execPath, [path.join(root, 'bin', 'rclass-hook.cjs'), 'hook', '--no-log', ...run.args], {
        cwd: project,
        env,
        input: JSON.stringify(run.payload),
        timeout: 60_000,
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const dir = path.join(root, 'build', 'cli');
  return readdirSync(dir)
    .filter((name) => name.startsWith('hook-') && name.endsWith('.v8cache'))
    .map((name) => path.join(dir, name));
}
