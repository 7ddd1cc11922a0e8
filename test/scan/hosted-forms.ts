/**
 * The documented URL forms of hosted servers that test/scan/hosted.test.ts
 * lists with `rclass scan --list`: for each vendor, the forms real
 * configurations write (a JSON `url`, an `mcp-remote` argument, Windsurf's
 * `serverUrl`, Codex's TOML `url`, and for some Gemini CLI's `httpUrl`), the
 * record each must be recognised as, and the near misses (the host's other
 * paths, http://, a look-alike host, a local package of the same vendor)
 * that must stay unlisted. Each entry's comment says where the forms come from.
 */

/** One vendor's hosted server and the forms of it one scan of each client's file must recognise. */
interface HostedVendor {
  /** Prefix of this vendor's entry names in the shared Cursor file (`KEY.NAME`), so each vendor reads back its own entries. */
  key: string;
  /** The `describe` title, naming the vendor. */
  title: string;
  /** The title of the Cursor `.cursor/mcp.json` case. */
  forms: string;
  /** Cursor `mcpServers` entries, by name. */
  servers: Record<string, unknown>;
  /** Each entry's record id, or null when it must stay unlisted. */
  expected: Record<string, string | null>;
  /** A record resting on the vendor's documentation (SPEC 5.1): every entry matched to it carries that basis and mark. */
  documentation?: string;
  /** The entry name in Windsurf's, Codex's (and Gemini CLI's) files; unique across vendors. */
  name: string;
  /** The record the Windsurf, Codex (and Gemini CLI) entries must be recognised as. */
  record: string;
  /** Windsurf's `serverUrl`. */
  windsurf: string;
  /** Codex's TOML `url`. */
  codex: string;
  /** Gemini CLI's `httpUrl`, for the vendors whose page gives that form. */
  gemini?: string;
}

const WINDSURF_AND_CODEX = "recognises it in Windsurf's serverUrl and in Codex's TOML url";

export const HOSTED_VENDORS: readonly HostedVendor[] = [
  // registry/atlassian-rovo.yaml, from Atlassian's own repository atlassian/atlassian-mcp-server: the endpoints its README
  // documents, /v1/mcp/authv2 (the recommended one), /v1/mcp (API tokens) and the legacy /v1/sse.
  {
    key: 'atlassian',
    title: "Atlassian's hosted Rovo server by URL",
    forms:
      'recognises /v1/mcp/authv2, /v1/mcp and /v1/sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      authv2: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp/authv2' },
      token: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp', headers: { Authorization: 'Basic ${ATLASSIAN_TOKEN}' } },
      sse: { type: 'sse', url: 'https://mcp.atlassian.com/v1/sse' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.atlassian.com/v1/sse'] },
      root: { url: 'https://mcp.atlassian.com/' },
      plain: { url: 'http://mcp.atlassian.com/v1/mcp' },
      lookalike: { url: 'https://mcp.atlassian.com.example.net/v1/mcp' },
    },
    expected: { authv2: 'atlassian-rovo', token: 'atlassian-rovo', sse: 'atlassian-rovo', bridged: 'atlassian-rovo', root: null, plain: null, lookalike: null },
    documentation: 'atlassian-rovo',
    name: 'atlassian',
    record: 'atlassian-rovo',
    windsurf: 'https://mcp.atlassian.com/v1/sse',
    codex: 'https://mcp.atlassian.com/v1/mcp/authv2',
  },
  // registry/aws-knowledge.yaml, from AWS's own repository awslabs/mcp (src/aws-knowledge-mcp-server/README.md): the one
  // endpoint https://knowledge-mcp.global.api.aws, as the README's Kiro CLI entry, its VS Code install link and
  // aws/agent-toolkit-for-aws's plugin (`streamable-http`) write it. The README's fastmcp form, `uvx fastmcp run <url>`, is
  // not a launcher SPEC 6.1 recognises, so it stays unlisted; mcp-remote is not in the README but is read as every host's.
  {
    key: 'awsknowledge',
    title: "AWS's hosted Knowledge server by URL",
    forms:
      'recognises https://knowledge-mcp.global.api.aws as a JSON url (bare, typed, with a trailing slash, with a path) and through mcp-remote, marked as documentation, and leaves uvx fastmcp run, http:// and a look-alike host unlisted',
    servers: {
      kiro: { url: 'https://knowledge-mcp.global.api.aws', type: 'http', disabled: false },
      bare: { url: 'https://knowledge-mcp.global.api.aws' },
      streamable: { type: 'streamable-http', url: 'https://knowledge-mcp.global.api.aws' },
      slash: { url: 'https://knowledge-mcp.global.api.aws/' },
      path: { type: 'http', url: 'https://knowledge-mcp.global.api.aws/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://knowledge-mcp.global.api.aws'] },
      fastmcp: { command: 'uvx', args: ['fastmcp', 'run', 'https://knowledge-mcp.global.api.aws'] },
      http: { url: 'http://knowledge-mcp.global.api.aws' },
      lookalike: { url: 'https://knowledge-mcp.global.api.aws.example.net' },
    },
    expected: {
      kiro: 'aws-knowledge',
      bare: 'aws-knowledge',
      streamable: 'aws-knowledge',
      slash: 'aws-knowledge',
      path: 'aws-knowledge',
      bridged: 'aws-knowledge',
      fastmcp: null,
      http: null,
      lookalike: null,
    },
    documentation: 'aws-knowledge',
    name: 'awsknowledge',
    record: 'aws-knowledge',
    windsurf: 'https://knowledge-mcp.global.api.aws',
    codex: 'https://knowledge-mcp.global.api.aws',
  },
  // registry/box.yaml, from Box's documentation: its one documented endpoint, https://mcp.box.com, with or without a path.
  {
    key: 'box',
    title: "Box's hosted server by URL",
    forms: 'recognises https://mcp.box.com as a JSON url (bare, with a trailing slash, with a path) and through mcp-remote, and leaves other hosts unlisted',
    servers: {
      bare: { url: 'https://mcp.box.com' },
      slash: { url: 'https://mcp.box.com/' },
      path: { type: 'http', url: 'https://mcp.box.com/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.box.com'] },
      http: { url: 'http://mcp.box.com' },
      lookalike: { url: 'https://mcp.box.com.example.net' },
    },
    expected: { bare: 'box', slash: 'box', path: 'box', bridged: 'box', http: null, lookalike: null },
    documentation: 'box',
    name: 'box',
    record: 'box',
    windsurf: 'https://mcp.box.com',
    codex: 'https://mcp.box.com',
  },
  // registry/canva.yaml, from Canva's own plugin repository canva-sdks/canva-skills: https://mcp.canva.com/mcp, and the
  // `mcp-remote@latest` bridge of the plugin's Cursor configuration.
  {
    key: 'canva',
    title: "Canva's hosted server by URL",
    forms:
      'recognises https://mcp.canva.com/mcp as a JSON url and through mcp-remote@latest, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.canva.com/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote@latest', 'https://mcp.canva.com/mcp'] },
      sse: { url: 'https://mcp.canva.com/sse' },
      plain: { url: 'http://mcp.canva.com/mcp' },
      lookalike: { url: 'https://mcp.canva.com.example.net/mcp' },
    },
    expected: { http: 'canva', bridged: 'canva', sse: null, plain: null, lookalike: null },
    documentation: 'canva',
    name: 'canva',
    record: 'canva',
    windsurf: 'https://mcp.canva.com/mcp',
    codex: 'https://mcp.canva.com/mcp',
  },
  // registry/gitmcp-docs.yaml, from idosal/git-mcp at a pinned commit: https://gitmcp.io/docs; the per-repository
  // endpoints gitmcp.io/{owner}/{repo}, whose tool names depend on the repository, stay unrecognised.
  {
    key: 'gitmcp',
    title: "GitMCP's generic endpoint by URL",
    forms:
      'recognises https://gitmcp.io/docs bare, with a trailing slash and through mcp-remote, and leaves per-repository endpoints, http:// and a look-alike host unlisted',
    servers: {
      bare: { url: 'https://gitmcp.io/docs' },
      slash: { url: 'https://gitmcp.io/docs/' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://gitmcp.io/docs'] },
      repository: { url: 'https://gitmcp.io/idosal/git-mcp' },
      pages: { url: 'https://idosal.gitmcp.io/git-mcp' },
      http: { url: 'http://gitmcp.io/docs' },
      lookalike: { url: 'https://gitmcp.io.example.net/docs' },
    },
    expected: { bare: 'gitmcp-docs', slash: 'gitmcp-docs', bridged: 'gitmcp-docs', repository: null, pages: null, http: null, lookalike: null },
    name: 'gitmcp',
    record: 'gitmcp-docs',
    windsurf: 'https://gitmcp.io/docs',
    codex: 'https://gitmcp.io/docs',
  },
  // registry/intercom.yaml, from Intercom's own plugin repository: Streamable HTTP https://mcp.intercom.com/mcp and the
  // legacy https://mcp.intercom.com/sse.
  {
    key: 'intercom',
    title: "Intercom's hosted server by URL",
    forms:
      'recognises /mcp and /sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.intercom.com/mcp' },
      sse: { type: 'sse', url: 'https://mcp.intercom.com/sse' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.intercom.com/mcp'] },
      authorize: { url: 'https://mcp.intercom.com/authorize' },
      plain: { url: 'http://mcp.intercom.com/mcp' },
      lookalike: { url: 'https://mcp.intercom.com.example.net/mcp' },
    },
    expected: { http: 'intercom', sse: 'intercom', bridged: 'intercom', authorize: null, plain: null, lookalike: null },
    documentation: 'intercom',
    name: 'intercom',
    record: 'intercom',
    windsurf: 'https://mcp.intercom.com/mcp',
    codex: 'https://mcp.intercom.com/mcp',
  },
  // registry/linear-hosted.yaml, from Linear's own repository linear/linear-solutions: the endpoints linear.app/docs/mcp
  // gives, /mcp (Streamable HTTP, as `claude mcp add --transport http` writes it) and /sse.
  {
    key: 'linear',
    title: "Linear's hosted server by URL",
    forms:
      'recognises /mcp and /sse as JSON urls, with a bearer token and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.linear.app/mcp' },
      token: { type: 'http', url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer ${LINEAR_API_KEY}' } },
      sse: { type: 'sse', url: 'https://mcp.linear.app/sse' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.linear.app/sse'] },
      root: { url: 'https://mcp.linear.app/' },
      plain: { url: 'http://mcp.linear.app/mcp' },
      lookalike: { url: 'https://mcp.linear.app.example.net/mcp' },
    },
    expected: { http: 'linear-hosted', token: 'linear-hosted', sse: 'linear-hosted', bridged: 'linear-hosted', root: null, plain: null, lookalike: null },
    documentation: 'linear-hosted',
    name: 'linear',
    record: 'linear-hosted',
    windsurf: 'https://mcp.linear.app/sse',
    codex: 'https://mcp.linear.app/mcp',
  },
  // registry/monday-hosted.yaml, from the README of monday.com's own repository mondaycom/mcp: https://mcp.monday.com/mcp,
  // and the README's `mcp-remote` bridge with a header; the npm package of the same repository is another server.
  {
    key: 'monday',
    title: "monday.com's hosted server by URL",
    forms:
      'recognises https://mcp.monday.com/mcp as a JSON url and through mcp-remote with headers, marked as documentation, and leaves other paths, http://, a look-alike host and the npm package unlisted',
    servers: {
      http: { url: 'https://mcp.monday.com/mcp' },
      bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.monday.com/mcp', '--header', 'Api-Version:2025-07'] },
      sse: { url: 'https://mcp.monday.com/sse' },
      plain: { url: 'http://mcp.monday.com/mcp' },
      lookalike: { url: 'https://mcp.monday.com.example.net/mcp' },
      local: { command: 'npx', args: ['@mondaydotcomorg/monday-api-mcp@latest', '-t', 'abcd123'] },
    },
    expected: { http: 'monday-hosted', bridged: 'monday-hosted', sse: null, plain: null, lookalike: null, local: null },
    documentation: 'monday-hosted',
    name: 'monday',
    record: 'monday-hosted',
    windsurf: 'https://mcp.monday.com/mcp',
    codex: 'https://mcp.monday.com/mcp',
  },
  // registry/notion-hosted.yaml, from Notion's own plugin repository makenotion/claude-code-notion-plugin:
  // https://mcp.notion.com/mcp.
  {
    key: 'notion',
    title: "Notion's hosted server by URL",
    forms:
      'recognises https://mcp.notion.com/mcp as a JSON url and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.notion.com/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.notion.com/mcp'] },
      authorize: { url: 'https://mcp.notion.com/authorize' },
      plain: { url: 'http://mcp.notion.com/mcp' },
      lookalike: { url: 'https://mcp.notion.com.example.net/mcp' },
    },
    expected: { http: 'notion-hosted', bridged: 'notion-hosted', authorize: null, plain: null, lookalike: null },
    documentation: 'notion-hosted',
    name: 'notion',
    record: 'notion-hosted',
    windsurf: 'https://mcp.notion.com/mcp',
    codex: 'https://mcp.notion.com/mcp',
  },
  // registry/paypal-hosted.yaml, from PayPal's own plugin repository paypal/AI-Toolkit: production https://mcp.paypal.com
  // (/mcp and /sse) and the sandbox https://mcp.sandbox.paypal.com/sse; the local @paypal/mcp package is another server.
  {
    key: 'paypal',
    title: "PayPal's hosted server by URL",
    forms:
      'recognises mcp.paypal.com and mcp.sandbox.paypal.com at /mcp and /sse, with a bearer token and through mcp-remote, marked as documentation, and leaves http://, a look-alike host and the local package unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.paypal.com/mcp' },
      sse: { type: 'sse', url: 'https://mcp.paypal.com/sse', headers: { Authorization: 'Bearer ${PAYPAL_ACCESS_TOKEN}' } },
      sandbox: { type: 'sse', url: 'https://mcp.sandbox.paypal.com/sse', headers: { Authorization: 'Bearer ${PAYPAL_SANDBOX_ACCESS_TOKEN}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.paypal.com/sse'] },
      plain: { url: 'http://mcp.paypal.com/mcp' },
      lookalike: { url: 'https://mcp.paypal.com.example.net/mcp' },
      local: { command: 'npx', args: ['-y', '@paypal/mcp', '--tools=all'], env: { PAYPAL_ACCESS_TOKEN: 'x', PAYPAL_ENVIRONMENT: 'SANDBOX' } },
    },
    expected: { http: 'paypal-hosted', sse: 'paypal-hosted', sandbox: 'paypal-hosted', bridged: 'paypal-hosted', plain: null, lookalike: null, local: null },
    documentation: 'paypal-hosted',
    name: 'paypal',
    record: 'paypal-hosted',
    windsurf: 'https://mcp.sandbox.paypal.com/sse',
    codex: 'https://mcp.paypal.com/mcp',
  },
  // registry/stripe-hosted.yaml, from Stripe's own repository stripe/ai: https://mcp.stripe.com as the plugins' .mcp.json
  // files write it; the local @stripe/mcp package has its own record.
  {
    key: 'stripe',
    title: "Stripe's hosted server by URL",
    forms:
      'recognises https://mcp.stripe.com as a JSON url, with a trailing slash, a bearer key and through mcp-remote, marked as documentation, and leaves http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.stripe.com' },
      slash: { url: 'https://mcp.stripe.com/' },
      key: { type: 'http', url: 'https://mcp.stripe.com', headers: { Authorization: 'Bearer ${STRIPE_RESTRICTED_KEY}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.stripe.com'] },
      plain: { url: 'http://mcp.stripe.com' },
      lookalike: { url: 'https://mcp.stripe.com.example.net/' },
    },
    expected: { http: 'stripe-hosted', slash: 'stripe-hosted', key: 'stripe-hosted', bridged: 'stripe-hosted', plain: null, lookalike: null },
    documentation: 'stripe-hosted',
    name: 'stripe',
    record: 'stripe-hosted',
    windsurf: 'https://mcp.stripe.com',
    codex: 'https://mcp.stripe.com',
  },
  // registry/vercel.yaml, from Vercel's documentation: https://mcp.vercel.com, the project-scoped
  // https://mcp.vercel.com/<teamSlug>/<projectSlug>, and the https://mcp.vercel.com/cli/mcp connection the Documentation
  // and CLI tool page names; also in Gemini CLI's `httpUrl`.
  {
    key: 'vercel',
    title: "Vercel's hosted server by URL",
    forms:
      'recognises https://mcp.vercel.com bare, with a trailing slash, project-scoped and at /cli/mcp, through mcp-remote, and leaves http:// and a look-alike host unlisted',
    servers: {
      bare: { url: 'https://mcp.vercel.com' },
      slash: { url: 'https://mcp.vercel.com/' },
      project: { type: 'http', url: 'https://mcp.vercel.com/my-team/my-project' },
      cli: { url: 'https://mcp.vercel.com/cli/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.vercel.com'] },
      http: { url: 'http://mcp.vercel.com' },
      lookalike: { url: 'https://mcp.vercel.com.example.net' },
    },
    expected: { bare: 'vercel', slash: 'vercel', project: 'vercel', cli: 'vercel', bridged: 'vercel', http: null, lookalike: null },
    documentation: 'vercel',
    name: 'vercel',
    record: 'vercel',
    windsurf: 'https://mcp.vercel.com',
    codex: 'https://mcp.vercel.com',
    gemini: 'https://mcp.vercel.com/my-team/my-project',
  },
  // registry/webflow.yaml, from webflow/mcp-server at a pinned commit: its one documented endpoint,
  // https://mcp.webflow.com/sse (README.md, Remote installation), and the README's Claude Desktop `mcp-remote` example.
  {
    key: 'webflow',
    title: "Webflow's hosted server by URL",
    forms: 'recognises https://mcp.webflow.com/sse as a JSON url and through mcp-remote, and leaves undocumented paths, http:// and a look-alike host unlisted',
    servers: {
      readme: { url: 'https://mcp.webflow.com/sse' },
      sse: { type: 'sse', url: 'https://mcp.webflow.com/sse' },
      slash: { url: 'https://mcp.webflow.com/sse/' },
      bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.webflow.com/sse'] },
      undocumented: { url: 'https://mcp.webflow.com/mcp' },
      http: { url: 'http://mcp.webflow.com/sse' },
      lookalike: { url: 'https://mcp.webflow.com.example.net/sse' },
    },
    expected: { readme: 'webflow', sse: 'webflow', slash: 'webflow', bridged: 'webflow', undocumented: null, http: null, lookalike: null },
    name: 'webflow',
    record: 'webflow',
    windsurf: 'https://mcp.webflow.com/sse',
    codex: 'https://mcp.webflow.com/sse',
  },
  // registry/zapier.yaml, from Zapier's page docs.zapier.com/mcp/how-tools-work: the one endpoint Zapier documents,
  // https://mcp.zapier.com/api/v1/connect, as the OAuth clients and zapier/zapier-mcp's plugin write it, with a connection
  // token as a bearer header or a `token` query parameter.
  {
    key: 'zapier',
    title: "Zapier's hosted server by URL",
    forms:
      'recognises /api/v1/connect as a JSON url, with a bearer token, a token query parameter and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.zapier.com/api/v1/connect' },
      bearer: { type: 'http', url: 'https://mcp.zapier.com/api/v1/connect', headers: { Authorization: 'Bearer ${ZAPIER_MCP_TOKEN}' } },
      query: { url: 'https://mcp.zapier.com/api/v1/connect?token=${ZAPIER_MCP_TOKEN}' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.zapier.com/api/v1/connect'] },
      root: { url: 'https://mcp.zapier.com/' },
      plain: { url: 'http://mcp.zapier.com/api/v1/connect' },
      lookalike: { url: 'https://mcp.zapier.com.example.net/api/v1/connect' },
    },
    expected: { http: 'zapier', bearer: 'zapier', query: 'zapier', bridged: 'zapier', root: null, plain: null, lookalike: null },
    documentation: 'zapier',
    name: 'zapier',
    record: 'zapier',
    windsurf: 'https://mcp.zapier.com/api/v1/connect',
    codex: 'https://mcp.zapier.com/api/v1/connect',
  },
];

/** The title of each vendor's Windsurf/Codex (and Gemini CLI) case. */
export const otherClientsTitle = (vendor: HostedVendor): string =>
  vendor.gemini === undefined ? WINDSURF_AND_CODEX : "recognises it in Windsurf's serverUrl, Gemini CLI's httpUrl and Codex's TOML url";
