/**
 * The playground's suggestion box reads a pasted tool definition, a list of
 * tools, a tools/list result or a whole JSON-RPC response (issue 25 item 3),
 * and says why when it cannot; the suggestion stays a suggestion (SPEC 13).
 */
import { describe, expect, it } from 'vitest';
import { readPastedTools } from '../../src/core/suggest/pasted.ts';
import { suggestEffects } from '../../src/core/suggest/suggest.ts';

/** One tool as @testsprite/testsprite-mcp 0.0.45 listed it (catalogue/npm/testsprite--testsprite-mcp.json). */
const ACCOUNT_INFO = {
  name: 'testsprite_check_account_info',
  description: "Check the current user's TestSprite account information including name, subscription plan, credits, and email address.",
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

describe('readPastedTools', () => {
  it('reads one tool definition and passes its description and schema on as sent', () => {
    const read = readPastedTools(JSON.stringify(ACCOUNT_INFO));
    expect(read).toEqual({ ok: true, shape: 'one tool definition', tools: [ACCOUNT_INFO] });
  });

  it('reads a tools/list result, a JSON-RPC response and a bare list alike', () => {
    const result = { tools: [ACCOUNT_INFO, { name: 'second' }] };
    expect(readPastedTools(JSON.stringify(result))).toMatchObject({
      ok: true,
      shape: 'a tools/list result',
      tools: [{ name: ACCOUNT_INFO.name }, { name: 'second' }],
    });
    expect(readPastedTools(JSON.stringify({ jsonrpc: '2.0', id: 2, result }))).toMatchObject({ ok: true, shape: 'a tools/list response' });
    expect(readPastedTools(JSON.stringify(result.tools))).toMatchObject({ ok: true, shape: 'a list of tools' });
  });

  it('says why it cannot read text that is not JSON, not tools, an empty list or a tool without a name', () => {
    expect(readPastedTools('{ name: x')).toEqual({ ok: false, error: 'it is not JSON' });
    expect(readPastedTools('{"jsonrpc":"2.0","method":"tools/call"}')).toEqual({
      ok: false,
      error: 'it is neither a tool definition (an object with a name) nor a tools/list result (an object with a tools list)',
    });
    expect(readPastedTools('{"tools":[]}')).toEqual({ ok: false, error: 'its list of tools is empty' });
    expect(readPastedTools('{"tools":[{"name":"a"},{"description":"no name"}]}')).toEqual({ ok: false, error: 'tool 2 has no name' });
  });

  it('a pasted tool gets a suggestion marked as one, with the words that triggered it', () => {
    const read = readPastedTools(JSON.stringify(ACCOUNT_INFO));
    if (!read.ok) throw new Error(read.error);
    const suggestion = suggestEffects(read.tools[0]!);
    expect(suggestion.suggested).toBe(true);
    expect(suggestion.effects.map((entry) => entry.effect)).toEqual(['read', 'send']);
    expect(suggestion.effects[0]!.because).toEqual(['name word "check" (reads, searches, lists or computes)']);
  });
});
