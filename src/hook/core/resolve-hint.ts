/**
 * Which record an agent's MCP call goes to, from what its payload says about
 * the server (SPEC 6): a command line or URL is identified as a client
 * entry would be; a bare server name (Codex) is recognised only where the
 * user vouched for it with `--map NAME=RECORD`; anything else is
 * unrecognised, so R4. Node-only (the identity index inspects project folders).
 */
import { identifyEntry, type IdentityIndex } from '../../clients/identify/index.ts';
import type { ServerHint } from '../../clients/agents/types.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import type { ServerMapping, ServerResolution } from '../identify-session.ts';

/**
 * Resolve a server hint.
 * @param tool the tool as the server lists it
 * @param mappings `--map` values
 * @param hasRecord whether the registry has a record id
 * @returns a resolution; never throws
 */
export function resolveHint(
  hint: ServerHint,
  tool: string,
  index: IdentityIndex,
  mappings: readonly ServerMapping[],
  hasRecord: (id: string) => boolean,
): ServerResolution {
  const server = hint.name;
  const unrecognised = (reason: string): ServerResolution => ({ status: 'unrecognised', server, tool, reason });
  const mapping = mappings.find((m) => m.name === server);
  if (hint.kind === 'none') return unrecognised(hint.why);
  if (hint.kind === 'name') {
    if (mapping === undefined) return unrecognised("the agent sends only the server's name, not how it starts, and no `--map` vouches for it");
    if (!hasRecord(mapping.record))
      return unrecognised(`\`--map ${mapping.name}=${mapping.record}\` does not apply: the registry has no record \`${mapping.record}\``);
    return { status: 'recognised', server, tool, recordId: mapping.record, version: undefined, via: 'map', subject: `--map ${mapping.name}=${mapping.record}` };
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
  const identification = identifyEntry(entry, index);
  if (identification.status === 'recognised') {
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
  return unrecognised(identification.status === 'disabled' ? 'the entry is disabled' : identification.reason);
}
