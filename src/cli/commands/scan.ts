/**
 * `rclass scan [CONFIG]...`: what an agent connected to your MCP servers
 * could do. Reads the named client configurations (or finds those of every
 * client in `src/node/clients/locations.ts`), identifies
 * each server (SPEC 6), starts each local one in a minimal environment to
 * ask for its tools, and counts them per class (SPEC 4). The work is in
 * `src/scan/`; this file reads the command line and picks the exit code.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCommandLine } from '../parse-args.ts';
import { ConfigError } from '../../clients/parse.ts';
import { CLIENTS, type ClientKind } from '../../clients/types.ts';
import { parseClass } from '../../core/classes.ts';
import { discover } from '../../scan/discover.ts';
import { clientLocations, showPath } from '../../node/clients/locations.ts';
import { MAX_PAGES, MAX_TOOLS } from '../../scan/list-tools.ts';
import { terminalAsk } from '../../scan/prompt.ts';
import { formatReport, reportJson, thresholdMet } from '../../scan/report.ts';
import { reportSarif } from '../../scan/sarif.ts';
import { runScan } from '../../scan/scan.ts';
import type { ScanReport } from '../../scan/types.ts';
import { MAX_JUNK_LINES, MAX_LINE_BYTES, MAX_STDOUT_BYTES } from '../../scan/transport.ts';
import { EXIT, type CliIO, UsageError, complain } from '../io.ts';
import { identityIndexFor } from '../identity.ts';
import { loadRegistry, packageVersion } from '../../node/registry.ts';
import { withLocalRecords } from '../local-records.ts';
import { formatProblem } from '../../records/problems.ts';
import { messageOf } from '../../core/errors.ts';
import { escapeUnsafeInJson } from '../../core/safe-text.ts';

/** The usage line of `scan`. */
export const SCAN_USAGE =
  'rclass scan [CONFIG]... [--list] [--yes] [--fail-on CLASS] [--json | --format text|json|sarif] [--timeout SECONDS] [--assume NAME=RECORD]... [--write-drafts DIR] [--inherit-env] [--show-server-errors] [--client CLIENT] [--registry FILE] [--servers FILE] [--records DIR]';

/** Default `--timeout`, in seconds. */
const DEFAULT_TIMEOUT_SECONDS = 30;
/** Smallest `--timeout`, in seconds: less cannot start even a small server. */
const MIN_TIMEOUT_SECONDS = 1;
/** Largest `--timeout`, in seconds. */
const MAX_TIMEOUT_SECONDS = 600;

/** The help text of `scan`. */
export const SCAN_HELP = `usage: ${SCAN_USAGE}

Show what an agent connected to your MCP servers could do: each server's
tools counted per class, the irreversible (R4) and approval-each-time (R3)
ones named, and totals.

Without CONFIG it reads Claude Code (~/.claude.json: user scope and this
folder's local scope; ./.mcp.json; or managed-mcp.json alone), Claude
Desktop, Cursor (~/.cursor/mcp.json, ./.cursor/mcp.json), VS Code (the user
profile's mcp.json, ./.vscode/mcp.json), Windsurf
(~/.codeium/windsurf/mcp_config.json), Codex (~/.codex/config.toml,
./.codex/config.toml), Gemini CLI (~/.gemini/settings.json, the system
settings, ./.gemini/settings.json), Qwen Code (~/.qwen/settings.json,
the system settings, ./.qwen/settings.json), GitHub Copilot CLI
(~/.copilot/mcp-config.json), Cline, Roo Code and Kilo Code (VS Code global
storage, their CLIs' files, ./.roo/mcp.json, ./.kilocode/mcp.json), Kiro
(~/.kiro/settings/mcp.json, ./.kiro/settings/mcp.json), OpenCode
(~/.config/opencode/, ./opencode.json), Zed (~/.config/zed/settings.json,
./.zed/settings.json), Continue (~/.continue/config.yaml,
./.continue/mcpServers/), Goose (~/.config/goose/config.yaml), Junie
(~/.junie/mcp/mcp.json, ./.junie/mcp/mcp.json) and Amazon Q Developer
(~/.aws/amazonq/, ./.amazonq/). The README's client table has every path
per OS. Tools a client's own filter hides (enabled_tools, disabled_tools,
includeTools, excludeTools, disabledTools, available_tools, tools) are not
reachable and not counted; the report names them. Servers a client's own
switch turns off are skipped, naming it: Claude Code's disabledMcpServers
for the project in ~/.claude.json (/mcp disable), Copilot CLI's
disabledMcpServers in ~/.copilot/settings.json, a project's
.codex/config.toml in a project Codex does not trust, and Gemini CLI's and
Qwen Code's mcp.allowed / mcp.excluded. An entry wrapped in
rclass proxy -- COMMAND… is read as COMMAND, and said to be gated.

Each local (stdio) server is started as its client would start it, asked
for its tools, and killed. A project's config (.mcp.json, a project scope
in ~/.claude.json, .cursor/mcp.json, .vscode/mcp.json) starts its servers in
the project folder; a user-level config starts them in the folder rclass
runs in. Starting a server runs the command its config
names, so only scan configs you trust; run scans of untrusted ones in a
container. Remote (http, sse) servers are never connected to: they are
reported from the registry when their URL identifies them.

  CONFIG                  an MCP client configuration file; repeatable
  --list                  start nothing: report the registry's classes for each server the
                          config identifies (unidentified ones count as R4, tool count unknown);
                          safe in CI, but blind to tools a newer release added
  --yes, -y               start servers from configs that are not your own (see below) without
                          asking
  --fail-on CLASS         exit 1 when anything reachable is CLASS or above; a server whose
                          tools are unknown counts as R4
  --json                  print the report as one JSON object (the same as --format json)
  --format FORMAT         text (default), json, or sarif: SARIF 2.1.0 for code scanning, one
                          result per reachable tool at or above --fail-on (R2 without it), at
                          the line of its server's entry in the config (line 1 when it cannot
                          be found, e.g. some TOML); the exit code is the same in every format
  --timeout SECONDS       hard deadline per server, start to last tools/list page (default
                          ${DEFAULT_TIMEOUT_SECONDS}, at least ${MIN_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS}); its process group is killed when it passes
  --assume NAME=RECORD    treat the unrecognised server NAME as RECORD; only for a server scan
                          starts and lists itself, never with --list; repeatable
  --write-drafts DIR      for servers listing tools their record lacks, write DIR/<record>.yaml
                          with those tools added as R4, not yet classified; never overwrites;
                          \`npm run check\` fails on their placeholder effect, evidence and
                          rationale until each is edited
  --inherit-env           give servers your whole environment (default: only what the MCP SDK
                          passes, e.g. PATH, HOME, USER; proxy and certificate settings; and
                          the entry's own env)
  --show-server-errors    show what a failing server wrote to stderr, redacted (best effort): the
                          config's env and header values, as written and as expanded, arguments
                          that differ after expansion, values of arguments named like a key,
                          token, secret, password or auth (--api-key V, --token=V), and common
                          token shapes; a tail cut mid-line loses its partial first line
  --client CLIENT         read CONFIG as ${CLIENTS.join(', ')} (guessed from the file otherwise)
  --registry FILE         use this registry document instead of the bundled one
  --servers FILE          the server mapping file (default $RCLASS_SERVERS, else
                          /etc/rclass/servers.yaml when it exists): your own launchers, mirrored
                          images, internal packages and gateway URLs (SPEC 6.3); servers it
                          recognises are marked with the mapping's FILE:LINE:COL

Classes: each tool counts at its record's base class, the worst case over
its arguments (SPEC 4). A tool the record does not list (drift), a tool
whose definition changed since the record was checked (its description,
inputSchema or annotations no longer match the record's fingerprint,
SPEC 5.2.1), and every tool of an unrecognised server count as R4
(SPEC 4.3, 6.2). Tool names
never identify a server; when they look like a record's, scan suggests
--assume.

Whose config: a file is your own only when it is one of the user-level
files listed above (under your home folder or the system's settings, and
managed-mcp.json), decided by where it is, never by --client. Every other
file, whether found in the project (.mcp.json, .vscode/mcp.json, a
project's .cursor/mcp.json, .codex/config.toml, .gemini/settings.json and
the other project files above) or named as CONFIG, counts as a repository
config: its servers start only with --yes, after a yes on a terminal, or
(Claude Code .mcp.json servers) when you approved them in Claude Code (enabledMcpjsonServers or
enableAllProjectMcpServers in ~/.claude.json's entry for the project,
~/.claude/settings.json or managed settings). Approvals inside the project
(.claude/settings*.json) are not taken as consent, since a repository can
ship them; a disabledMcpjsonServers entry anywhere keeps a server out.

Nothing printed holds an argument, an env or header value, or what a server
wrote (except with --show-server-errors). Limits per server: lines of
${MAX_LINE_BYTES} bytes, ${MAX_STDOUT_BYTES} bytes of stdout, ${MAX_JUNK_LINES} lines that are not MCP messages,
${MAX_PAGES} tools/list pages, ${MAX_TOOLS} tools. A child that starts a session of its own can
outlive the kill.

Exit codes: 0 ok, 1 --fail-on met, 2 usage error, 3 incomplete (a config
could not be read, an entry is invalid, a server could not be started or
listed, or consent was missing). 3 wins over 1: an incomplete scan cannot
pass a gate either way, and the report (and \`threshold_met\` in --json)
still says whether the threshold was met by what was seen.
`;

/** Output formats of `--format`. */
const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

/** The text of each configuration read, by absolute path, for SARIF locations; a file that cannot be read again is left out (its results point at line 1). */
async function configTexts(report: ScanReport): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const config of report.configs) {
    if (config.problem !== undefined) continue;
    try {
      texts.set(config.file, await readFile(config.file, 'utf8'));
    } catch {
      // Line 1 is the fallback location.
    }
  }
  return texts;
}

/** Parse `--assume` values into a map from server name to record id. */
function parseAssume(values: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values) {
    const match = /^([^=]{1,200})=([a-z0-9][a-z0-9-]{0,47})$/.exec(value);
    if (match === null) throw new UsageError(`\`--assume\` takes NAME=RECORD, a server name in the config and a record id; got \`${value.slice(0, 80)}\``);
    const [, name, record] = match as unknown as [string, string, string];
    const other = map.get(name);
    if (other !== undefined && other !== record) throw new UsageError(`\`--assume\` names two records for \`${name}\` (${other}, ${record})`);
    map.set(name, record);
  }
  return map;
}

/** Parse `--timeout` seconds into milliseconds. */
function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = /^[0-9]+(\.[0-9]+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < MIN_TIMEOUT_SECONDS || seconds > MAX_TIMEOUT_SECONDS)
    throw new UsageError(`\`--timeout\` takes seconds, at least ${MIN_TIMEOUT_SECONDS} and at most ${MAX_TIMEOUT_SECONDS}; got \`${value.slice(0, 40)}\``);
  return Math.round(seconds * 1000);
}

/**
 * Run `rclass scan`.
 * @returns 0 ok, 1 `--fail-on` met, 3 incomplete (which wins over 1)
 * @throws UsageError for a wrong command line, a CONFIG that does not exist, or an `--assume` that names no server or record
 */
export async function scanCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      list: { type: 'boolean', default: false },
      yes: { type: 'boolean', short: 'y', default: false },
      'fail-on': { type: 'string' },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      timeout: { type: 'string' },
      assume: { type: 'string', multiple: true },
      'write-drafts': { type: 'string' },
      'inherit-env': { type: 'boolean', default: false },
      'show-server-errors': { type: 'boolean', default: false },
      client: { type: 'string' },
      registry: { type: 'string' },
      servers: { type: 'string' },
      records: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(SCAN_HELP);
    return EXIT.ok;
  }
  const failOn = values['fail-on'] === undefined ? undefined : parseClass(values['fail-on']);
  if (values['fail-on'] !== undefined && failOn === undefined)
    throw new UsageError(`\`--fail-on\` must be one of R0, R1, R2, R3, R4; got \`${values['fail-on']}\``);
  if (values.format !== undefined && !(FORMATS as readonly string[]).includes(values.format))
    throw new UsageError(`\`--format\` must be one of ${FORMATS.join(', ')}; got \`${values.format.slice(0, 40)}\``);
  if (values.json && values.format !== undefined && values.format !== 'json') throw new UsageError('`--json` is `--format json`; give one of them');
  const format: Format = values.json ? 'json' : ((values.format as Format | undefined) ?? 'text');
  const timeoutMs = parseTimeout(values.timeout);
  const assume = parseAssume(values.assume ?? []);
  if (values.list && assume.size > 0) throw new UsageError('`--assume` applies only to servers scan starts itself, and `--list` starts none');
  if (values.list && values['write-drafts'] !== undefined) throw new UsageError('`--write-drafts` needs servers that were started, and `--list` starts none');
  if (values.client !== undefined && !(CLIENTS as readonly string[]).includes(values.client))
    throw new UsageError(`\`--client\` must be one of ${CLIENTS.join(', ')}; got \`${values.client}\``);
  if (values.client !== undefined && positionals.length === 0) throw new UsageError('`--client` needs a CONFIG');

  let registry: Awaited<ReturnType<typeof loadRegistry>>;
  let local: Awaited<ReturnType<typeof withLocalRecords>>['local'];
  try {
    ({ registry, local } = await withLocalRecords(io, await loadRegistry(values.registry, io.cwd), values.records));
  } catch (error) {
    complain(io, messageOf(error));
    return EXIT.incomplete;
  }
  for (const record of assume.values())
    if (registry.server(record) === undefined) throw new UsageError(`\`--assume\`: the registry has no record \`${record}\``);

  const identities = await identityIndexFor(io, registry, values.servers);
  const locations = clientLocations(io.env, io.cwd);
  let discovery: Awaited<ReturnType<typeof discover>>;
  try {
    discovery = await discover({
      files: positionals,
      ...(values.client !== undefined ? { client: values.client as ClientKind } : {}),
      env: io.env,
      cwd: io.cwd,
      index: identities.index,
      locations,
    });
  } catch (error) {
    if (error instanceof ConfigError && error.kind === 'missing') throw new UsageError(error.message);
    throw error;
  }
  for (const name of assume.keys()) {
    if (!discovery.targets.some((target) => target.name === name))
      throw new UsageError(`\`--assume\`: no server \`${name.slice(0, 80)}\` in the configuration${positionals.length === 1 ? '' : 's'} read`);
  }

  const show = (file: string) => showPath(file, io.env, io.cwd);
  const ask = values.yes ? undefined : terminalAsk(io);
  const report = await runScan(
    discovery,
    {
      mode: values.list ? 'list' : 'full',
      registry,
      ...(local !== undefined ? { localFiles: local.files } : {}),
      env: io.env,
      cwd: io.cwd,
      yes: values.yes,
      ...(ask !== undefined ? { ask } : {}),
      inheritEnv: values['inherit-env'],
      timeoutMs,
      onProgress: (message: string) => io.stderr.write(`${message}\n`),
      showServerErrors: values['show-server-errors'],
      assume,
      ...(values['write-drafts'] !== undefined ? { writeDrafts: path.resolve(io.cwd, values['write-drafts']) } : {}),
      approvals: {
        ...(locations.claudeJson !== undefined ? { claudeJson: locations.claudeJson } : {}),
        user: locations.claudeSettings.user,
        managed: locations.claudeSettings.managed,
      },
      clientVersion: await packageVersion(),
      today: new Date().toISOString().slice(0, 10),
    },
    show,
  );
  // A local records folder or file with a problem (SPEC 5.10): each problem at its FILE:LINE:COL, and the scan is incomplete.
  for (const problem of local?.problems ?? []) report.notes.push(`local records: ${formatProblem(problem)}`);
  if ((local?.problems.length ?? 0) > 0) report.complete = false;
  // Server-supplied strings keep their bidirectional and invisible characters, escaped as \uXXXX in JSON and SARIF, as the text output removes them (issue 15).
  if (format === 'sarif') {
    const sarif = reportSarif(report, {
      ...(failOn !== undefined ? { failOn } : {}),
      version: await packageVersion(),
      texts: await configTexts(report),
      rationale: (record, tool) => registry.server(record)?.tools.get(tool)?.rationale,
    });
    io.stdout.write(`${escapeUnsafeInJson(JSON.stringify(sarif, null, 2))}\n`);
  } else {
    io.stdout.write(format === 'json' ? `${escapeUnsafeInJson(JSON.stringify(reportJson(report, failOn), null, 2))}\n` : formatReport(report, failOn));
  }
  if (!report.complete || identities.incomplete) return EXIT.incomplete;
  if (failOn !== undefined && thresholdMet(report, failOn)) return EXIT.threshold;
  return EXIT.ok;
}
