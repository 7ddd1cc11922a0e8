/**
 * `rclass hook`: the Claude Code hook (SPEC 8.5, 9, 10). Claude Code runs
 * it for PreToolUse, PostToolUse, PostToolUseFailure and SessionStart with
 * the event as JSON on stdin; it answers with one JSON object on stdout and
 * exit 0, always, within {@link HOOK_DEADLINE_MS}.
 *
 * A command line it cannot use (a bad class, a relative `--log`) is not a
 * usage error here: the hook still answers, with `ask` for every call until
 * the command line is fixed, because an exit code other than 0 or 2 lets
 * the call run and 2 would block every tool without a prompt.
 */
import path from 'node:path';
import type { ParsedCommandLine } from '../parse-args.ts';
import { plainValues } from '../plain-args.ts';
import { parseThresholds } from '../../core/policy.ts';
import { HookContext, type HookOptions } from '../../hook/context.ts';
import { type HookInput, failure, handleHook, timedOut } from '../../hook/handle.ts';
import { parseMappings } from '../../hook/map-option.ts';
import { HOOK_DEADLINE_MS, HOOK_HARD_STOP_MS, HOOK_TIMEOUT_SECONDS, TIMEOUT_LOG_MS } from '../../clients/claude-code-hooks.ts';
import { failureOutput } from '../../hook/output.ts';
import { MAX_HOOK_INPUT_BYTES, parseHookPayload, readHookInput } from '../../hook/payload.ts';
import { EXIT, type CliIO } from '../io.ts';
import { messageOf } from '../../core/errors.ts';
import { noteCodePath } from '../../node/code-cache-notes.ts';
import { ADAPTERS, AGENTS, type AgentAdapter, type AgentName } from '../../clients/agents/index.ts';

/** The usage line of `hook`. */
export const HOOK_USAGE =
  'rclass hook [--agent claude-code|gemini|codex|cursor] [--allow-up-to CLASS] [--deny-from CLASS] [--egress-allow HOST]... [--map NAME=RECORD]... [--log FILE | --no-log] [--anchor-file FILE] [--anchor-command CMD] [--registry FILE] [--servers FILE] [--records DIR]';

/** The help text of `hook`. */
export const HOOK_HELP = `usage: ${HOOK_USAGE}

The Claude Code hook. Claude Code runs it before and after every tool call
(and when a session starts) with the event as JSON on stdin; install it with
\`rclass policy --format claude-hook\`. It always exits 0 with one JSON object.

Before an MCP call it finds the server in what Claude Code runs for the
project (~/.claude.json and the project's .mcp.json, SPEC 6), classifies the
call with its arguments, and answers by class: R0-R1 no decision (your own
permission rules apply), R2-R4 ask. An unrecognised server or tool is R4, and
so is a server whose configuration changed since the session started.
Session guard (SPEC 9): once a session has made any tool call, an MCP call
that can send data to an address the agent chose, or Claude Code's WebFetch,
is R4 unless every URL in it is on --egress-allow; Claude Code's WebSearch,
Artifact, SendUserFile and RemoteTrigger send data where no allowlist can
clear them, so they are R4 after the first call. Other built-in tools get
no decision, except that the hook asks before one writes to its own state,
its audit log or Claude Code's settings files.

  --allow-up-to CLASS    answer allow (no prompt) for classes up to CLASS (R0 or R1)
  --deny-from CLASS      answer deny instead of ask from CLASS up
  --egress-allow HOST    a host (and its subdomains) data may go to after a read; repeatable.
                         A public suffix (github.io, co.uk) is refused, and an entry covers no
                         subdomain that is a name of its own on the Public Suffix List
                         (amazonaws.com does not cover bucket.s3.amazonaws.com) (SPEC 9.4)
  --map NAME=RECORD      vouch that the server NAME in the user scope of ~/.claude.json runs
                         registry record RECORD; never applies to a repository's .mcp.json,
                         a project's local scope, an entry whose env, launcher or the
                         record's own code options (server.code_options) could run other
                         code, or one that names, or may name, a release past the record's
                         \`before\` (SPEC 5.3, 6.2); repeatable. With --agent codex: a server defined only
                         in Codex's user or system config.toml, never one a project's
                         .codex/config.toml defines or changes
  --log FILE             append decisions to FILE (absolute) instead of
                         \${XDG_STATE_HOME:-~/.local/state}/rclass/audit.jsonl
  --no-log               do not log decisions
  --anchor-file FILE     after every append, add the chain head (seq and hash of the last
                         line) to FILE (absolute), so \`rclass audit verify --anchor FILE\`
                         detects lines cut from the end and a rewritten chain; only worth
                         it where the agent cannot rewrite FILE (another user's folder,
                         an append-only file), since the hook runs as the agent's user
  --anchor-command CMD   after every append, run CMD through the shell with the head on
                         stdin, e.g. 'logger -t rclass' (syslog or the journal)
                         A head that cannot be written makes the call ask, never allow;
                         so does a decision left in <log>.pending/ (the log's lock was
                         held too long), which no head covers. Heads only move forward:
                         a new log needs a new anchor (rclass audit --help).
  --registry FILE        classify against this registry document (absolute path)
  --servers FILE         the server mapping file (absolute path; default $RCLASS_SERVERS,
                         else /etc/rclass/servers.yaml); used only when you cannot write it
                         or a folder on its path, since an agent running as you could (SPEC 6.3)
  --records DIR          the local records folder (absolute path; default
                         \${XDG_STATE_HOME:-~/.local/state}/rclass/records, see \`rclass records\`):
                         records of your own that add servers the registry lacks (SPEC 5.10);
                         the reason names the local record, a folder or file with a problem
                         makes every MCP call ask, and the agent's own tools ask before writing it

Every decision about an MCP call or WebFetch is logged with its class, rule,
the session's effective class, user, host, permission mode and a SHA-256 of
the arguments (never the arguments); after the call an outcome line records
that it ran. \`rclass audit verify\` checks the log's hash chain and
\`rclass audit report\` lists what asked or blocked and what happened next.

Limits, worth reading before relying on it:
  - It catches mistakes; it is no boundary against a compromised agent. An
    agent on the same machine can get past it, for instance with a shell
    command that builds the protected paths instead of naming them.
  - Claude Code treats a hook it cannot start, or one that outlasts the
    ${HOOK_TIMEOUT_SECONDS} s timeout the installed settings give it, as no answer and applies
    your own permission rules: the hook fails open there. The hook answers
    ask by itself ${HOOK_DEADLINE_MS / 1000} s after its process started, and ends itself by
    ${HOOK_HARD_STOP_MS / 1000} s, so that the timeout is not reached. The installed command runs
    it through a /bin/sh guard: a hook that crashes, is killed or prints no
    answer exits 2, which blocks the call.
  - It refuses a state folder ($XDG_STATE_HOME/rclass or ~/.local/state/rclass)
    that is not yours with mode 0700, and asks about every call until it is. Rules
    from \`rclass policy --format claude-settings\` still apply when the hook
    does not run.
  - The session guard is blunt: after any call, every egress call asks
    unless allow-listed, and data leaving through a shell command or a
    redirect a server follows goes unseen.
  - Plugin servers and claude.ai connectors cannot be identified, so their
    calls are R4.
  - Any error inside the hook answers ask, never allow.

Other agents (--agent): the same decisions, session guard and log, in each
agent's own hook format, with each agent's own fetch, shell and file tools
judged as Claude Code's are (Gemini CLI web_fetch after a read is R4 unless
allow-listed; a shell or file tool that writes rclass's state or log, or
the agent's own settings or hook files, asks). Install with
\`rclass policy --format NAME-hook\`:
  gemini   Gemini CLI BeforeTool hook; merge \`--format gemini-hook\` into
           ~/.gemini/settings.json. Answers allow, ask or deny. It identifies a
           server from the command or URL Gemini CLI sends (mcp_context), which
           omits env, so an entry whose env changes what runs is not seen.
           A hook that fails or times out only warns in Gemini CLI: it fails
           open; pair it with \`rclass policy --format gemini\` rules, which
           also end \`gemini -p\` runs where an ask would wait forever.
  codex    Codex PreToolUse hook; write \`--format codex-hook\` to
           ~/.codex/hooks.json and approve it in Codex's /hooks (until then
           Codex skips it without a warning). Codex rejects
           an ask from a hook and would run the call, so every ask is a block
           here. Codex sends only the server's name, so the hook reads what it
           runs from Codex's config.toml layers for the session's folder (system,
           $CODEX_HOME, trusted project .codex/ folders; not managed or cloud
           layers, --profile or -c overrides). Pair it with
           \`rclass policy --format codex-disabled-tools\`.
  cursor   Cursor beforeMCPExecution and beforeShellExecution hooks; write
           \`--format cursor-hook\` to ~/.cursor/hooks.json (failClosed, so a
           failure blocks). Cursor sends the server's command line or URL, not
           its name or env; the server is taken to start in the workspace root.
           The session guard counts MCP calls and shell commands as reads.
           Not run by cloud agents.
  --agent NAME   claude-code (the default), gemini, codex or cursor
`;

/** The options of `hook`, as node:util's parseArgs is configured with them. */
const HOOK_OPTIONS = {
  'allow-up-to': { type: 'string' },
  'deny-from': { type: 'string' },
  'egress-allow': { type: 'string', multiple: true },
  map: { type: 'string', multiple: true },
  log: { type: 'string' },
  'no-log': { type: 'boolean', default: false },
  'anchor-file': { type: 'string' },
  'anchor-command': { type: 'string' },
  registry: { type: 'string' },
  servers: { type: 'string' },
  records: { type: 'string' },
  agent: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** What the command line says, or why it cannot be used. */
async function readOptions(argv: string[]): Promise<{ options: HookOptions; help: boolean; agent?: AgentName } | { error: string; agent?: AgentName }> {
  // A plain command line (the generated settings' `--log FILE`, or none) is read without loading parseArgs
  // (about 1 ms of every hook process); anything else, and every error, is parseArgs's.
  const parse = async () =>
    (plainValues(argv, HOOK_OPTIONS) as ParsedCommandLine<{ options: typeof HOOK_OPTIONS }>['values'] | undefined) ??
    (await import('../parse-args.ts')).parseCommandLine({ args: argv, allowPositionals: false, strict: true, options: HOOK_OPTIONS }).values;
  let values: Awaited<ReturnType<typeof parse>>;
  try {
    values = await parse();
  } catch (error) {
    return { error: error instanceof Error ? error.message.replace(/\.$/, '') : String(error), ...agentIn(argv) };
  }
  const agentValue = values.agent;
  let agent: AgentName | undefined;
  if (agentValue !== undefined && agentValue !== 'claude-code') {
    if (!(AGENTS as readonly string[]).includes(agentValue))
      return { error: `\`--agent\` must be one of claude-code, ${AGENTS.join(', ')}; got \`${agentValue}\`` };
    agent = agentValue as AgentName;
  }
  const withAgent = <T extends object>(result: T): T & { agent?: AgentName } => (agent !== undefined ? { ...result, agent } : result);
  const thresholds = parseThresholds(values['allow-up-to'], values['deny-from']);
  if ('error' in thresholds) return withAgent({ error: thresholds.error });
  // The Public Suffix List (tldts) is loaded only when there is an allowlist to check: evaluating it
  // was a third of a built-in call's time (issue 14, measured with --cpu-prof).
  const egress = values['egress-allow'] ?? [];
  const list = egress.length === 0 ? undefined : await import('../../node/egress-allowlist.ts');
  const allow = list === undefined ? { hosts: [], errors: [] } : list.parseEgressAllowlist(egress);
  if (allow.errors.length > 0) return withAgent({ error: `\`--egress-allow\` ${allow.errors.join('; ')}` });
  const mappings = parseMappings(values.map ?? []);
  if ('error' in mappings) return withAgent({ error: mappings.error });
  if (values.log !== undefined && values['no-log']) return withAgent({ error: '`--log` and `--no-log` cannot both be given' });
  if (values.log !== undefined && !path.isAbsolute(values.log))
    return withAgent({ error: '`--log` needs an absolute path: the hook runs in whatever folder the agent is in' });
  if (values.registry !== undefined && !path.isAbsolute(values.registry))
    return withAgent({ error: '`--registry` needs an absolute path: the hook runs in whatever folder the agent is in' });
  const options: HookOptions = { thresholds, egressAllow: allow.hosts, mappings, log: values['no-log'] ? null : values.log };
  if (list !== undefined) options.registrableDomain = list.registrableDomain;
  const anchorFile = values['anchor-file'];
  const anchorCommand = values['anchor-command'];
  if ((anchorFile !== undefined || anchorCommand !== undefined) && values['no-log'])
    return withAgent({ error: '`--anchor-file` and `--anchor-command` anchor the log, so they cannot go with `--no-log`' });
  if (anchorFile !== undefined && !path.isAbsolute(anchorFile))
    return withAgent({ error: '`--anchor-file` needs an absolute path: the hook runs in whatever folder the agent is in' });
  if (anchorCommand !== undefined && anchorCommand.trim() === '') return withAgent({ error: '`--anchor-command` needs a command' });
  if (anchorFile !== undefined || anchorCommand !== undefined)
    options.anchor = { ...(anchorFile !== undefined ? { file: anchorFile } : {}), ...(anchorCommand !== undefined ? { command: anchorCommand } : {}) };
  if (values.servers !== undefined && !path.isAbsolute(values.servers))
    return withAgent({ error: '`--servers` needs an absolute path: the hook runs in whatever folder the agent is in' });
  if (values.records !== undefined && !path.isAbsolute(values.records))
    return withAgent({ error: '`--records` needs an absolute path: the hook runs in whatever folder the agent is in' });
  if (values.registry !== undefined) options.registry = values.registry;
  if (values.servers !== undefined) options.servers = values.servers;
  if (values.records !== undefined) options.records = values.records;
  return withAgent({ options, help: values.help });
}

/** The agent a command line names, read leniently, so a broken command line still answers in that agent's terms. */
function agentIn(argv: readonly string[]): { agent?: AgentName } {
  const at = argv.findIndex((word) => word === '--agent' || word.startsWith('--agent='));
  if (at === -1) return {};
  const value = argv[at]!.startsWith('--agent=') ? argv[at]!.slice('--agent='.length) : argv[at + 1];
  return value !== undefined && (AGENTS as readonly string[]).includes(value) ? { agent: value as AgentName } : {};
}

/** Why the hook asks about every call: a command line it cannot use, or a state folder it refuses (issue 23). */
function refusal(read: { options: HookOptions } | { error: string }, context: HookContext): string {
  if ('error' in read) return `rclass hook is misconfigured (${read.error}); it asks about every call until its command line is fixed`;
  return `${context.stateUnsafe ?? 'the state folder is refused'}; the hook asks about every call until then`;
}

/**
 * Run `rclass hook`.
 * @param argv the words after `hook`
 * @param started when the hook began (ms since the epoch), from which its deadline counts: the hook process's
 *   start when run as the hook (`hook-main.ts`), so time spent starting Node and loading the bundle on a loaded
 *   machine comes out of the deadline rather than on top of it (issue 23); now by default
 * @returns 0, always (the answer is on stdout)
 */
export async function hookCommand(argv: string[], io: CliIO, started = Date.now()): Promise<number> {
  const read = await readOptions(argv);
  if ('help' in read && read.help) {
    io.stdout.write(HOOK_HELP);
    return EXIT.ok;
  }
  if (read.agent !== undefined) return agentHookCommand(ADAPTERS[read.agent], read, io, started);
  let answered = false;
  const environment = { env: io.env, cwd: io.cwd, cancelled: () => answered };
  const context = new HookContext('error' in read ? { thresholds: {}, egressAllow: [], mappings: [] } : read.options, environment, started);
  const work = (async () => {
    const input: HookInput = await readHookInput(io.stdin, MAX_HOOK_INPUT_BYTES);
    if (!('error' in read) && context.stateUnsafe === undefined) return handleHook(context, input);
    const partial = input.ok ? parseHookPayload(input.text) : undefined;
    const known =
      partial === undefined
        ? {}
        : partial.ok
          ? {
              eventName: partial.payload.eventName,
              sessionId: partial.payload.sessionId,
              ...(partial.payload.toolName !== undefined ? { toolName: partial.payload.toolName } : {}),
            }
          : partial.partial;
    return failure(context, refusal(read, context), known);
  })();
  let answer = await withinDeadline(work, started, (error) => ({ stdout: failureOutput(`internal error: ${messageOf(error)}`), stderr: [] }));
  answered = true;
  if (answer === 'timeout') {
    work.catch(() => undefined);
    answer = await timedOut(context, `no answer within ${HOOK_DEADLINE_MS / 1000} s`, TIMEOUT_LOG_MS);
  }
  for (const line of answer.stderr) io.stderr.write(`${line}\n`);
  io.stdout.write(answer.stdout === '' ? failureOutput('the hook produced no answer') : answer.stdout);
  return EXIT.ok;
}

/**
 * The hook's answer, or `'timeout'` once {@link HOOK_DEADLINE_MS} have passed since `started` (ms since the epoch).
 * @param work the decision in progress; its rejection becomes `onError`'s answer, never a throw
 * @param onError the answer for an internal error (an ask, SPEC 4.4)
 */
async function withinDeadline<T>(work: Promise<T>, started: number, onError: (error: unknown) => T): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, started + HOOK_DEADLINE_MS - Date.now()));
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    return onError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `rclass hook --agent NAME`: the same decision core in another agent's
 * terms. Exit 0 with one answer, always, within {@link HOOK_DEADLINE_MS};
 * a broken command line, bad input, an internal error or no time left
 * answers `ask` (for Codex, which cannot ask, a block).
 */
async function agentHookCommand(adapter: AgentAdapter, read: { options: HookOptions } | { error: string }, io: CliIO, started: number): Promise<number> {
  // The decision core (identification, the registry, the classifier) loads only for agent hooks, as its own chunk.
  const { agentFailure, failureReason, handleAgentHook } = await import('../../hook/core/gate.ts');
  noteCodePath(`agent:${adapter.name}`);
  let answered = false;
  const environment = { env: io.env, cwd: io.cwd, cancelled: () => answered };
  const context = new HookContext('error' in read ? { thresholds: {}, egressAllow: [], mappings: [] } : read.options, environment, started);
  const work = (async () => {
    const input: HookInput = await readHookInput(io.stdin, MAX_HOOK_INPUT_BYTES);
    if (!('error' in read) && context.stateUnsafe === undefined) return handleAgentHook(context, adapter, input);
    const parsed = input.ok ? adapter.parse(input.text) : undefined;
    const known =
      parsed === undefined
        ? {}
        : parsed.kind === 'call' || parsed.kind === 'builtin'
          ? { sessionId: parsed.call.sessionId, toolName: parsed.call.toolName }
          : parsed.kind === 'error' || parsed.kind === 'pass'
            ? parsed.sessionId !== undefined
              ? { sessionId: parsed.sessionId }
              : {}
            : {};
    return agentFailure(context, adapter, refusal(read, context), known);
  })();
  let answer = await withinDeadline(work, started, (error) => ({
    stdout: adapter.render('ask', failureReason(`internal error: ${messageOf(error)}`)).stdout,
    stderr: [],
  }));
  answered = true;
  if (answer === 'timeout') {
    work.catch(() => undefined);
    const seen = context.seen ?? {};
    answer = await agentFailure(
      context,
      adapter,
      `no answer within ${HOOK_DEADLINE_MS / 1000} s`,
      { ...(seen.sessionId !== undefined ? { sessionId: seen.sessionId } : {}), ...(seen.toolName !== undefined ? { toolName: seen.toolName } : {}) },
      Date.now() + TIMEOUT_LOG_MS,
    );
  }
  for (const line of answer.stderr) io.stderr.write(`${line}\n`);
  io.stdout.write(answer.stdout === '' ? adapter.render('ask', failureReason('the hook produced no answer')).stdout : answer.stdout);
  return EXIT.ok;
}
