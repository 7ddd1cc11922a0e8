/**
 * Which record an agent's MCP call goes to, from what its payload says about
 * the server (SPEC 6): a command line or URL is identified as a client
 * entry would be; a bare server name (Codex) is looked up in that client's
 * configuration first (`codex-server.ts`), so one reaching here is
 * unrecognised, as is anything else, so R4. Node-only (the identity index
 * inspects project folders).
 */
import { identifyEntry, type IdentityIndex } from '../../clients/identify/index.ts';
import type { ServerHint } from '../../clients/agents/types.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import type { ServerResolution } from '../identify-session.ts';

/**
 * Resolve a server hint.
 * @param tool the tool as the server lists it
 * @returns a resolution; never throws
 */
export function resolveHint(hint: ServerHint, tool: string, index: IdentityIndex): ServerResolution {
  const server = hint.name;
  const unrecognised = (reason: string): ServerResolution => ({ status: 'unrecognised', server, tool, reason });
  if (hint.kind === 'none') return unrecognised(hint.why);
  if (hint.kind === 'name') return unrecognised("the agent sends only the server's name, not how it starts, and its configuration was not read");
  if (hint.cwds !== undefined && hint.cwds.length > 0) {
    // Several folders it may start in: the same record from each, or unrecognised.
    const { cwds, ...one } = hint;
    const each = cwds.map((cwd) => resolveHint({ ...one, cwd }, tool, index));
    const failed = each.find((r) => r.status === 'unrecognised');
    if (failed !== undefined) return failed;
    const key = (r: ServerResolution) => (r.status === 'recognised' ? JSON.stringify([r.recordId, r.version]) : '');
    if (each.every((r) => key(r) === key(each[0]!))) return each[0]!;
    return unrecognised('it is a different server depending on which workspace folder it starts in');
  }
  const entry: ConfigEntry = {
    name: server,
    scope: 'hook payload',
    transport: hint.url !== undefined ? 'http' : 'stdio',
    ...(hint.command !== undefined ? { command: hint.command } : {}),
    ...(hint.args !== undefined ? { args: hint.args } : {}),
    ...(hint.url !== undefined ? { url: hint.url } : {}),
    ...(hint.cwd !== undefined ? { projectDir: hint.cwd } : {}),
    envKeys: [],
    headerKeys: [],
    disabled: false,
    problems: [],
  };
  return resolveEntry(entry, server, tool, index);
}

/**
 * Identify one configuration entry (SPEC 6) as the record a call of `server`'s `tool` goes to.
 * @returns recognised with the record, release and what matched, or unrecognised with the reason; never throws
 */
export function resolveEntry(entry: ConfigEntry, server: string, tool: string, index: IdentityIndex): ServerResolution {
  const identification = identifyEntry(entry, index);
  if (identification.status !== 'recognised')
    return { status: 'unrecognised', server, tool, reason: identification.status === 'disabled' ? 'the entry is disabled' : identification.reason };
  return {
    status: 'recognised',
    server,
    tool,
    recordId: identification.recordId,
    version: identification.version,
    via: 'config',
    subject: identification.subject,
    ...(identification.mapping !== undefined ? { mapping: identification.mapping } : {}),
  };
}
