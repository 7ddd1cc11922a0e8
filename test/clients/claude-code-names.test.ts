import { describe, expect, it } from 'vitest';
import { parseClaudeToolName } from '../../src/clients/index.ts';

describe('Claude Code MCP tool names (SPEC 8.5)', () => {
  it('splits a plain server tool', () => {
    expect(parseClaudeToolName('mcp__sqlite__write_query')).toEqual({ server: 'sqlite', tool: 'write_query' });
  });

  it('keeps a double underscore inside the tool name', () => {
    expect(parseClaudeToolName('mcp__srv__a__b')).toEqual({ server: 'srv', tool: 'a__b' });
  });

  it('reads the one configured server name that fits, even when it contains `__`', () => {
    expect(parseClaudeToolName('mcp__my__db__query', ['my__db', 'other'])).toEqual({ server: 'my__db', tool: 'query' });
  });

  it('marks a name two configured servers fit (`my` and `my__db`) as ambiguous, since Claude Code builds both the same way', () => {
    expect(parseClaudeToolName('mcp__my__db__query', ['my', 'my__db'])).toEqual({ server: 'my__db', tool: 'query', ambiguous: ['my', 'my__db'] });
    expect(parseClaudeToolName('mcp__my__other', ['my', 'my__db'])).toEqual({ server: 'my', tool: 'other' });
  });

  it('reads plugin servers by their full configured key', () => {
    expect(parseClaudeToolName('mcp__plugin_kit_github__create_repository')).toEqual({ server: 'plugin_kit_github', tool: 'create_repository' });
  });

  it('rejects names that are not MCP tool names', () => {
    expect(parseClaudeToolName('Bash')).toBeUndefined();
    expect(parseClaudeToolName('mcp__onlyserver')).toBeUndefined();
    expect(parseClaudeToolName('mcp____tool')).toBeUndefined();
  });
});
