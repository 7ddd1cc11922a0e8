/**
 * Tool names as clients spell them (SPEC 8.5): Claude Code calls an MCP tool
 * `mcp__<server>__<tool>`, `mcp__plugin_<plugin>_<server>__<tool>` for a
 * plugin's server, and `mcp__claude_ai_<server>__<tool>` for a claude.ai
 * connector.
 */

/** A client tool name split into the configured server name and the tool name. */
export interface QualifiedToolName {
  /** The server's key in the client configuration (for plugins, `plugin_<plugin>_<server>`). */
  server: string;
  /** The tool name as the server lists it. */
  tool: string;
}

/**
 * Split a Claude Code MCP tool name (SPEC 8.5).
 *
 * Both server keys and tool names may contain `_`, and a tool name may
 * contain `__`, so the split is ambiguous in general. When the configured
 * server names are known, the longest one that fits wins; otherwise the
 * server part ends at the first `__` after `mcp__`.
 * @param name e.g. `mcp__sqlite__write_query`
 * @param knownServers the server keys of the client configuration, if known
 * @returns the parts, or undefined when the name is not an MCP tool name
 */
export function parseClaudeToolName(name: string, knownServers?: Iterable<string>): QualifiedToolName | undefined {
  if (typeof name !== 'string' || !name.startsWith('mcp__')) return undefined;
  const rest = name.slice('mcp__'.length);
  if (knownServers !== undefined) {
    let best: string | undefined;
    for (const server of knownServers) {
      if (server.length > 0 && rest.startsWith(`${server}__`) && rest.length > server.length + 2 && (best === undefined || server.length > best.length)) {
        best = server;
      }
    }
    if (best !== undefined) return { server: best, tool: rest.slice(best.length + 2) };
  }
  const split = rest.indexOf('__');
  if (split <= 0 || split + 2 >= rest.length) return undefined;
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}
