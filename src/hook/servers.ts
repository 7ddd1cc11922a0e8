/**
 * What Claude Code runs for the session's project (SPEC 6, 8.5), read for
 * one hook event. The reader (and its JSON and JSONC parsers) is loaded
 * only when an event needs it: an MCP call, or the first event of a
 * session, which takes the baseline digests (issue 14). Node-only.
 */
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext } from './context.ts';
import type { SessionFile } from './state.ts';

/**
 * Read the servers for the session's project: `CLAUDE_PROJECT_DIR`, else the folder the session started in.
 * @param state the session's state (its `project_dir` is read)
 * @returns the servers, their digests and the files that could not be read; never throws
 */
export async function claudeServers(context: HookContext, state: SessionFile): Promise<ClaudeServers> {
  const { readClaudeServers } = await import('../node/clients/claude-code.ts');
  const projectDir = context.envProjectDir ?? state.project_dir ?? undefined;
  return readClaudeServers({ ...(context.claudeJson !== undefined ? { claudeJson: context.claudeJson } : {}), managedMcp: context.managedMcp, ...(projectDir !== undefined ? { projectDir } : {}) });
}
