/**
 * Tool names as clients spell them (SPEC 8.5): Claude Code calls an MCP tool
 * `mcp__<server>__<tool>`, `mcp__plugin_<plugin>_<server>__<tool>` for a
 * plugin's server, and `mcp__claude_ai_<server>__<tool>` for a claude.ai
 * connector.
 *
 * How Claude Code itself builds and reads these names (read from the
 * published `@anthropic-ai/claude-code` 2.0.0 `cli.js`): a tool's name is
 * `mcp__${n(server)}__${n(tool)}`, where `n` replaces every character outside
 * `[a-zA-Z0-9_-]` by `_`; it reads a name back by splitting on `__` and taking
 * the first part as the server, and it selects a server's tools by the prefix
 * `mcp__${n(server)}__`. Neither side escapes `__`, so with servers `my` and
 * `my__mem` the name `mcp__my__mem__read_graph` is both `my__mem`'s
 * `read_graph` and `my`'s `mem__read_graph`: nothing in the name tells them
 * apart.
 */

/** A client tool name split into the configured server name and the tool name. */
export interface QualifiedToolName {
  /** The server's key in the client configuration (for plugins, `plugin_<plugin>_<server>`). */
  server: string;
  /** The tool name as the server lists it. */
  tool: string;
  /**
   * Set when several configured servers fit the name (a server name that is
   * another's followed by `__`): every server that could own the call,
   * sorted. `server` and `tool` are then the longest reading, for logs only;
   * a decision must treat the call as unrecognised (R4, SPEC 8.5).
   */
  ambiguous?: string[];
}

/**
 * Split a Claude Code MCP tool name (SPEC 8.5).
 *
 * Both server keys and tool names may contain `_`, and both may contain
 * `__`, so the split is ambiguous in general. When the configured server
 * names are known (as Claude Code spells them in tool names), the one that
 * fits is the server; when more than one fits, the answer carries
 * `ambiguous`. Without known names the server part ends at the first `__`
 * after `mcp__`, as Claude Code's own reader does.
 * @param name e.g. `mcp__sqlite__write_query`
 * @param knownServers the server keys of the client configuration, if known
 * @returns the parts, or undefined when the name is not an MCP tool name
 */
export function parseClaudeToolName(name: string, knownServers?: Iterable<string>): QualifiedToolName | undefined {
  if (typeof name !== 'string' || !name.startsWith('mcp__')) return undefined;
  const rest = name.slice('mcp__'.length);
  if (knownServers !== undefined) {
    const fits = new Set<string>();
    for (const server of knownServers) {
      if (server.length > 0 && rest.startsWith(`${server}__`) && rest.length > server.length + 2) fits.add(server);
    }
    if (fits.size > 0) {
      const sorted = [...fits].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
      const best = sorted[0]!;
      const parts: QualifiedToolName = { server: best, tool: rest.slice(best.length + 2) };
      if (fits.size > 1) parts.ambiguous = [...fits].sort();
      return parts;
    }
  }
  const split = rest.indexOf('__');
  if (split <= 0 || split + 2 >= rest.length) return undefined;
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}
