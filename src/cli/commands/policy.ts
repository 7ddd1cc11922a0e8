/**
 * `rclass policy --format FORMAT [CONFIG]`: static policy for a gateway or
 * client (SPEC 8), at every tool's base class (SPEC 8.1).
 *
 * Without CONFIG the policy covers the whole registry under record ids.
 * With CONFIG (an MCP configuration of any client `rclass scan` reads) it covers the servers that file runs, under the names
 * it gives them; an entry is matched to a record only as SPEC 6 allows,
 * and an unrecognised entry counts as R4 and is reported on stderr.
 * Nothing from `env` or `headers` is printed.
 */
import path from 'node:path';
import { parseCommandLine } from '../parse-args.ts';
import { identifyConfig } from '../../clients/identify/index.ts';
import { ConfigError } from '../../clients/parse.ts';
import { readConfigFile } from '../../node/clients/read-config.ts';
import { loadEnvFiles } from '../../node/clients/env-file.ts';
import { expandValue } from '../../scan/expand.ts';
import { CLIENTS, type ClientKind } from '../../clients/types.ts';
import { HOOK_FORMATS, POLICY_FORMATS, type PolicyFormat, isPolicyFormat, renderPolicy } from '../../export/index.ts';
import { cursorNoThresholdsNote } from '../../export/cursor-cli.ts';
import { cursorIdeEmptyNote } from '../../export/cursor-ide.ts';
import { agentHookNote } from '../../export/agent-hooks.ts';
import { codexHookTrust, codexHookTrustNotes } from '../../node/clients/codex-hook-trust.ts';
import { EXEC_FORM_SINCE, type HookForm, supportsExecForm } from '../../export/claude-hook.ts';
import { installedClaudeVersion } from '../../node/clients/claude-version.ts';
import { planPolicy, type ServerSelection } from '../../export/plan.ts';
import { parseThresholds } from '../../core/policy.ts';
import { EXIT, type CliIO, UsageError, complain, writeOutput } from '../io.ts';
import { identityIndexFor } from '../identity.ts';
import { fixedLauncher, inNpxCache } from '../../node/package-paths.ts';
import { loadRegistry, packageVersion } from '../../node/registry.ts';
import { messageOf } from '../../core/errors.ts';
import { parseEgressAllowlist } from '../../node/egress-allowlist.ts';

/** The usage line of `policy`. */
export const POLICY_USAGE = `rclass policy --format FORMAT [CONFIG] [--deny-from CLASS] [--allow-up-to CLASS] [--egress-allow HOST]... [--anchor-file FILE] [--anchor-command CMD] [--server NAME]... [--client CLIENT] [--out FILE] [--registry FILE] [--servers FILE] [--records DIR] [--hook-form exec|shell]`;

/** The help text of `policy`. */
export const POLICY_HELP = `usage: ${POLICY_USAGE}

Write static policy for a gateway or client. Every tool is exported at its
worst-case (base) class, so the policy is never less strict than a per-call
check; tools whose class depends on arguments go to the approval side (SPEC 8).

formats:
  cedar             Docker Sandboxes MCP policy: R0–R1 permit, R2–R4 permit with @requireApproval
  cedar-toolhive    ToolHive Cedar authorization config: only R0–R1 permitted (no approval step)
  cel               agentgateway mcpAuthorization allow rules: only R0–R1 allowed, the rest filtered out
  claude-settings   Claude Code permissions: R2–R4 in ask (or deny), R0–R1 in allow only with --allow-up-to
  claude-hook       Claude Code hooks that run \`rclass hook\` on every tool call; it decides MCP calls and outbound built-ins (WebFetch, WebSearch, …)
  cursor-cli        Cursor CLI permissions with Mcp(server:tool): allow up to --allow-up-to, deny from --deny-from;
                    Cursor has no ask list, so without either flag both lists are empty and
                    every MCP tool stays on Cursor's default (it asks)
  cursor-ide        Cursor IDE permissions.json mcpAllowlist ("server:tool"): tools up to --allow-up-to
                    run without approval; it replaces the allowlist in Cursor Settings
  cursor-hook       Cursor hooks.json running \`rclass hook --agent cursor\` on beforeMCPExecution and
                    beforeShellExecution (failClosed)
  gemini            Gemini CLI policy engine rules (TOML [[rule]], toolName mcp_<server>_<tool>):
                    R2-R4 ask_user, allow up to --allow-up-to, deny from --deny-from, each server's
                    other tools (mcp_<server>_*) like an unrecognised server's; non-interactive runs
                    refuse web_fetch and file writes to rclass state or Gemini settings
  gemini-hook       Gemini CLI settings.json hooks running \`rclass hook --agent gemini\` on BeforeTool
  codex-disabled-tools  Codex config.toml [mcp_servers.<name>] disabled_tools from --deny-from up,
                    and enabled_tools listing the rest, so a tool the record does not list stays off
                    (Codex has no ask list; without --deny-from nothing is disabled)
  codex-hook        Codex hooks.json running \`rclass hook --agent codex\` on PreToolUse

  CONFIG              an MCP client configuration: the policy covers the servers it runs, under its names
  --deny-from CLASS   block tools from CLASS up instead of asking (argument-dependent tools still ask);
                      it must be above --allow-up-to, and the gateway formats' default
                      allow level (R1) drops below it: --deny-from R1 allows only R0,
                      --deny-from R0 denies every tool
  --allow-up-to CLASS let tools up to CLASS (R0 or R1) run without asking
  --egress-allow HOST hook formats only: a host (and its subdomains) data may go to after a
                      read, written into the hook's command; repeatable (rclass hook --help)
  --anchor-file FILE  hook formats only: the hook adds the audit chain's head to FILE (absolute)
                      on every append, for \`rclass audit verify --anchor FILE\` (SPEC 10.3)
  --anchor-command CMD  hook formats only: the hook runs CMD with the head on stdin,
                      e.g. 'logger -t rclass'
  --server NAME       only this server (a record id, or a name in CONFIG); repeatable
  --client CLIENT     read CONFIG as ${CLIENTS.join(', ')} (guessed from the file otherwise)
  --out FILE          write to FILE (atomically) instead of stdout
  --registry FILE     use this registry document instead of the bundled one
  --servers FILE      the server mapping file for CONFIG (default $RCLASS_SERVERS, else
                      /etc/rclass/servers.yaml when it exists; SPEC 6.3)
  --records DIR       hook formats only: the hook reads local records from DIR instead of
                      the state folder's records/ (\`rclass records --help\`, SPEC 5.10)

  --hook-form FORM    claude-hook only: exec (\`command\` + \`args\`, no shell; Claude Code
                      ${EXEC_FORM_SINCE} or later) or shell (one POSIX-quoted command); by default
                      exec when \`claude --version\` says ${EXEC_FORM_SINCE} or later, else shell

claude-hook (and gemini-hook, codex-hook, cursor-hook) runs the Node binary and the rclass launcher this command runs
from, by absolute path, so no PATH lookup or repository can substitute
another rclass; regenerate it after moving rclass or removing that Node.
Each command runs the hook through /bin/sh with a guard that turns a crash,
a kill or no answer into exit 2, which blocks the call in every agent (exec
form generated on Windows has no /bin/sh, so your Node runs the same guard,
which also blocks a hook that has not answered within 12 s).
Generate it from a clone or a global install (npm install -g): a one-off
\`npx\` download lives in npm's cache, which npm may clear.

Exit codes: 0 ok, 2 usage error, 3 incomplete (CONFIG unreadable, an entry
invalid for its client, the registry unreadable, or a server mapping file
with problems).
`;

/**
 * Run `rclass policy`.
 * @returns 0, or 3 when the result is incomplete
 * @throws UsageError for a wrong command line
 */
export async function policyCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string', short: 'f' },
      'deny-from': { type: 'string' },
      'allow-up-to': { type: 'string' },
      'egress-allow': { type: 'string', multiple: true },
      server: { type: 'string', multiple: true },
      client: { type: 'string' },
      out: { type: 'string', short: 'o' },
      registry: { type: 'string' },
      servers: { type: 'string' },
      records: { type: 'string' },
      'hook-form': { type: 'string' },
      'anchor-file': { type: 'string' },
      'anchor-command': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(POLICY_HELP);
    return EXIT.ok;
  }
  if (values.format === undefined) throw new UsageError(`\`policy\` needs \`--format\`, one of ${POLICY_FORMATS.join(', ')}`);
  if (!isPolicyFormat(values.format)) throw new UsageError(`\`--format\` must be one of ${POLICY_FORMATS.join(', ')}; got \`${values.format}\``);
  const format: PolicyFormat = values.format;
  const hookFormOption = values['hook-form'];
  if (hookFormOption !== undefined && format !== 'claude-hook') throw new UsageError('`--hook-form` applies only to `--format claude-hook`');
  if (hookFormOption !== undefined && hookFormOption !== 'exec' && hookFormOption !== 'shell')
    throw new UsageError(`\`--hook-form\` must be exec or shell; got \`${hookFormOption}\``);
  if (positionals.length > 1) throw new UsageError(`\`policy\` takes at most one CONFIG; got ${positionals.length}`);
  const configFile = positionals[0];
  const thresholds = parseThresholds(values['allow-up-to'], values['deny-from']);
  if ('error' in thresholds) throw new UsageError(thresholds.error);
  if (values.client !== undefined && !(CLIENTS as readonly string[]).includes(values.client))
    throw new UsageError(`\`--client\` must be one of ${CLIENTS.join(', ')}; got \`${values.client}\``);
  if (values.client !== undefined && configFile === undefined) throw new UsageError('`--client` needs a CONFIG');
  if (HOOK_FORMATS.has(format) && (configFile !== undefined || values.server !== undefined)) {
    throw new UsageError(
      `\`${format}\` takes no CONFIG or \`--server\`: the hook identifies servers ${format === 'claude-hook' ? "from Claude Code's configuration " : ''}each time it runs`,
    );
  }
  let egressAllow: string[] | undefined;
  if (values['egress-allow'] !== undefined) {
    if (!HOOK_FORMATS.has(format))
      throw new UsageError(
        `\`--egress-allow\` is for the hook formats (${[...HOOK_FORMATS].join(', ')}): static policies have no session, so no egress allowlist applies to them`,
      );
    const allow = parseEgressAllowlist(values['egress-allow']);
    if (allow.errors.length > 0) throw new UsageError(`\`--egress-allow\` ${allow.errors.join('; ')}`);
    for (const warning of allow.warnings) complain(io, `warning: \`--egress-allow\` ${warning}`);
    egressAllow = allow.hosts;
  }
  const anchorFile = values['anchor-file'];
  const anchorCommand = values['anchor-command'];
  if ((anchorFile !== undefined || anchorCommand !== undefined) && !HOOK_FORMATS.has(format))
    throw new UsageError(`\`--anchor-file\` and \`--anchor-command\` are for the hook formats (${[...HOOK_FORMATS].join(', ')})`);
  if (anchorFile !== undefined && !path.isAbsolute(anchorFile))
    throw new UsageError('`--anchor-file` needs an absolute path: the hook runs in whatever folder the agent is in');
  if (anchorCommand !== undefined && anchorCommand.trim() === '') throw new UsageError('`--anchor-command` needs a command');
  if (values.records !== undefined && !HOOK_FORMATS.has(format))
    throw new UsageError(`\`--records\` is for the hook formats (${[...HOOK_FORMATS].join(', ')}): the hook reads the local records each time it runs`);
  const records = values.records === undefined ? undefined : path.resolve(io.cwd, values.records);
  const anchor =
    anchorFile !== undefined || anchorCommand !== undefined
      ? { ...(anchorFile !== undefined ? { file: anchorFile } : {}), ...(anchorCommand !== undefined ? { command: anchorCommand } : {}) }
      : undefined;

  let registry: Awaited<ReturnType<typeof loadRegistry>>;
  try {
    registry = await loadRegistry(values.registry, io.cwd);
  } catch (error) {
    complain(io, messageOf(error));
    return EXIT.incomplete;
  }
  const document = registry.document;
  let exit: number = EXIT.ok;
  let selections: ServerSelection[] | undefined;
  let source = 'registry';

  if (configFile !== undefined) {
    let config: Awaited<ReturnType<typeof readConfigFile>>;
    try {
      config = await readConfigFile(configFile, {
        cwd: io.cwd,
        ...(values.client !== undefined ? { client: values.client as ClientKind } : {}),
        ...(io.env.HOME !== undefined ? { home: io.env.HOME } : io.env.USERPROFILE !== undefined ? { home: io.env.USERPROFILE } : {}),
      });
    } catch (error) {
      if (error instanceof ConfigError) {
        if (error.kind === 'missing') throw new UsageError(error.message);
        complain(io, error.message);
        return EXIT.incomplete;
      }
      throw error;
    }
    // VS Code and Cursor load `envFile` into the server's environment: SPEC 6.2 applies to its keys as to `env`.
    const parsed = config;
    const home = io.env.HOME ?? io.env.USERPROFILE;
    await loadEnvFiles(
      parsed.entries,
      undefined,
      (value, entry) =>
        expandValue(value, { client: parsed.client, env: io.env, workspace: entry.projectDir ?? io.cwd, ...(home !== undefined ? { home } : {}) }),
      io.cwd,
    );
    for (const note of config.notes) complain(io, `note: ${note}`);
    const identities = await identityIndexFor(io, registry, values.servers);
    if (identities.incomplete) exit = EXIT.incomplete;
    const { servers, disabled } = identifyConfig(config, identities.index);
    for (const name of disabled) complain(io, `\`${name}\` is disabled in \`${configFile}\` and was left out`);
    selections = [];
    for (const server of servers) {
      if (server.recordId !== undefined) {
        const subjects = [
          ...new Set(
            server.entries.map(({ identification: i }) =>
              i.status === 'recognised' ? `${i.subject}${i.mapping !== undefined ? `, by the server mapping at ${i.mapping}` : ''}` : '',
            ),
          ),
        ].join('; ');
        complain(io, `\`${server.name}\` runs record \`${server.recordId}\` (${subjects})`);
        selections.push({ name: server.name, recordId: server.recordId });
      } else {
        if (server.invalid) exit = EXIT.incomplete;
        complain(
          io,
          `\`${server.name}\` is ${server.invalid ? 'invalid' : 'unrecognised'}, so every tool counts as R4: ${server.unrecognised ?? 'no reason given'}`,
        );
        selections.push({ name: server.name, unrecognised: server.unrecognised ?? 'not identified' });
      }
    }
    if (servers.length === 0) complain(io, `\`${configFile}\` runs no MCP servers (${config.client})`);
    source = path.basename(configFile);
  }

  if (values.server !== undefined) {
    const available = selections ?? document.servers.map((record) => ({ name: record.id, recordId: record.id }));
    const wanted = new Set(values.server);
    for (const name of wanted) {
      if (!available.some((selection) => selection.name === name)) {
        throw new UsageError(`no server \`${name}\` in ${configFile === undefined ? 'the registry' : `\`${configFile}\``}`);
      }
    }
    selections = available.filter((selection) => wanted.has(selection.name));
  }

  if (format === 'cedar-toolhive' && selections !== undefined) {
    const unrecognised = selections.filter((selection) => 'unrecognised' in selection);
    const recognised = selections.length - unrecognised.length;
    for (const selection of unrecognised)
      complain(io, `do not attach this ToolHive config to \`${selection.name}\`: it is unrecognised, so none of its tools may run without approval`);
    if (recognised > 1)
      complain(
        io,
        `one ToolHive config covers ${recognised} servers here, so each tool name gets the strictest decision any of them needs; use \`--server NAME\` for one server's exact config`,
      );
  }

  // Without CONFIG a static policy takes a server to be the record of its name; say where a record covers only a package's older
  // releases (SPEC 5.3). Hook formats identify every server when they run, so they need no such word.
  if (configFile === undefined && !HOOK_FORMATS.has(format)) {
    const exported = new Set(
      selections === undefined
        ? document.servers.map((record) => record.id)
        : selections.flatMap((selection) => ('recordId' in selection ? [selection.recordId] : [])),
    );
    for (const record of document.servers) {
      if (!exported.has(record.id)) continue;
      for (const pkg of record.server.packages ?? []) {
        if (pkg.before !== undefined)
          complain(
            io,
            `the record \`${record.id}\` describes \`${pkg.name}\` only before ${pkg.before}: a server running it unpinned or at ${pkg.before} or newer runs another server, which these rules do not describe; pass your configuration as CONFIG so each entry is identified (SPEC 5.3)`,
          );
      }
    }
  }

  const version = await packageVersion();
  const plan = planPolicy(document, { generator: `rclass ${version}`, thresholds, source, ...(selections !== undefined ? { servers: selections } : {}) });
  const launcher = HOOK_FORMATS.has(format) ? fixedLauncher() : [];
  if (launcher.some(inNpxCache)) {
    complain(
      io,
      `warning: the hook would run rclass from npm's npx cache (${launcher[1]}), which npm may clear; install rclass (npm install -g, or a clone) and generate the hook from there`,
    );
  }
  let hookForm: HookForm = 'shell';
  if (format === 'claude-hook') {
    const asked = values['hook-form'];
    if (asked !== undefined) hookForm = asked as HookForm;
    else {
      const installed = installedClaudeVersion(io.env);
      hookForm = installed !== undefined && supportsExecForm(installed) ? 'exec' : 'shell';
      if (hookForm === 'shell')
        complain(
          io,
          `note: wrote the hook in shell form (one POSIX-quoted command): ${installed === undefined ? 'no `claude` on the PATH answered `claude --version`' : `Claude Code ${installed} is older than ${EXEC_FORM_SINCE}`}, which added exec form (\`command\` + \`args\`); on Windows without Git Bash, Claude Code runs shell-form hooks with PowerShell, where this command does not run. Pass \`--hook-form exec\` once Claude Code is ${EXEC_FORM_SINCE} or later`,
        );
    }
  }
  const text = renderPolicy(format, plan, launcher, hookForm, egressAllow ?? [], anchor, process.platform === 'win32', records);
  const cursorNote = format === 'cursor-cli' ? cursorNoThresholdsNote(thresholds) : undefined;
  if (cursorNote !== undefined) complain(io, `note: ${cursorNote}`);
  const agentNote = format === 'codex-hook' ? agentHookNote('codex') : format === 'gemini-hook' ? agentHookNote('gemini') : undefined;
  if (agentNote !== undefined) complain(io, `note: ${agentNote}`);
  if (format === 'codex-hook') for (const note of codexHookTrustNotes(await codexHookTrust(io.env))) complain(io, `note: now installed: ${note}`);
  const ideNote = format === 'cursor-ide' ? cursorIdeEmptyNote(plan) : undefined;
  if (ideNote !== undefined) complain(io, `note: ${ideNote}`);
  return writeOutput(io, values.out, text, exit);
}
