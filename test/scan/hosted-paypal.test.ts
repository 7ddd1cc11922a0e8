/**
 * PayPal's hosted server (registry/paypal-hosted.yaml, from PayPal's own plugin
 * repository paypal/AI-Toolkit): `rclass scan --list` recognises both hosts its
 * documentation gives, production https://mcp.paypal.com (with its /mcp and
 * /sse paths) and the sandbox https://mcp.sandbox.paypal.com/sse, in the forms
 * real configurations write them (a JSON `url`, a bearer access token, an
 * `mcp-remote` argument, Windsurf's `serverUrl`, Codex's TOML `url`), marks
 * its classes as resting on the vendor's documentation, and leaves http://, a
 * look-alike host and the local @paypal/mcp package, a different server,
 * unlisted. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("PayPal's hosted server by URL", () => {
  it('recognises mcp.paypal.com and mcp.sandbox.paypal.com at /mcp and /sse, with a bearer token and through mcp-remote, marked as documentation, and leaves http://, a look-alike host and the local package unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.paypal.com/mcp' },
        sse: { type: 'sse', url: 'https://mcp.paypal.com/sse', headers: { Authorization: 'Bearer ${PAYPAL_ACCESS_TOKEN}' } },
        sandbox: { type: 'sse', url: 'https://mcp.sandbox.paypal.com/sse', headers: { Authorization: 'Bearer ${PAYPAL_SANDBOX_ACCESS_TOKEN}' } },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.paypal.com/sse'] },
        plain: { url: 'http://mcp.paypal.com/mcp' },
        lookalike: { url: 'https://mcp.paypal.com.example.net/mcp' },
        local: { command: 'npx', args: ['-y', '@paypal/mcp', '--tools=all'], env: { PAYPAL_ACCESS_TOKEN: 'x', PAYPAL_ENVIRONMENT: 'SANDBOX' } },
      },
      { http: 'paypal-hosted', sse: 'paypal-hosted', sandbox: 'paypal-hosted', bridged: 'paypal-hosted', plain: null, lookalike: null, local: null },
      'paypal-hosted',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('paypal', 'paypal-hosted', 'https://mcp.sandbox.paypal.com/sse', 'https://mcp.paypal.com/mcp');
  });
});
