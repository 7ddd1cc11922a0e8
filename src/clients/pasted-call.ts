/**
 * Reading a tool call from what people paste (SPEC 8.5): a Claude Code
 * PreToolUse hook payload, or an MCP `tools/call` JSON-RPC request.
 */
import { parseClaudeToolName } from './claude-code-names.ts';
import { messageOf } from '../core/errors.ts';

/** A call read from pasted input. `server` is absent when the input does not say. */
export interface PastedCall {
  kind: 'claude-hook' | 'mcp-tools-call';
  server?: string;
  tool: string;
  arguments: unknown;
}

/** The outcome of reading pasted input: a call, or one message saying what is wrong. */
export type PastedCallResult = { ok: true; call: PastedCall } | { ok: false; error: string };

/** The largest pasted input read, in UTF-16 code units; larger input is refused. */
export const MAX_PASTED_LENGTH = 1_000_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Read a pasted Claude Code PreToolUse payload (`tool_name`, `tool_input`) or
 * an MCP `tools/call` request (`method`, `params.name`, `params.arguments`).
 * `mcp__<server>__<tool>` names give the server; a bare MCP tool name does
 * not, since `tools/call` goes to whichever server the connection is to.
 * @param text the pasted JSON text
 * @param knownServers configured or registry server names, to split ambiguous `mcp__` names
 * @returns the call, or an error message (lowercase, one sentence); never throws
 */
export function parsePastedCall(text: string, knownServers?: Iterable<string>): PastedCallResult {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, error: 'paste a hook payload or a tools/call request' };
  if (text.length > MAX_PASTED_LENGTH) return { ok: false, error: `the input is longer than ${MAX_PASTED_LENGTH} characters` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `the input is not valid JSON: ${messageOf(error)}` };
  }
  if (!isObject(value)) return { ok: false, error: 'the input is JSON but not an object' };

  if (typeof value.tool_name === 'string') {
    const name = value.tool_name;
    const parts = parseClaudeToolName(name, knownServers);
    if (parts === undefined) return { ok: false, error: `\`${name}\` is not an MCP tool name of the form mcp__<server>__<tool>` };
    return { ok: true, call: { kind: 'claude-hook', server: parts.server, tool: parts.tool, arguments: value.tool_input ?? {} } };
  }

  if (value.method === 'tools/call') {
    if (!isObject(value.params) || typeof value.params.name !== 'string' || value.params.name === '') {
      return { ok: false, error: 'a tools/call request needs `params.name`' };
    }
    const name = value.params.name;
    const parts = name.startsWith('mcp__') ? parseClaudeToolName(name, knownServers) : undefined;
    const args = value.params.arguments ?? {};
    return {
      ok: true,
      call: parts
        ? { kind: 'mcp-tools-call', server: parts.server, tool: parts.tool, arguments: args }
        : { kind: 'mcp-tools-call', tool: name, arguments: args },
    };
  }

  if (typeof value.method === 'string') return { ok: false, error: `\`${value.method}\` is not a tools/call request` };
  return { ok: false, error: 'expected a PreToolUse payload with `tool_name` or a JSON-RPC request with `method: "tools/call"`' };
}
