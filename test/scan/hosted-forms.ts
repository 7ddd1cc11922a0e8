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
  // registry/airtable-hosted.yaml, from Airtable's own repositories Airtable/airtable-mcp-cli and Airtable/skills: the one
  // endpoint they document, https://mcp.airtable.com/mcp, with OAuth or a personal access token as a bearer header; the
  // local airtable-mcp-server package is domdomegg's server, recorded as airtable.
  {
    key: 'airtable',
    title: "Airtable's hosted server by URL",
    forms:
      'recognises https://mcp.airtable.com/mcp as a JSON url, with a bearer token and through mcp-remote, marked as documentation, and leaves other paths, http://, a look-alike host and the local package as their own',
    servers: {
      http: { type: 'http', url: 'https://mcp.airtable.com/mcp' },
      token: { type: 'http', url: 'https://mcp.airtable.com/mcp', headers: { Authorization: 'Bearer ${AIRTABLE_API_KEY}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.airtable.com/mcp'] },
      root: { url: 'https://mcp.airtable.com/' },
      plain: { url: 'http://mcp.airtable.com/mcp' },
      lookalike: { url: 'https://mcp.airtable.com.example.net/mcp' },
      local: { command: 'npx', args: ['-y', 'airtable-mcp-server'], env: { AIRTABLE_API_KEY: 'pat123.abc123' } },
    },
    expected: { http: 'airtable-hosted', token: 'airtable-hosted', bridged: 'airtable-hosted', root: null, plain: null, lookalike: null, local: 'airtable' },
    documentation: 'airtable-hosted',
    name: 'airtable',
    record: 'airtable-hosted',
    windsurf: 'https://mcp.airtable.com/mcp',
    codex: 'https://mcp.airtable.com/mcp',
  },
  // registry/amplitude.yaml, from Amplitude's own documentation (amplitude/amplitude-docs, amplitude.com/docs): the Regions
  // table's https://mcp.amplitude.com/mcp and https://mcp.eu.amplitude.com/mcp, the ?discovery=progressive form of either,
  // `mcp-remote`, and the `httpUrl` its Gemini CLI section writes.
  {
    key: 'amplitude',
    title: "Amplitude's hosted server by URL",
    forms:
      'recognises the US and EU /mcp endpoints as JSON urls, with ?discovery=progressive and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.amplitude.com/mcp' },
      eu: { type: 'http', url: 'https://mcp.eu.amplitude.com/mcp' },
      progressive: { type: 'http', url: 'https://mcp.amplitude.com/mcp?discovery=progressive' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.eu.amplitude.com/mcp'] },
      root: { url: 'https://mcp.amplitude.com/' },
      plain: { url: 'http://mcp.amplitude.com/mcp' },
      lookalike: { url: 'https://mcp.amplitude.com.example.net/mcp' },
    },
    expected: { http: 'amplitude', eu: 'amplitude', progressive: 'amplitude', bridged: 'amplitude', root: null, plain: null, lookalike: null },
    documentation: 'amplitude',
    name: 'amplitude',
    record: 'amplitude',
    windsurf: 'https://mcp.amplitude.com/mcp',
    codex: 'https://mcp.eu.amplitude.com/mcp',
    gemini: 'https://mcp.amplitude.com/mcp',
  },
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
  // registry/bigquery-hosted.yaml, from Google's BigQuery MCP reference: its one documented endpoint,
  // https://bigquery.googleapis.com/mcp, which the use-bigquery-mcp page connects Gemini CLI to; the same host's REST API
  // (/bigquery/v2/...) is not this server.
  {
    key: 'bigquery',
    title: "Google Cloud's hosted BigQuery server by URL",
    forms:
      'recognises https://bigquery.googleapis.com/mcp as a JSON url, with a bearer token and through mcp-remote, marked as documentation, and leaves the REST API path, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://bigquery.googleapis.com/mcp' },
      token: { type: 'http', url: 'https://bigquery.googleapis.com/mcp', headers: { Authorization: 'Bearer ${GOOGLE_ACCESS_TOKEN}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://bigquery.googleapis.com/mcp'] },
      rest: { url: 'https://bigquery.googleapis.com/bigquery/v2/projects' },
      plain: { url: 'http://bigquery.googleapis.com/mcp' },
      lookalike: { url: 'https://bigquery.googleapis.com.example.net/mcp' },
    },
    expected: { http: 'bigquery-hosted', token: 'bigquery-hosted', bridged: 'bigquery-hosted', rest: null, plain: null, lookalike: null },
    documentation: 'bigquery-hosted',
    name: 'bigquery',
    record: 'bigquery-hosted',
    windsurf: 'https://bigquery.googleapis.com/mcp',
    codex: 'https://bigquery.googleapis.com/mcp',
    gemini: 'https://bigquery.googleapis.com/mcp',
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
  // registry/clickup.yaml, from ClickUp's own repository clickup/clickup-plugin: https://mcp.clickup.com/mcp as its
  // README's manual configuration and Microsoft 365 manifest write it, and the README's `mcp-remote` fallback.
  {
    key: 'clickup',
    title: "ClickUp's hosted server by URL",
    forms:
      'recognises https://mcp.clickup.com/mcp as a JSON url, with a bearer token and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.clickup.com/mcp' },
      token: { type: 'http', url: 'https://mcp.clickup.com/mcp', headers: { Authorization: 'Bearer ${CLICKUP_TOKEN}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.clickup.com/mcp'] },
      upload: { url: 'https://mcp.clickup.com/upload' },
      plain: { url: 'http://mcp.clickup.com/mcp' },
      lookalike: { url: 'https://mcp.clickup.com.example.net/mcp' },
    },
    expected: { http: 'clickup', token: 'clickup', bridged: 'clickup', upload: null, plain: null, lookalike: null },
    documentation: 'clickup',
    name: 'clickup',
    record: 'clickup',
    windsurf: 'https://mcp.clickup.com/mcp',
    codex: 'https://mcp.clickup.com/mcp',
  },
  // registry/datadog.yaml, from Datadog's own repositories: https://mcp.<site>/v1/mcp on the seven site hosts of
  // datadog-labs/claude-code-plugin (with the toolsets query parameter or API and application key headers the
  // DataDog/documentation setup page gives), the earlier /api/unstable/mcp-server/mcp of datadog-labs/mcp-server's README,
  // and the mcp-remote bridge; registry/datadog-winor30.yaml is a third party's local server.
  {
    key: 'datadog',
    title: "Datadog's hosted server by URL",
    forms:
      'recognises /v1/mcp and /api/unstable/mcp-server/mcp on the site hosts as JSON urls, with toolsets in the query, with API and application key headers and through mcp-remote, marked as documentation, and leaves other paths, http://, a look-alike host, the app host and the unsupported gov host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.datadoghq.com/v1/mcp' },
      toolsets: { type: 'http', url: 'https://mcp.datadoghq.eu/v1/mcp?toolsets=core,dashboards,security' },
      keys: {
        type: 'http',
        url: 'https://mcp.uk1.datadoghq.com/v1/mcp',
        headers: { DD_API_KEY: '${DD_API_KEY}', DD_APPLICATION_KEY: '${DD_APPLICATION_KEY}' },
      },
      unstable: { type: 'http', url: 'https://mcp.us3.datadoghq.com/api/unstable/mcp-server/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.ap1.datadoghq.com/v1/mcp'] },
      root: { url: 'https://mcp.datadoghq.com/' },
      plain: { url: 'http://mcp.datadoghq.com/v1/mcp' },
      lookalike: { url: 'https://mcp.datadoghq.com.example.net/v1/mcp' },
      app: { url: 'https://app.datadoghq.com/v1/mcp' },
      gov: { url: 'https://mcp.ddog-gov.com/v1/mcp' },
    },
    expected: {
      http: 'datadog',
      toolsets: 'datadog',
      keys: 'datadog',
      unstable: 'datadog',
      bridged: 'datadog',
      root: null,
      plain: null,
      lookalike: null,
      app: null,
      gov: null,
    },
    documentation: 'datadog',
    name: 'datadog',
    record: 'datadog',
    windsurf: 'https://mcp.us5.datadoghq.com/v1/mcp',
    codex: 'https://mcp.ap2.datadoghq.com/v1/mcp?toolsets=all',
  },
  // registry/deepwiki.yaml, from Cognition's DeepWiki MCP page on docs.devin.ai: Streamable HTTP at
  // https://mcp.deepwiki.com/mcp and the deprecated SSE at https://mcp.deepwiki.com/sse, free and without sign-in.
  {
    key: 'deepwiki',
    title: "DeepWiki's hosted server by URL",
    forms:
      'recognises /mcp and /sse as JSON urls and through mcp-remote, marked as documentation, and leaves the site root, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.deepwiki.com/mcp' },
      sse: { type: 'sse', url: 'https://mcp.deepwiki.com/sse' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.deepwiki.com/mcp'] },
      root: { url: 'https://mcp.deepwiki.com/' },
      plain: { url: 'http://mcp.deepwiki.com/mcp' },
      lookalike: { url: 'https://mcp.deepwiki.com.example.net/mcp' },
    },
    expected: { http: 'deepwiki', sse: 'deepwiki', bridged: 'deepwiki', root: null, plain: null, lookalike: null },
    documentation: 'deepwiki',
    name: 'deepwiki',
    record: 'deepwiki',
    windsurf: 'https://mcp.deepwiki.com/mcp',
    codex: 'https://mcp.deepwiki.com/mcp',
  },
  // registry/exa.yaml, from the README.md of exa-mcp-server 3.4.1 (the record's release): Exa's hosted server at
  // https://mcp.exa.ai/mcp, `type: streamable-http` in its mcpServers example, `codex mcp add exa --url`, the tools chosen
  // with ?tools=, the login forced with ?login or /mcp/oauth, and the key as ?exaApiKey= or an Authorization header.
  {
    key: 'exa',
    title: "Exa's hosted server by URL",
    forms:
      'recognises /mcp bare, as streamable-http, with ?tools=, ?login, /mcp/oauth, ?exaApiKey=, a bearer key and through mcp-remote, and leaves the site root, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'streamable-http', url: 'https://mcp.exa.ai/mcp' },
      tools: { url: 'https://mcp.exa.ai/mcp?tools=web_search_exa,web_fetch_exa,agent_run' },
      login: { url: 'https://mcp.exa.ai/mcp?login' },
      oauth: { url: 'https://mcp.exa.ai/mcp/oauth' },
      key: { url: 'https://mcp.exa.ai/mcp?exaApiKey=${EXA_API_KEY}' },
      bearer: { type: 'http', url: 'https://mcp.exa.ai/mcp', headers: { Authorization: 'Bearer ${EXA_API_KEY}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.exa.ai/mcp'] },
      root: { url: 'https://mcp.exa.ai/' },
      plain: { url: 'http://mcp.exa.ai/mcp' },
      lookalike: { url: 'https://mcp.exa.ai.example.net/mcp' },
    },
    expected: {
      http: 'exa',
      tools: 'exa',
      login: 'exa',
      oauth: 'exa',
      key: 'exa',
      bearer: 'exa',
      bridged: 'exa',
      root: null,
      plain: null,
      lookalike: null,
    },
    name: 'exa',
    record: 'exa',
    windsurf: 'https://mcp.exa.ai/mcp',
    codex: 'https://mcp.exa.ai/mcp',
  },
  // registry/gitlab-hosted.yaml, from GitLab's own documentation (doc/user/model_context_protocol/mcp_server.md in
  // gitlabhq/gitlabhq): https://gitlab.com/api/v4/mcp over HTTP (also with the tool-name prefix header, and as Gemini
  // CLI's httpUrl) and behind mcp-remote (-y, and mcp-remote@latest for Zed); a self-managed instance's host is another server.
  {
    key: 'gitlab',
    title: "GitLab's hosted server by URL",
    forms:
      'recognises https://gitlab.com/api/v4/mcp as a JSON url, with the tool-name prefix header and through mcp-remote, marked as documentation, and leaves other API paths, a self-managed host, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://gitlab.com/api/v4/mcp' },
      prefixed: { type: 'http', url: 'https://gitlab.com/api/v4/mcp', headers: { 'X-Gitlab-Mcp-Server-Tool-Name-Prefix': 'gitlab_' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://gitlab.com/api/v4/mcp'] },
      latest: { command: 'npx', args: ['-y', 'mcp-remote@latest', 'https://gitlab.com/api/v4/mcp'] },
      api: { url: 'https://gitlab.com/api/v4/projects' },
      selfManaged: { type: 'http', url: 'https://gitlab.example.com/api/v4/mcp' },
      plain: { url: 'http://gitlab.com/api/v4/mcp' },
      lookalike: { url: 'https://gitlab.com.example.net/api/v4/mcp' },
    },
    expected: {
      http: 'gitlab-hosted',
      prefixed: 'gitlab-hosted',
      bridged: 'gitlab-hosted',
      latest: 'gitlab-hosted',
      api: null,
      selfManaged: null,
      plain: null,
      lookalike: null,
    },
    documentation: 'gitlab-hosted',
    name: 'gitlab',
    record: 'gitlab-hosted',
    windsurf: 'https://gitlab.com/api/v4/mcp',
    codex: 'https://gitlab.com/api/v4/mcp',
    gemini: 'https://gitlab.com/api/v4/mcp',
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
  // registry/google-drive-hosted.yaml, from Google's reference for the server on developers.google.com: its global
  // endpoint https://drivemcp.googleapis.com/mcp/v1, and https://drivemcp.googleapis.com/mcp of the older pages' samples.
  {
    key: 'google-drive',
    title: "Google's hosted Drive server by URL",
    forms:
      'recognises /mcp/v1 and /mcp as JSON urls and through mcp-remote, marked as documentation, and leaves the host root, other paths, http:// and a look-alike host unlisted',
    servers: {
      v1: { type: 'http', url: 'https://drivemcp.googleapis.com/mcp/v1' },
      older: { url: 'https://drivemcp.googleapis.com/mcp' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://drivemcp.googleapis.com/mcp/v1'] },
      root: { url: 'https://drivemcp.googleapis.com/' },
      plain: { url: 'http://drivemcp.googleapis.com/mcp/v1' },
      lookalike: { url: 'https://drivemcp.googleapis.com.example.net/mcp/v1' },
      other: { url: 'https://drivemcp.googleapis.com/v1/files' },
    },
    expected: {
      v1: 'google-drive-hosted',
      older: 'google-drive-hosted',
      bridged: 'google-drive-hosted',
      root: null,
      plain: null,
      lookalike: null,
      other: null,
    },
    documentation: 'google-drive-hosted',
    name: 'google-drive',
    record: 'google-drive-hosted',
    windsurf: 'https://drivemcp.googleapis.com/mcp/v1',
    codex: 'https://drivemcp.googleapis.com/mcp/v1',
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
  // registry/microsoft-docs.yaml, from MicrosoftDocs/mcp's README at the record's commit: Microsoft Learn's hosted server
  // at https://learn.microsoft.com/api/mcp, whose path prefix also covers its experimental /api/mcp/openai-compatible
  // endpoint; the site's documentation pages on the same host are not this server.
  {
    key: 'microsoft-learn',
    title: "Microsoft Learn's hosted server by URL",
    forms:
      'recognises /api/mcp as a JSON url, the openai-compatible endpoint under it and through mcp-remote, and leaves documentation pages of the same host, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://learn.microsoft.com/api/mcp' },
      openai: { type: 'http', url: 'https://learn.microsoft.com/api/mcp/openai-compatible' },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://learn.microsoft.com/api/mcp'] },
      docs: { url: 'https://learn.microsoft.com/en-us/azure/' },
      plain: { url: 'http://learn.microsoft.com/api/mcp' },
      lookalike: { url: 'https://learn.microsoft.com.example.net/api/mcp' },
    },
    expected: { http: 'microsoft-docs', openai: 'microsoft-docs', bridged: 'microsoft-docs', docs: null, plain: null, lookalike: null },
    name: 'microsoft-learn',
    record: 'microsoft-docs',
    windsurf: 'https://learn.microsoft.com/api/mcp',
    codex: 'https://learn.microsoft.com/api/mcp',
  },
  // registry/mixpanel.yaml, from Mixpanel's own documentation (mixpanel/docs, docs.mixpanel.com/docs/mcp): the MCP Server
  // URLs table's US, EU and IN /mcp endpoints, with a service account's Authorization header, and the `mcp-remote` bridge
  // its Cursor and Gemini CLI sections write.
  {
    key: 'mixpanel',
    title: "Mixpanel's hosted server by URL",
    forms:
      'recognises the US, EU and IN /mcp endpoints as JSON urls, with a service-account header and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted',
    servers: {
      http: { type: 'http', url: 'https://mcp.mixpanel.com/mcp' },
      eu: { type: 'http', url: 'https://mcp-eu.mixpanel.com/mcp' },
      in: { type: 'http', url: 'https://mcp-in.mixpanel.com/mcp' },
      account: { url: 'https://mcp.mixpanel.com/mcp', headers: { Authorization: 'Bearer Basic ${MIXPANEL_SERVICE_ACCOUNT}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.mixpanel.com/mcp'] },
      discovery: { url: 'https://mcp.mixpanel.com/.well-known/oauth-protected-resource/mcp' },
      plain: { url: 'http://mcp.mixpanel.com/mcp' },
      lookalike: { url: 'https://mcp.mixpanel.com.example.net/mcp' },
    },
    expected: { http: 'mixpanel', eu: 'mixpanel', in: 'mixpanel', account: 'mixpanel', bridged: 'mixpanel', discovery: null, plain: null, lookalike: null },
    documentation: 'mixpanel',
    name: 'mixpanel',
    record: 'mixpanel',
    windsurf: 'https://mcp-eu.mixpanel.com/mcp',
    codex: 'https://mcp.mixpanel.com/mcp',
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
  // registry/slack-hosted.yaml, from Slack's own plugin repository slackapi/slack-skills-plugin: https://mcp.slack.com/mcp,
  // as its .mcp.json (Claude Code, with an OAuth client) and .cursor-mcp.json (Cursor, with `auth`) write it; the archived
  // reference package @modelcontextprotocol/server-slack is another server, recorded as slack.
  {
    key: 'slack',
    title: "Slack's hosted server by URL",
    forms:
      "recognises https://mcp.slack.com/mcp as a JSON url in the plugin's Claude Code and Cursor forms and through mcp-remote, marked as documentation, leaves other paths, http:// and a look-alike host unlisted, and the archived reference package stays slack",
    servers: {
      http: { type: 'http', url: 'https://mcp.slack.com/mcp', oauth: { clientId: '1601185624273.8899143856786', callbackPort: 3118 } },
      cursor: { url: 'https://mcp.slack.com/mcp', auth: { CLIENT_ID: '3660753192626.8903469228982' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.slack.com/mcp'] },
      sse: { type: 'sse', url: 'https://mcp.slack.com/sse' },
      plain: { url: 'http://mcp.slack.com/mcp' },
      lookalike: { url: 'https://mcp.slack.com.example.net/mcp' },
      local: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-slack'], env: { SLACK_BOT_TOKEN: 'x', SLACK_TEAM_ID: 'T0' } },
    },
    expected: { http: 'slack-hosted', cursor: 'slack-hosted', bridged: 'slack-hosted', sse: null, plain: null, lookalike: null, local: 'slack' },
    documentation: 'slack-hosted',
    name: 'slack',
    record: 'slack-hosted',
    windsurf: 'https://mcp.slack.com/mcp',
    codex: 'https://mcp.slack.com/mcp',
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
  // registry/tavily.yaml, from the README.md of the tavily-mcp 0.2.22 package: Tavily's remote server at
  // https://mcp.tavily.com/mcp/ with the key in the query, without it (OAuth) or in an Authorization header, and through
  // `mcp-remote`. The README's Cursor entry writes that bridge as one command line, whose `?` a shell would read as a
  // pattern, so that spelling stays unrecognised (SPEC 6.2) while the same words as `args` are recognised.
  {
    key: 'tavily',
    title: "Tavily's hosted server by URL",
    forms:
      'recognises /mcp with the key in the query, bare, with a bearer key and through mcp-remote as the tavily-mcp record, and leaves the one-line command with a `?`, other paths, http:// and a look-alike host unlisted',
    servers: {
      query: { type: 'http', url: 'https://mcp.tavily.com/mcp/?tavilyApiKey=tvly-x' },
      oauth: { type: 'http', url: 'https://mcp.tavily.com/mcp' },
      bearer: { type: 'http', url: 'https://mcp.tavily.com/mcp/', headers: { Authorization: 'Bearer ${TAVILY_API_KEY}' } },
      bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.tavily.com/mcp/?tavilyApiKey=tvly-x'] },
      oneLine: { command: 'npx -y mcp-remote https://mcp.tavily.com/mcp/?tavilyApiKey=tvly-x', env: {} },
      root: { url: 'https://mcp.tavily.com/' },
      plain: { url: 'http://mcp.tavily.com/mcp/?tavilyApiKey=tvly-x' },
      lookalike: { url: 'https://mcp.tavily.com.example.net/mcp/' },
    },
    expected: { query: 'tavily', oauth: 'tavily', bearer: 'tavily', bridged: 'tavily', oneLine: null, root: null, plain: null, lookalike: null },
    name: 'tavily',
    record: 'tavily',
    windsurf: 'https://mcp.tavily.com/mcp/?tavilyApiKey=tvly-x',
    codex: 'https://mcp.tavily.com/mcp',
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
