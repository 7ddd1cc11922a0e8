/**
 * Which record a Codex MCP call goes to (SPEC 6, 8.5). Codex's
 * `PreToolUse` payload names only the tool, `mcp__<server>__<tool>`, so the
 * server's entry is looked up in Codex's own configuration for the
 * session's working folder (`src/node/clients/codex-config.ts`: system,
 * user and trusted project layers, merged as Codex merges them) and
 * identified as any client entry is. `--map NAME=RECORD` vouches only for a
 * server defined in the user's or the system's file alone, never one a
 * project's `.codex/config.toml` defines or changes, and never for an entry
 * whose `env` or launcher could run other code: the same rule as for
 * Claude Code's `~/.claude.json` (`src/hook/identify-session.ts`). Node-only.
 */
import { parseClaudeToolName } from '../../clients/claude-code-names.ts';
import { type IdentityIndex, identifyEntry, vouchFor } from '../../clients/identify/index.ts';
import { type CodexConfig, codexServers } from '../../node/clients/codex-config.ts';
import { type ServerMapping, type ServerResolution, unsafeToMap } from '../identify-session.ts';
import { resolveEntry } from './resolve-hint.ts';

/**
 * Resolve the server of a Codex MCP tool name.
 * @param toolName e.g. `mcp__memory__read_graph`
 * @param config Codex's configuration for the session's working folder
 * @param mappings the user's `--map` values
 * @param hasRecord whether the registry has a record id
 * @returns the record and release, or why the call cannot be tied to one; never throws
 */
export function resolveCodexServer(
  toolName: string,
  config: CodexConfig,
  index: IdentityIndex,
  mappings: readonly ServerMapping[],
  hasRecord: (id: string) => boolean,
): ServerResolution {
  const servers = codexServers(config);
  const parts = parseClaudeToolName(toolName, servers.keys());
  if (parts === undefined) return { status: 'unrecognised', server: toolName, tool: '', reason: 'the tool name is not `mcp__<server>__<tool>`' };
  const { server, tool } = parts;
  const unrecognised = (reason: string): ServerResolution => ({ status: 'unrecognised', server, tool, reason });
  if (parts.ambiguous !== undefined)
    return unrecognised(`the tool name fits several configured servers (${parts.ambiguous.map((name) => `\`${name}\``).join(', ')})`);
  if (config.problems.length > 0) return unrecognised(`Codex's configuration could not be read: ${config.problems.join('; ')}`);
  const found = servers.get(server);
  if (found === undefined) {
    const files = config.layers.filter((layer) => layer.ignored === undefined).map((layer) => layer.file);
    const ignored = config.layers.find((layer) => layer.ignored !== undefined);
    return unrecognised(
      `no server \`${server}\` is configured for this folder in ${files.join(', ')}${ignored !== undefined ? ` (\`${ignored.file}\` is not read: ${ignored.ignored})` : ''}`,
    );
  }
  const { entry, origins } = found;
  const mapping = mappings.find((m) => m.name === server);
  if (mapping !== undefined) {
    const refuse = (why: string) => unrecognised(`\`--map ${mapping.name}=${mapping.record}\` does not apply: ${why}`);
    if (origins.includes('project')) return refuse(`\`${server}\` is defined or changed by a project's .codex/config.toml, which it does not vouch for`);
    const unsafe = unsafeToMap(entry, config.cwd);
    if (unsafe !== undefined) return refuse(unsafe);
    if (!hasRecord(mapping.record)) return refuse(`the registry has no record \`${mapping.record}\``);
    const identified = identifyEntry(entry, index);
    if (identified.status === 'recognised' && identified.recordId !== mapping.record)
      return unrecognised(`the entry runs record \`${identified.recordId}\`, but \`--map\` names \`${mapping.record}\``);
    const vouched = vouchFor(entry, identified, mapping.record, index);
    if ('refuse' in vouched) return refuse(vouched.refuse);
    const version = vouched.version;
    return { status: 'recognised', server, tool, recordId: mapping.record, version, via: 'map', subject: `--map ${mapping.name}=${mapping.record}` };
  }
  if (entry.disabled) return unrecognised(`\`${server}\` is disabled in Codex's configuration, yet was called`);
  return resolveEntry(entry, server, tool, index);
}
