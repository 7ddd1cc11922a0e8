/**
 * `rclass proxy [options] -- COMMAND [ARGS...]`: gate one MCP server for any
 * client, hooks or not (SPEC 3, 8, 9, 10). Point the client at this command
 * instead of the server; see {@link runProxy} for what it decides.
 */
import path from 'node:path';
import { parseCommandLine } from '../parse-args.ts';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseThresholds } from '../../core/policy.ts';
import { HookContext, type HookOptions } from '../../hook/context.ts';
import { runProxy } from '../../hook/proxy/proxy.ts';
import { EXIT, type CliIO, UsageError, complain } from '../io.ts';
import { parseEgressAllowlist, registrableDomain } from '../../node/egress-allowlist.ts';

/** The usage line of `proxy`. */
export const PROXY_USAGE =
  'rclass proxy [--record ID] [--name NAME] [--allow-up-to CLASS] [--deny-from CLASS] [--egress-allow HOST]... [--allow-tool NAME]... [--annotate] [--approve-tty] [--log FILE | --no-log] [--anchor-file FILE] [--anchor-command CMD] [--registry FILE] [--servers FILE] -- COMMAND [ARGS...]';

/** The help text of `proxy`. */
export const PROXY_HELP = `usage: ${PROXY_USAGE}

A stdio MCP proxy in front of one server, for clients without hooks (or as a
second gate). Replace the server's command in your client's configuration
with \`rclass proxy -- COMMAND ARGS...\`; everything passes through, except
that each tools/call is classified with its arguments and the session guard:

  R0-R1   forwarded (R2-R4 too for tools named with --allow-tool)
  R2-R3   the client is asked to show you the call (MCP elicitation) and it
          runs only if you approve; a client without elicitation gets a tool
          error naming the class, and the call never reaches the server
  R4      approved out of band, where the client's model cannot answer: on
          a local page (127.0.0.1, a random single-use link that expires in
          5 minutes) that the client opens for you (URL-mode elicitation),
          or on this terminal with --approve-tty; a client that can only
          show a form asks you there instead
  --deny-from and up   a tool error, without asking

The server is identified from COMMAND ARGS as a client entry would be
(SPEC 6); an unrecognised one is R4 for every call. Every decision, and what
became of each forwarded call, goes to the same audit log as \`rclass hook\`.

  --record ID           vouch that COMMAND runs registry record ID
  --name NAME           the server's name in the log and reasons (default: the record id)
  --allow-up-to CLASS   forward without asking up to CLASS (R0 or R1; forwarding is the default below R2)
  --deny-from CLASS     refuse from CLASS up without asking
  --egress-allow HOST   a host (and its subdomains) data may go to after a read; repeatable;
                        no public suffix, and never past a name of its own on the Public Suffix
                        List (SPEC 9.4)
  --allow-tool NAME     forward this tool without asking, whatever its class (logged as allow); repeatable
  --annotate            rewrite every listed tool's hints from the registry (SPEC 7.4): readOnlyHint
                        only for R0, destructiveHint from R2, openWorldHint for tools that
                        disclose or send data out, SEP-2793's reversibility, and _meta's
                        io.modelcontextprotocol/action-metadata (outcome, requiresReview,
                        evidenceRef); the server's own hints stay under _meta's
                        com.twomuchlabs.reversibility/server-declared; a tool the record does
                        not list, or an unrecognised server's, is annotated as R4
  --approve-tty         approve R4 calls on the controlling terminal (/dev/tty): the question
                        appears there and only typing back the random code it shows runs
                        the call; without a terminal the client is asked as above (the page
                        first, when the client offers URL mode)
  --log FILE            append decisions to FILE (absolute) instead of
                        \${XDG_STATE_HOME:-~/.local/state}/rclass/audit.jsonl
  --no-log              do not log decisions
  --anchor-file FILE    after every append, add the chain head (seq and hash of the last
                        line) to FILE (absolute), so \`rclass audit verify --anchor FILE\`
                        can prove the log was not cut back or rewritten (SPEC 10.3)
  --anchor-command CMD  after every append, run CMD through the shell with the head on
                        stdin (e.g. \`logger -t rclass\`); a call whose head cannot be
                        anchored is asked about or refused, never forwarded unasked
  --registry FILE       classify against this registry document (absolute path)
  --servers FILE        the server mapping file (absolute path; default $RCLASS_SERVERS,
                        else /etc/rclass/servers.yaml), used only when you cannot write it

Limits: an agent that can edit the client's configuration can remove the
proxy; below R4 the client, not rclass, shows the question, and an autonomous
client could answer it itself (an R4 call needs the page or the terminal
when the client offers URL mode or --approve-tty is given); resources and prompts pass through unclassified.
`;

/**
 * Run `rclass proxy` on the real standard streams.
 * @returns 0 when either side closed; 2 for a usage error
 * @throws UsageError for a wrong command line
 */
export async function proxyCommand(argv: string[], io: CliIO): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const server = split === -1 ? [] : argv.slice(split + 1);
  const { values } = parseCommandLine({
    args: own,
    allowPositionals: false,
    strict: true,
    options: {
      record: { type: 'string' },
      name: { type: 'string' },
      'allow-up-to': { type: 'string' },
      'deny-from': { type: 'string' },
      'egress-allow': { type: 'string', multiple: true },
      'allow-tool': { type: 'string', multiple: true },
      annotate: { type: 'boolean', default: false },
      'approve-tty': { type: 'boolean', default: false },
      log: { type: 'string' },
      'no-log': { type: 'boolean', default: false },
      'anchor-file': { type: 'string' },
      'anchor-command': { type: 'string' },
      registry: { type: 'string' },
      servers: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(PROXY_HELP);
    return EXIT.ok;
  }
  const [command, ...args] = server;
  if (command === undefined || command === '')
    throw new UsageError('`proxy` needs the server to run after `--`, e.g. `rclass proxy -- npx -y @modelcontextprotocol/server-memory`');
  const thresholds = parseThresholds(values['allow-up-to'], values['deny-from']);
  if ('error' in thresholds) throw new UsageError(thresholds.error);
  const allow = parseEgressAllowlist(values['egress-allow'] ?? []);
  if (allow.errors.length > 0) throw new UsageError(`\`--egress-allow\` ${allow.errors.join('; ')}`);
  for (const warning of allow.warnings) complain(io, `warning: \`--egress-allow\` ${warning}`);
  if (values.log !== undefined && values['no-log']) throw new UsageError('`--log` and `--no-log` cannot both be given');
  const anchorFile = values['anchor-file'];
  const anchorCommand = values['anchor-command'];
  if ((anchorFile !== undefined || anchorCommand !== undefined) && values['no-log'])
    throw new UsageError('`--anchor-file` and `--anchor-command` anchor the log, so they cannot go with `--no-log`');
  if (anchorCommand !== undefined && anchorCommand.trim() === '') throw new UsageError('`--anchor-command` needs a command');
  for (const flag of ['log', 'registry', 'servers', 'anchor-file'] as const) {
    const value = values[flag];
    if (value !== undefined && !path.isAbsolute(value)) throw new UsageError(`\`--${flag}\` needs an absolute path`);
  }
  const options: HookOptions = { thresholds, egressAllow: allow.hosts, registrableDomain, mappings: [], log: values['no-log'] ? null : values.log };
  if (anchorFile !== undefined || anchorCommand !== undefined)
    options.anchor = { ...(anchorFile !== undefined ? { file: anchorFile } : {}), ...(anchorCommand !== undefined ? { command: anchorCommand } : {}) };
  if (values.registry !== undefined) options.registry = values.registry;
  if (values.servers !== undefined) options.servers = values.servers;
  const context = new HookContext(options, { env: io.env, cwd: io.cwd });
  const env = Object.fromEntries(Object.entries(io.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const upstream = new StdioClientTransport({ command, args, env, cwd: io.cwd, stderr: 'inherit' });
  const downstream = new StdioServerTransport();
  // The SDK's server transport never watches for the end of stdin. A client that goes away
  // closes it, and the proxy must end then too, closing (and so stopping) the server it wraps;
  // otherwise both outlive the client.
  process.stdin.once('end', () => void downstream.close());
  await runProxy(
    context,
    {
      server: {
        command,
        args,
        cwd: io.cwd,
        ...(values.record !== undefined ? { record: values.record } : {}),
        ...(values.name !== undefined ? { name: values.name } : {}),
      },
      allowTools: values['allow-tool'] ?? [],
      annotate: values.annotate,
      approveTty: values['approve-tty'],
    },
    upstream,
    downstream,
    (line) => io.stderr.write(`${line}\n`),
  );
  return EXIT.ok;
}
