import { describe, expect, it } from 'vitest';
import { parsePastedCall } from '../../src/clients/index.ts';

describe('reading pasted calls (SPEC 8.5)', () => {
  it('reads a PreToolUse hook payload for mcp__sqlite__write_query', () => {
    const payload = { session_id: 'S1', hook_event_name: 'PreToolUse', tool_name: 'mcp__sqlite__write_query', tool_input: { query: 'DROP TABLE users' } };
    expect(parsePastedCall(JSON.stringify(payload))).toEqual({
      ok: true,
      call: { kind: 'claude-hook', server: 'sqlite', tool: 'write_query', arguments: { query: 'DROP TABLE users' } },
    });
  });

  it('reads a tools/call request without a server', () => {
    const request = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a' } } };
    expect(parsePastedCall(JSON.stringify(request))).toEqual({ ok: true, call: { kind: 'mcp-tools-call', tool: 'read_file', arguments: { path: 'a' } } });
  });

  it('reads a tools/call request whose name carries the server', () => {
    const request = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'mcp__git__git_commit' } };
    expect(parsePastedCall(JSON.stringify(request))).toEqual({ ok: true, call: { kind: 'mcp-tools-call', server: 'git', tool: 'git_commit', arguments: {} } });
  });

  it('explains invalid JSON, other methods and non-MCP tool names', () => {
    expect(parsePastedCall('{"tool_name": ')).toMatchObject({ ok: false, error: expect.stringMatching(/^the input is not valid JSON: /) });
    expect(parsePastedCall('{"method": "tools/list"}')).toEqual({ ok: false, error: '`tools/list` is not a tools/call request' });
    expect(parsePastedCall('{"tool_name": "Bash", "tool_input": {}}')).toEqual({
      ok: false,
      error: '`Bash` is not an MCP tool name of the form mcp__<server>__<tool>',
    });
    expect(parsePastedCall('[1]')).toEqual({ ok: false, error: 'the input is JSON but not an object' });
  });
});
