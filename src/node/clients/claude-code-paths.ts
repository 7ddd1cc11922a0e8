/**
 * Where Claude Code keeps its MCP configuration (SPEC 6, 8.5): the managed
 * `managed-mcp.json` and `~/.claude.json`. Apart from the reader
 * (`claude-code.ts`), so that naming the files does not load the parsers
 * (issue 14). Node-only.
 */
import path from 'node:path';
import { homeFrom } from '../state-dir.ts';

/** The managed `managed-mcp.json` for a platform (Claude Code's managed settings folders). */
export function managedMcpFile(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-mcp.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-mcp.json';
  return '/etc/claude-code/managed-mcp.json';
}

/**
 * `~/.claude.json`, or `.claude.json` inside `CLAUDE_CONFIG_DIR` when that is set to an absolute path.
 * @returns the path, or undefined without a home folder
 */
export function claudeJsonFile(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dir = env.CLAUDE_CONFIG_DIR;
  if (dir !== undefined && dir !== '' && path.isAbsolute(dir)) return path.join(dir, '.claude.json');
  const home = homeFrom(env);
  return home === undefined ? undefined : path.join(home, '.claude.json');
}
