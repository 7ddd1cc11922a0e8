/**
 * Reading a pasted call: a Claude Code PreToolUse hook payload or an MCP
 * `tools/call` JSON-RPC request, with the core's own reader
 * (parsePastedCall, SPEC 8.5). `mcp__<server>__<tool>` names give the
 * server; a bare `tools/call` name does not, so the playground picks the
 * record that lists the tool and says which.
 */
import { parsePastedCall } from '../../clients/pasted-call.ts';
import type { Registry } from '../../core/index.ts';
import type { Call } from './state.ts';

/** A pasted call read, with a sentence saying what was read and any choice made. */
export type PasteOutcome = { ok: true; call: Call; message: string } | { ok: false; message: string };

/**
 * Read pasted text into a call.
 * @param text what was pasted
 * @param registry the registry, to split `mcp__` names and to find the server of a bare tool name
 * @param currentServer the server chosen now, kept for a bare tool name it lists
 */
export function readPasted(text: string, registry: Registry, currentServer: string): PasteOutcome {
  const ids = [...registry.servers()].map((s) => s.record.id);
  const read = parsePastedCall(text, ids);
  if (!read.ok) return { ok: false, message: `Could not read a call: ${read.error}.` };
  const { call } = read;
  const kind = call.kind === 'claude-hook' ? 'a Claude Code PreToolUse payload' : 'an MCP tools/call request';
  if (call.server !== undefined) {
    const known = registry.server(call.server) !== undefined;
    const note = known ? '' : ` No record has the id ${call.server}; if that is your configuration’s name for a server, choose its record under Server.`;
    return {
      ok: true,
      call: { server: call.server, tool: call.tool, arguments: call.arguments },
      message: `Read ${kind}: server ${call.server}, tool ${call.tool}.${note}`,
    };
  }
  const listing = [...registry.servers()].filter((s) => s.tools.has(call.tool)).map((s) => s.record.id);
  let server = currentServer;
  let note: string;
  if (listing.includes(currentServer)) {
    note = `The request does not name its server; kept ${currentServer}, which lists ${call.tool}.`;
  } else if (listing.length === 1) {
    server = listing[0]!;
    note = `The request does not name its server; ${server} is the only record that lists ${call.tool}.`;
  } else if (listing.length > 1) {
    server = listing[0]!;
    note = `The request does not name its server; ${listing.length} records list ${call.tool} (${listing.join(', ')}), so ${server} was chosen. Change the server if yours is another.`;
  } else {
    note = `The request does not name its server, and no record lists ${call.tool}; choose the server.`;
  }
  return { ok: true, call: { server, tool: call.tool, arguments: call.arguments }, message: `Read ${kind}: tool ${call.tool}. ${note}` };
}
