/**
 * Which registry record an MCP tool call in Claude Code goes to (SPEC 6,
 * 8.5): split the tool name, find the server's entries in what Claude Code
 * runs for the project, identify them as SPEC 6 allows, and apply a user's
 * `--map NAME=RECORD` only where it is safe.
 *
 * `--map` vouches for a server only when its sole entry is in the user
 * scope of `~/.claude.json`, which a repository cannot write: a name also
 * defined by the project's `.mcp.json`, the project's local scope or a
 * managed file is refused, as is an entry whose `env` changes what runs or
 * whose launcher or script lies in the project (SPEC 6.2, 6.3).
 */
import path from 'node:path';
import { envProblem, identifyConfig, isInside, type IdentityIndex, vouchFor } from '../clients/identify/index.ts';
import type { ConfigEntry } from '../clients/types.ts';
import { parseClaudeToolName } from '../clients/claude-code-names.ts';
import type { ServerVersion } from '../core/version.ts';
import type { ClaudeServers, ServerView } from '../node/clients/claude-code.ts';
import type { ServerMapping } from './map-option.ts';

export type { ServerMapping } from './map-option.ts';

/** Which record a call goes to, or why none. */
export type ServerResolution =
  | {
      status: 'recognised';
      /** The server as Claude Code names it in the tool name. */
      server: string;
      tool: string;
      recordId: string;
      /** The pinned release (SPEC 5.3, 6.4). */
      version: ServerVersion;
      /** `config` when SPEC 6 recognised the entry, `map` when `--map` vouched for it. */
      via: 'config' | 'map';
      /** What was matched, e.g. `npm @modelcontextprotocol/server-postgres` or `--map pg=postgres`. */
      subject: string;
      /** Where the server mapping file vouched for it (`FILE:LINE:COL`), when it did (SPEC 6.3). */
      mapping?: string;
    }
  | { status: 'unrecognised'; server: string; tool: string; reason: string };

const INTERPRETER = /^(python[0-9.]*|pythonw|py|node|nodejs|deno|bun|ruby|perl|php)$/i;

/**
 * Why a user-scope entry cannot be vouched for with `--map`, or undefined
 * when it can (SPEC 6.2, 6.3): disabled or invalid, an `env` that changes
 * what runs, a launcher or script that is relative or inside the project,
 * `python -m` without `-P`/`-I`. Used for Claude Code's and Codex's entries.
 */
export function unsafeToMap(entry: ConfigEntry, projectDir: string | undefined): string | undefined {
  if (entry.disabled) return 'the entry is disabled';
  if (entry.problems.length > 0) return `the entry is invalid: ${entry.problems.join('; ')}`;
  const env = envProblem(entry.envKeys, true);
  if (env !== undefined) return `its \`env\` ${env}`;
  if (entry.transport !== 'stdio') return undefined;
  const command = entry.command ?? '';
  const absolute = (word: string) => path.isAbsolute(word) || /^[A-Za-z]:[\\/]/.test(word);
  const inProject = (word: string) => projectDir !== undefined && isInside(word, projectDir);
  if (/[\\/]/.test(command) && !absolute(command)) return `the launcher \`${command.slice(0, 80)}\` is a relative path, read against the project folder`;
  if (absolute(command) && inProject(command)) return `the launcher \`${command.slice(0, 80)}\` lies inside the project`;
  const base =
    command
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.(exe|cmd|bat)$/i, '') ?? '';
  if (!INTERPRETER.test(base)) return undefined;
  const args = entry.args ?? [];
  if (/^py/i.test(base) && args.includes('-m')) {
    return args.some((arg) => arg === '-P' || arg === '-I') ? undefined : '`python -m` imports from the working folder (the project) first; add `-P` or `-I`';
  }
  const script = args.find((arg) => !arg.startsWith('-'));
  if (script !== undefined && (!absolute(script) || inProject(script)))
    return `\`${base}\` runs the script \`${script.slice(0, 80)}\`, which is not an absolute path outside the project`;
  return undefined;
}

function mappingFor(view: ServerView, serverName: string, mappings: readonly ServerMapping[]): ServerMapping | undefined {
  return mappings.find((m) => m.name === serverName || view.names.includes(m.name));
}

/**
 * Resolve the server of a Claude Code MCP tool name.
 * @param toolName e.g. `mcp__pg__query`, `mcp__plugin_kit_github__create_repository`
 * @param servers what Claude Code runs for the project
 * @param index the registry's identities
 * @param mappings the user's `--map` values
 * @param hasRecord whether the registry has a record id
 * @returns the record and release, or why the call cannot be tied to one; never throws
 */
export function resolveMcpServer(
  toolName: string,
  servers: ClaudeServers,
  index: IdentityIndex,
  mappings: readonly ServerMapping[],
  hasRecord: (id: string) => boolean,
): ServerResolution {
  const parts = parseClaudeToolName(toolName, servers.servers.keys());
  if (parts === undefined) return { status: 'unrecognised', server: toolName, tool: '', reason: 'the tool name is not `mcp__<server>__<tool>`' };
  const { server, tool } = parts;
  const unrecognised = (reason: string): ServerResolution => ({ status: 'unrecognised', server, tool, reason });
  if (parts.ambiguous !== undefined) {
    return unrecognised(
      `the tool name fits several configured servers (${parts.ambiguous.map((name) => `\`${name}\``).join(', ')}), and Claude Code's tool names do not say which one runs it`,
    );
  }
  if (servers.problems.length > 0) return unrecognised(`Claude Code's configuration could not be read: ${servers.problems.join('; ')}`);
  const view = servers.servers.get(server);
  if (view === undefined) {
    if (server.startsWith('plugin_')) return unrecognised("it is a plugin's server, and rclass cannot see what a plugin runs");
    if (server.startsWith('claude_ai_')) return unrecognised('it is a claude.ai connector, whose configuration is not on this machine');
    return unrecognised(
      `no server \`${server}\` is configured for this project in ${servers.managed ? 'managed-mcp.json' : "~/.claude.json or the project's .mcp.json"}`,
    );
  }
  if (view.names.length > 1) return unrecognised(`several configured names become \`${server}\` in tool names (${view.names.join(', ')})`);
  const projectDir = servers.projectDir;
  const entries = view.entries.map((item) => (item.entry.projectDir === undefined && projectDir !== undefined ? { ...item.entry, projectDir } : item.entry));
  const identified = identifyConfig({ client: 'claude-code', entries, notes: [] }, index).servers[0];
  const mapping = mappingFor(view, server, mappings);

  if (mapping !== undefined) {
    const refuse = (why: string) => unrecognised(`\`--map ${mapping.name}=${mapping.record}\` does not apply: ${why}`);
    if (servers.managed) return refuse("managed-mcp.json decides the servers, and `--map` vouches only for ~/.claude.json's user scope");
    const elsewhere = view.entries.find((item) => item.origin !== 'user');
    if (elsewhere !== undefined)
      return refuse(
        `\`${view.names[0]}\` is also defined in the ${elsewhere.origin === 'project' ? "project's .mcp.json" : "project's local scope"}, which it does not vouch for`,
      );
    if (view.entries.length !== 1) return refuse(`\`${view.names[0]}\` has ${view.entries.length} user-scope entries`);
    const unsafe = unsafeToMap(entries[0]!, projectDir);
    if (unsafe !== undefined) return refuse(unsafe);
    if (!hasRecord(mapping.record)) return refuse(`the registry has no record \`${mapping.record}\``);
    if (identified?.recordId !== undefined && identified.recordId !== mapping.record) {
      return unrecognised(`the entry runs record \`${identified.recordId}\`, but \`--map\` names \`${mapping.record}\``);
    }
    const known = identified?.entries[0]?.identification;
    const vouched = known === undefined ? { version: undefined } : vouchFor(entries[0]!, known, mapping.record, index);
    if ('refuse' in vouched) return refuse(vouched.refuse);
    const version: ServerVersion = vouched.version;
    return { status: 'recognised', server, tool, recordId: mapping.record, version, via: 'map', subject: `--map ${mapping.name}=${mapping.record}` };
  }

  if (identified === undefined) return unrecognised(`\`${server}\` is disabled in Claude Code's configuration, yet was called`);
  if (identified.recordId === undefined) return unrecognised(identified.unrecognised ?? 'its configuration entry is not recognised');
  // Entries in several scopes all run the record; the one Claude Code uses decides the release.
  const order = ['managed', 'local', 'project', 'user'];
  const used = view.entries
    .map((item, i) => ({ origin: item.origin, entry: entries[i]! }))
    .sort((a, b) => order.indexOf(a.origin) - order.indexOf(b.origin))[0]!;
  const item = identified.entries.find((candidate) => candidate.entry === used.entry) ?? identified.entries[0]!;
  const identification = item.identification;
  if (identification.status !== 'recognised') return unrecognised('its configuration entry is not recognised');
  return {
    status: 'recognised',
    server,
    tool,
    recordId: identified.recordId,
    version: identification.version,
    via: 'config',
    subject: identification.subject,
    ...(identification.mapping !== undefined ? { mapping: identification.mapping } : {}),
  };
}
