/**
 * The proxy's pending approvals (src/hook/proxy/approvals.ts), its reading
 * of the two elicitation styles (src/hook/proxy/elicit.ts) and its terminal
 * prompt (src/hook/proxy/approval-tty.ts, against a file standing in for
 * /dev/tty), in this process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { askTerminal, terminalQuestion } from '../../src/hook/proxy/approval-tty.ts';
import { APPROVAL_TTL_MS, Approvals } from '../../src/hook/proxy/approvals.ts';
import { modesOf, readElicitResult, retryOf, retryStyleModes, withoutRetryFields } from '../../src/hook/proxy/elicit.ts';
import { tempDir } from '../cli/harness.ts';

const CALL = { tool: 'delete_entities', args: '{"entityNames":["Ada"]}', fingerprint: 'abc' };
const ASKED = { toolUseId: '7', server: 'memory' };
const ACCEPT = readElicitResult({ action: 'accept', content: { approve: true } });

describe('the proxy approvals', () => {
  it('a page approval runs the call only once the person confirmed it with the form secret, and only once', () => {
    const approvals = new Approvals();
    const nonce = approvals.open(CALL, 'page', ASKED);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(approvals.confirm(nonce, 'guess')).toBe(false);
    expect(approvals.confirm(nonce, approvals.peek(nonce)!.formSecret)).toBe(true);
    expect(approvals.redeem(nonce, CALL, readElicitResult({ action: 'accept' }))).toEqual({
      approved: true,
      channel: 'page',
      toolUseId: '7',
      server: 'memory',
    });
    expect(approvals.redeem(nonce, CALL, readElicitResult({ action: 'accept' }))).toEqual({
      approved: false,
      why: 'the approval is unknown or was used already',
    });
  });

  it("the client's accept of a page question without a confirmation on the page does not approve", () => {
    const approvals = new Approvals();
    const nonce = approvals.open(CALL, 'page', ASKED);
    expect(approvals.redeem(nonce, CALL, ACCEPT)).toMatchObject({ approved: false, why: 'nobody approved it on the local page' });
  });

  it("a client's form approval cannot be confirmed from the page, and needs approve: true", () => {
    const approvals = new Approvals();
    const nonce = approvals.open(CALL, 'client', ASKED);
    expect(approvals.confirm(nonce, approvals.peek(nonce)!.formSecret)).toBe(false);
    expect(approvals.redeem(nonce, CALL, readElicitResult({ action: 'accept', content: { approve: 'true' } }))).toMatchObject({
      approved: false,
      why: 'the user accepted without setting approve to true',
    });
  });

  it('an approval does not carry over to other arguments, another tool, or a tool whose definition changed', () => {
    const approvals = new Approvals();
    const other = approvals.open(CALL, 'client', ASKED);
    expect(approvals.redeem(other, { ...CALL, args: '{"entityNames":["Bob"]}' }, ACCEPT)).toMatchObject({ why: 'the approval was for another call' });
    const tool = approvals.open(CALL, 'client', ASKED);
    expect(approvals.redeem(tool, { ...CALL, tool: 'delete_relations' }, ACCEPT)).toMatchObject({ why: 'the approval was for another call' });
    const changed = approvals.open(CALL, 'client', ASKED);
    expect(approvals.redeem(changed, { ...CALL, fingerprint: 'def' }, ACCEPT)).toMatchObject({ why: "the tool's definition changed after it was asked about" });
  });

  it('an approval expires after five minutes: it can no longer be confirmed or redeemed', () => {
    let now = 1_000_000;
    const approvals = new Approvals(() => now);
    const nonce = approvals.open(CALL, 'page', ASKED);
    const secret = approvals.peek(nonce)!.formSecret;
    now += APPROVAL_TTL_MS;
    expect(approvals.confirm(nonce, secret)).toBe(false);
    const late = approvals.open(CALL, 'client', ASKED);
    now += APPROVAL_TTL_MS;
    expect(approvals.redeem(late, CALL, ACCEPT)).toMatchObject({ approved: false, why: 'the approval expired' });
  });
});

describe('the two elicitation styles', () => {
  it('initialize capabilities: {} is form only, url only when declared, none without elicitation', () => {
    expect(modesOf({ elicitation: {} })).toEqual({ form: true, url: false });
    expect(modesOf({ elicitation: { url: {} } })).toEqual({ form: false, url: true });
    expect(modesOf({ elicitation: { form: {}, url: {} } })).toEqual({ form: true, url: true });
    expect(modesOf({ sampling: {} })).toEqual({ form: false, url: false });
  });

  it('a call is in the retry style only when its _meta names 2026-07-28 or later, and then only its own capabilities count', () => {
    const meta = (version: unknown, capabilities?: unknown) => ({
      _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': capabilities },
    });
    expect(retryStyleModes({})).toBeUndefined();
    expect(retryStyleModes(meta('2025-11-25', { elicitation: {} }))).toBeUndefined();
    expect(retryStyleModes(meta('next'))).toBeUndefined();
    expect(retryStyleModes(meta('2026-07-28', { elicitation: { url: {} } }))).toEqual({ form: false, url: true });
    expect(retryStyleModes(meta('2026-07-28'))).toEqual({ form: false, url: false });
  });

  it("a retry is the proxy's only when it carries the proxy's requestState, and the server gets it without the proxy's fields", () => {
    const params = {
      name: 't',
      arguments: {},
      requestState: 'rclass-approval.NONCE',
      inputResponses: { 'rclass-approval': { action: 'accept' }, server_q: { action: 'decline' } },
    };
    expect(retryOf(params)).toEqual({ nonce: 'NONCE', answer: { action: 'accept' } });
    expect(retryOf({ ...params, requestState: 'a server state' })).toBeUndefined();
    expect(withoutRetryFields(params)).toEqual({ name: 't', arguments: {}, inputResponses: { server_q: { action: 'decline' } } });
  });
});

describe('the terminal prompt', () => {
  it('only the code the question shows approves; anything else, or no line at all, refuses', async () => {
    const dir = tempDir();
    const answers: Array<[string, boolean]> = [
      ['kqzmwd\n', true],
      [' KQZMWD \n', true],
      ['kqzmw\n', false],
      ['', false],
    ];
    for (const [typed, expected] of answers) {
      const terminal = path.join(dir, `tty-${expected}-${typed.trim() || 'empty'}`);
      writeFileSync(terminal, typed);
      expect(await askTerminal('rclass: R4 Irreversible for memory/delete_entities.', terminal, 'kqzmwd')).toBe(expected);
    }
    // The question names the code, after the call.
    expect(readFileSync(path.join(dir, 'tty-true-kqzmwd'), 'utf8')).toContain(
      'rclass: R4 Irreversible for memory/delete_entities.\nTo run it, type the code kqzmwd;',
    );
  });

  it('regression: a blind "yes" pushed into the terminal (TIOCSTI from the agent\'s own shell) does not approve, and each question has its own random code', async () => {
    const dir = tempDir();
    const terminal = path.join(dir, 'tty-yes');
    writeFileSync(terminal, 'yes\n');
    expect(await askTerminal('rclass: R4 Irreversible for memory/delete_entities.', terminal)).toBe(false);
    const codes = [1, 2, 3].map(async (n) => {
      const shown = path.join(dir, `tty-shown-${n}`);
      writeFileSync(shown, '');
      await askTerminal('question', shown);
      return /type the code ([a-z]{6});/.exec(readFileSync(shown, 'utf8'))?.[1];
    });
    const seen = await Promise.all(codes);
    expect(seen.every((code) => code !== undefined && /^[a-hjkmnp-z]{6}$/.test(code))).toBe(true);
    expect(new Set(seen).size).toBe(3);
  });

  it('a terminal that cannot be opened throws, so the proxy falls back to asking the client', async () => {
    await expect(askTerminal('question', path.join(tempDir(), 'no-such-tty'))).rejects.toThrow(/ENOENT/);
  });
});

describe("the terminal question's hidden characters", () => {
  it('the terminal shows a right-to-left override and a zero-width space in the arguments as escapes, and says so', async () => {
    const args = JSON.stringify({ entityNames: ['invoice_\u202Efdp.exe\u200B'] });
    const question = terminalQuestion('rclass: R4 Irreversible (registry) for memory/delete_entities. Needs your approval.', args);
    expect(question).toBe(
      [
        'rclass: R4 Irreversible (registry) for memory/delete_entities. Needs your approval.',
        'Arguments: {"entityNames":["invoice_\\u202efdp.exe\\u200b"]}',
        'Note: 2 characters you would not see (U+202E, U+200B) are shown as \\u escapes; they are part of the call.',
      ].join('\n'),
    );
    const terminal = path.join(tempDir(), 'tty');
    writeFileSync(terminal, 'no\n');
    expect(await askTerminal(question, terminal, 'kqzmwd')).toBe(false);
    const shown = readFileSync(terminal, 'utf8');
    expect(shown).toContain('invoice_\\u202efdp.exe\\u200b');
    expect(shown).not.toMatch(/[\u202E\u200B]/u);
  });

  it('a question without hidden characters has no note', () => {
    expect(terminalQuestion('rclass: R4.', '{"entityNames":["Ada"]}')).toBe('rclass: R4.\nArguments: {"entityNames":["Ada"]}');
  });
});
