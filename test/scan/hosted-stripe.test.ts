/**
 * Stripe's hosted server (registry/stripe-hosted.yaml, from Stripe's own
 * repository stripe/ai): `rclass scan --list` recognises its endpoint
 * https://mcp.stripe.com in the forms real configurations write it (a JSON
 * `url` as the plugins' .mcp.json files write it, with a trailing slash, with
 * a bearer key, an `mcp-remote` argument, Windsurf's `serverUrl`, Codex's TOML
 * `url`), marks its classes as resting on the vendor's documentation, and
 * leaves http:// and a look-alike host unlisted, as it leaves the local
 * @stripe/mcp package to its own record. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Stripe's hosted server by URL", () => {
  it('recognises https://mcp.stripe.com as a JSON url, with a trailing slash, a bearer key and through mcp-remote, marked as documentation, and leaves http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.stripe.com' },
        slash: { url: 'https://mcp.stripe.com/' },
        key: { type: 'http', url: 'https://mcp.stripe.com', headers: { Authorization: 'Bearer ${STRIPE_RESTRICTED_KEY}' } },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.stripe.com'] },
        plain: { url: 'http://mcp.stripe.com' },
        lookalike: { url: 'https://mcp.stripe.com.example.net/' },
      },
      { http: 'stripe-hosted', slash: 'stripe-hosted', key: 'stripe-hosted', bridged: 'stripe-hosted', plain: null, lookalike: null },
      'stripe-hosted',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('stripe', 'stripe-hosted', 'https://mcp.stripe.com');
  });
});
