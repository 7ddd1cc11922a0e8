/**
 * What Claude Code runs for the session's project (SPEC 6, 8.5), read for
 * one hook event. The reader (and its JSON and JSONC parsers) is loaded
 * only when an event needs it: an MCP call, or the first event of a
 * session, which takes the baseline digests. What it derives is kept in
 * the session state (`config`), keyed by the files' size, modification
 * time and SHA-256, so later calls of a session parse the files again only
 * when one changed (issue 14). A changed file still gives changed digests,
 * and a server whose digest differs from the session's baseline is R4
 * (SPEC 6). Node-only.
 */
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext } from './context.ts';
import type { HookPayload } from './payload.ts';
import { peekSessionState, type SessionFile } from './state.ts';

/** Servers read before the session's lock was taken, and the cache to keep. */
export interface EarlyServers {
  /** The project folder they were read for. */
  projectDir: string | undefined;
  servers: ClaudeServers;
  cache: unknown;
}

async function read(context: HookContext, projectDir: string | undefined, cache: unknown): Promise<{ servers: ClaudeServers; cache: unknown }> {
  const { readClaudeServersCached } = await import('../node/clients/claude-code.ts');
  return readClaudeServersCached(
    {
      ...(context.claudeJson !== undefined ? { claudeJson: context.claudeJson } : {}),
      managedMcp: context.managedMcp,
      ...(projectDir !== undefined ? { projectDir } : {}),
    },
    cache,
  );
}

/** The project folder a session's configuration is read for: `CLAUDE_PROJECT_DIR`, else the folder the session started in. */
function sessionProjectDir(context: HookContext, state: SessionFile): string | undefined {
  return context.envProjectDir ?? state.project_dir ?? undefined;
}

/**
 * Read the servers for the session's project, under the session's lock;
 * reuses `early` when it was read for the same project folder.
 * @param state the session's state: its `project_dir` is read and its `config` cache replaced
 * @returns the servers, their digests and the files that could not be read; never throws
 */
export async function claudeServers(context: HookContext, state: SessionFile, early?: EarlyServers): Promise<ClaudeServers> {
  const projectDir = sessionProjectDir(context, state);
  const { servers, cache } = early !== undefined && early.projectDir === projectDir ? early : await read(context, projectDir, state.config);
  state.config = cache;
  return servers;
}

/**
 * Read the servers before the session's lock is taken, so that parsing a
 * large `~/.claude.json` does not hold up other hook processes of the
 * session. The state is read without its lock for the project folder and
 * the cache only; what decides is read again under the lock.
 * @returns the servers and the project folder they are for; never throws
 */
export async function claudeServersEarly(context: HookContext, payload: HookPayload): Promise<EarlyServers> {
  const dir = context.sessionsDir;
  const peeked = dir === undefined ? undefined : await peekSessionState(dir, payload.sessionId);
  const projectDir = peeked !== undefined ? sessionProjectDir(context, peeked) : (context.projectDirAtStart(payload) ?? undefined);
  const { servers, cache } = await read(context, projectDir, peeked?.config);
  return { projectDir, servers, cache };
}
