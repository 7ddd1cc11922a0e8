/**
 * `rclass scan` as a function: take what {@link discover} found, settle
 * consent, start each local server that may be started (or, with `--list`,
 * start nothing), classify its tools, and total them. Every failure of one
 * server (it cannot start, hangs, breaks a limit, answers garbage, or rclass
 * itself fails on it) makes that server R4 and the scan incomplete; nothing
 * here throws for one server's sake.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildIdentityIndex, type IdentityIndex, vouchFor } from '../clients/identify/index.ts';
import { CLIENT_NAMES } from '../clients/types.ts';
import { splitCommandLine } from '../clients/words.ts';
import type { Registry } from '../core/registry.ts';
import { emptyCounts } from '../core/registry.ts';
import { codexHookTrust, codexHookTrustNotes } from '../node/clients/codex-hook-trust.ts';
import { homeFrom } from '../node/state-dir.ts';
import { applyToolFilter, classifyLive, classifyRecord, countTools, suggestRecords } from './classify.ts';
import { type ApprovalSources, type ClaudeApprovals, claudeAnswer, readClaudeApprovals } from './consent.ts';
import type { Discovery } from './discover.ts';
import { type DraftTool, buildDraft, writeDraft } from './drafts.ts';
import { serverEnvironment } from './env.ts';
import { ExpandError, expandLaunch } from './expand.ts';
import { type ListOutcome, formatSeconds, listTools } from './list-tools.ts';
import { cacheRefusal, launcherCache, scanCacheRoot } from './launcher-caches.ts';
import { npxInstallDir, npxInstallFinished, npxPackages, removeNpxInstall, scanNpmCache, seedNpmCache, userNpmCache } from './npm-cache.ts';
import type { Ask } from './prompt.ts';
import { argumentSecrets, redact, redactTail, safeName, stripControl } from './redact.ts';
import { killAllServers } from './transport.ts';
import type { ScanReport, ScanTarget, ScanTotals, ServerResult, SkippedServer, ToolResult } from './types.ts';

/** Servers started at once. */
const MAX_PARALLEL = 3;
/** How the scan's npm cache is named in messages (its full path is in the README). */
const SCAN_CACHE_SHOWN = '~/.cache/rclass/npm';

/** Lines of a server's stderr shown with `--show-server-errors`. */
const MAX_SHOWN_STDERR_LINES = 20;

/** Options for {@link runScan}. */
export interface ScanOptions {
  mode: 'full' | 'list';
  registry: Registry;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** `--yes`: consent to start servers from repository configurations. */
  yes: boolean;
  /** Asks on a terminal; undefined when nobody can answer. */
  ask?: Ask;
  /** `--inherit-env`. */
  inheritEnv: boolean;
  /** `--timeout`, in milliseconds, per server. */
  timeoutMs: number;
  /** `--show-server-errors`. */
  showServerErrors: boolean;
  /** `--assume NAME=RECORD`, by server name. */
  assume: ReadonlyMap<string, string>;
  /** `--write-drafts DIR`, absolute. */
  writeDrafts?: string;
  /** The local records among the registry's records: file as shown, by record id (SPEC 5.10). */
  localFiles?: ReadonlyMap<string, string>;
  /** Where Claude Code's approvals are read (for repository configurations). */
  approvals: Omit<ApprovalSources, 'show'>;
  /** The rclass version, sent in `initialize`. */
  clientVersion: string;
  /** Today, `YYYY-MM-DD`, for draft notes. */
  today: string;
  /** Called before a repository file's servers are started or refused, for a message on stderr. */
  onNote?: (message: string) => void;
  /** Called once before servers start and once as each started server finishes, for a progress line on stderr (full mode). */
  onProgress?: (message: string) => void;
}

const identityIndexes = new WeakMap<Registry, IdentityIndex>();

/**
 * Why `--assume NAME=RECORD` may not make an unrecognised target `record`,
 * nor a suggestion name it: the registry knows the entry is not that record
 * (its package run at or past `before`, SPEC 5.3); see `vouchFor`.
 */
function refusesVouching(target: ScanTarget, record: string, registry: Registry): string | undefined {
  if (target.identity.recordId !== undefined) return undefined;
  let index = identityIndexes.get(registry);
  if (index === undefined) {
    index = buildIdentityIndex(registry.document.servers);
    identityIndexes.set(registry, index);
  }
  const identification = {
    status: 'unrecognised' as const,
    reason: target.identity.unrecognised ?? 'it is not identified',
    ...(target.identity.notRecord !== undefined ? { notRecord: target.identity.notRecord } : {}),
  };
  const vouched = vouchFor(target.entry, identification, record, index);
  return 'refuse' in vouched ? vouched.refuse : undefined;
}

/** A target with what was decided about starting it. */
interface Plan {
  target: ScanTarget;
  /** Why it is not started, when it is not (full mode only). */
  notStarted?: string;
  /** The record to classify against, and how it was chosen. */
  recordId?: string;
  identifiedBy?: 'config' | 'mapping' | 'assume';
}

function baseResult(target: ScanTarget): ServerResult {
  return {
    name: safeName(target.name),
    client: target.client,
    config: target.config.shown,
    scope: target.entry.scope,
    transport: target.entry.transport,
    status: 'unlisted',
    tools: [],
    toolCount: null,
    classes: emptyCounts(),
    drift: [],
    suggestions: [],
    incomplete: false,
  };
}

function withRecord(result: ServerResult, plan: Plan, registry: Registry, localFiles?: ReadonlyMap<string, string>): void {
  if (plan.recordId === undefined) {
    if (plan.target.identity.unrecognised !== undefined) result.unrecognised = plan.target.identity.unrecognised;
    return;
  }
  const record = registry.server(plan.recordId)?.record;
  result.record = plan.recordId;
  if (record !== undefined) {
    result.recordName = record.name;
    result.recordStatus = record.provenance.status;
    if (record.provenance.documentation !== undefined) result.recordBasis = 'documentation';
  }
  const local = localFiles?.get(plan.recordId);
  if (local !== undefined) result.localRecord = local;
  if (plan.identifiedBy !== undefined) result.identifiedBy = plan.identifiedBy;
  if (plan.identifiedBy === 'mapping' && plan.target.identity.mapping !== undefined) result.mapping = plan.target.identity.mapping;
  if (plan.identifiedBy === 'assume') result.subject = `--assume ${plan.target.name}=${plan.recordId}`;
  else if (plan.target.identity.subject !== undefined) result.subject = plan.target.identity.subject;
  if (plan.target.identity.gatedBy !== undefined) result.gatedBy = plan.target.identity.gatedBy;
}

/** The words to start: `command` split when it holds a whole command line (SPEC 6.1), as identification reads it. */
function launchWords(command: string, args: readonly string[]): string[] | undefined {
  if (!/\s/.test(command.trim()) || (path.isAbsolute(command) && existsSync(command))) return [command, ...args];
  const split = splitCommandLine(command.trim());
  return 'words' in split ? [...split.words, ...args] : undefined;
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** One server's result, with the drifted tools as listed (for drafts). */
interface Scanned {
  result: ServerResult;
  driftTools: DraftTool[];
}

async function scanServer(plan: Plan, options: ScanOptions): Promise<Scanned> {
  const { target } = plan;
  const result = baseResult(target);
  withRecord(result, plan, options.registry, options.localFiles);
  const indexed = plan.recordId === undefined ? undefined : options.registry.server(plan.recordId);
  const fail = (status: 'failed' | 'not-started' | 'invalid', reason: string): Scanned => {
    result.status = status;
    result.reason = reason;
    result.incomplete = true;
    return { result, driftTools: [] };
  };

  if (target.identity.invalid)
    return fail('invalid', `its entry is invalid for ${CLIENT_NAMES[target.client]}: ${target.identity.unrecognised ?? 'see the configuration'}`);

  // Nothing is started: --list, or a remote entry (never connected to).
  if (options.mode === 'list' || target.entry.transport !== 'stdio') {
    if (indexed === undefined) return { result, driftTools: [] };
    result.status = 'registry';
    result.tools = filtered(result, classifyRecord(indexed), target);
    result.toolCount = result.tools.length;
    result.classes = countTools(result.tools);
    return { result, driftTools: [] };
  }
  if (plan.notStarted !== undefined) return fail('not-started', plan.notStarted);

  // A project's configuration runs its servers in the project folder, as its client does; a user-level one in rclass's working folder;
  // an entry's own `cwd` (Codex, Gemini CLI, Continue) wins, relative to that folder.
  const baseDir = target.entry.projectDir ?? options.cwd;
  const cwd = target.entry.cwd !== undefined ? path.resolve(baseDir, target.entry.cwd) : baseDir;
  if (target.entry.projectDir !== undefined && !isFolder(target.entry.projectDir))
    return fail('not-started', 'its project folder, where its client would start it, does not exist');
  if (target.entry.cwd !== undefined && !isFolder(cwd))
    return fail('not-started', 'the folder its `cwd` names, where its client would start it, does not exist');

  let outcome: ListOutcome;
  // Redacted from what the server writes: the config's env and header values as written, and what the server was given after expansion.
  const secrets = [...target.secrets, ...argumentSecrets(target.entry.args ?? [])];
  try {
    const home = homeFrom(options.env);
    const written = target.entry.args ?? [];
    const expanded = expandLaunch(
      { command: target.entry.command ?? '', args: written, env: target.env },
      { client: target.client, env: options.env, workspace: target.entry.projectDir ?? options.cwd, ...(home !== undefined ? { home } : {}) },
    );
    // Variables the client copies from its own environment (Codex `env_vars`, Goose `env_keys`), taken from rclass's.
    for (const key of target.entry.inheritedEnvKeys ?? []) {
      const value = options.env[key];
      if (value !== undefined && expanded.env[key] === undefined) expanded.env[key] = value;
    }
    secrets.push(...Object.values(expanded.env), ...argumentSecrets(expanded.args), ...expanded.args.filter((arg, i) => arg !== written[i]));
    const words = launchWords(expanded.command, expanded.args);
    if (words === undefined || words[0] === undefined || words[0] === '')
      return fail('not-started', 'its command line cannot be split into words the same way by every shell');
    const env = serverEnvironment(options.env, expanded.env, options.inheritEnv);
    // npx and npm exec install into rclass's own cache, so a deadline kill mid-install cannot break the user's clients (npm-cache.ts).
    const packages = npxPackages(words);
    const cache =
      packages === undefined || Object.keys(expanded.env).some((key) => key.toLowerCase() === 'npm_config_cache') ? undefined : scanNpmCache(options.env);
    const installDir = cache !== undefined && packages !== undefined ? npxInstallDir(cache, packages) : undefined;
    if (cache !== undefined) {
      env.npm_config_cache = cache;
      seedNpmCache(cache, userNpmCache(options.env));
    }
    // pnpm dlx, bunx and yarn dlx get caches of rclass's own too (launcher-caches.ts).
    const root = scanCacheRoot(options.env);
    const refusal = cacheRefusal(words, root);
    if (refusal !== undefined) return fail('not-started', refusal);
    Object.assign(env, launcherCache(words, expanded.env, root)?.env ?? {});
    const installedBefore = installDir !== undefined && npxInstallFinished(installDir);
    outcome = await listTools({ command: words[0], args: words.slice(1), env, cwd }, options.timeoutMs, options.clientVersion);
    if (!outcome.ok && cache !== undefined && installDir !== undefined) {
      if (!npxInstallFinished(installDir) || outcome.failure.kind === 'timeout') removeNpxInstall(cache, installDir);
      if (outcome.failure.kind === 'timeout' && !installedBefore) {
        outcome.failure.message += `; it was probably still downloading its package on first use (rclass installs into its own cache, ${SCAN_CACHE_SHOWN}), so rerun with a longer \`--timeout\`, e.g. \`--timeout ${Math.max(120, Math.ceil((options.timeoutMs * 4) / 1000))}\``;
      }
    }
  } catch (error) {
    if (error instanceof ExpandError) return fail('not-started', `it cannot be started as its client would: ${error.message}`);
    return fail('failed', `rclass failed while scanning it (${error instanceof Error ? error.name : 'error'}), so it counts as R4`);
  }

  if (options.showServerErrors) {
    const parts = [
      outcome.ok ? '' : redact(stripControl(outcome.failure.detail ?? ''), secrets),
      redactTail(stripControl(outcome.stderr), secrets, outcome.stderrCut),
    ].filter((part) => part.trim() !== '');
    if (parts.length > 0) {
      const lines = parts
        .join('\n')
        .split('\n')
        .filter((line) => line.trim() !== '');
      result.serverErrors = lines.slice(-MAX_SHOWN_STDERR_LINES).join('\n');
    }
  }
  if (!outcome.ok) return fail('failed', outcome.failure.message);

  result.status = 'scanned';
  if (outcome.serverInfo !== undefined) {
    const info: { name?: string; version?: string } = {};
    if (typeof outcome.serverInfo.name === 'string') info.name = safeName(outcome.serverInfo.name, secrets).slice(0, 80);
    if (typeof outcome.serverInfo.version === 'string') info.version = safeName(outcome.serverInfo.version, secrets).slice(0, 40);
    result.serverInfo = info;
  }
  const { tools, drift, changed } = classifyLive(outcome.tools, indexed);
  result.tools = filtered(result, tools, target);
  // A drifted or changed tool the client filters out is not reachable either.
  result.drift = drift.filter((name) => result.tools.some((tool) => tool.name === name));
  result.changed = changed.filter((name) => result.tools.some((tool) => tool.name === name));
  result.toolCount = tools.length;
  result.classes = countTools(tools);
  // Never suggest a record the registry says the entry does not run (its package past `before`, SPEC 5.3).
  if (indexed === undefined)
    result.suggestions = suggestRecords(outcome.tools, options.registry).filter(
      (suggestion) => refusesVouching(target, suggestion.record, options.registry) === undefined,
    );
  return { result, driftTools: outcome.tools.filter((tool) => drift.includes(tool.name)) };
}

/** The tools the client's filter lets through; what it hides is noted on the result (SPEC 6: not reachable, not counted). */
function filtered(result: ServerResult, tools: ToolResult[], target: ScanTarget): ToolResult[] {
  const { kept, filteredOut } = applyToolFilter(tools, target.entry.toolFilter);
  if (target.entry.toolFilter !== undefined && filteredOut.length > 0) result.filteredOut = { tools: filteredOut, by: target.entry.toolFilter.keys };
  return kept;
}

/** Run tasks with at most `limit` at once, keeping their order. */
async function pool<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Kill every server group if rclass is interrupted mid-scan, then let the signal end it. */
function guardSignals(): () => void {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const handler = (signal: NodeJS.Signals) => {
    killAllServers();
    for (const s of signals) process.removeListener(s, handler);
    process.kill(process.pid, signal);
  };
  for (const signal of signals) process.on(signal, handler);
  return () => {
    for (const signal of signals) process.removeListener(signal, handler);
  };
}

/** Decide which targets may be started, and which record each is classified against. */
async function plan(
  discovery: Discovery,
  options: ScanOptions,
  show: (file: string) => string,
): Promise<{ plans: Plan[]; skipped: SkippedServer[]; notes: string[] }> {
  const notes: string[] = [];
  const skipped: SkippedServer[] = [];
  const plans: Plan[] = [];
  const approvalsByProject = new Map<string, ClaudeApprovals>();
  const askedFiles = new Map<string, boolean>();

  for (const target of discovery.targets) {
    const item: Plan = { target };
    if (target.identity.recordId !== undefined) {
      item.recordId = target.identity.recordId;
      item.identifiedBy = target.identity.mapping !== undefined ? 'mapping' : 'config';
    }
    const assumed = options.assume.get(target.name);
    if (assumed !== undefined) {
      const refused = refusesVouching(target, assumed, options.registry);
      if (options.mode === 'list' || target.entry.transport !== 'stdio')
        notes.push(`\`--assume ${target.name}=${assumed}\` was not applied: it applies only to a server rclass scan starts itself`);
      else if (target.identity.invalid) notes.push(`\`--assume ${target.name}=${assumed}\` was not applied: the entry is invalid`);
      else if (refused !== undefined) notes.push(`\`--assume ${target.name}=${assumed}\` was not applied: ${refused}`);
      else if (target.identity.recordId !== undefined && target.identity.recordId !== assumed)
        notes.push(`\`--assume ${target.name}=${assumed}\` was not applied: the entry runs record \`${target.identity.recordId}\``);
      else if (target.identity.recordId === undefined) {
        item.recordId = assumed;
        item.identifiedBy = 'assume';
      }
    }

    // Claude Code's own rejections and approvals of a project's .mcp.json servers.
    let approved: string | undefined;
    if (target.repository && target.client === 'claude-code' && target.entry.projectDir !== undefined) {
      let approvals = approvalsByProject.get(target.entry.projectDir);
      if (approvals === undefined) {
        approvals = await readClaudeApprovals(target.entry.projectDir, { ...options.approvals, show });
        approvalsByProject.set(target.entry.projectDir, approvals);
        for (const where of approvals.ignored)
          notes.push(`approvals of .mcp.json servers in \`${where}\` were not taken as consent: a repository can ship that file`);
        for (const problem of approvals.problems) notes.push(problem);
      }
      const answer = claudeAnswer(target.name, approvals);
      if (answer !== undefined && !answer.start && answer.rejected) {
        skipped.push({ name: target.name, config: target.config.shown, why: `it is rejected in Claude Code (disabledMcpjsonServers in \`${answer.where}\`)` });
        continue;
      }
      if (answer?.start) approved = answer.where ?? 'Claude Code';
    }

    if (
      options.mode === 'full' &&
      target.repository &&
      target.entry.transport === 'stdio' &&
      !target.identity.invalid &&
      !options.yes &&
      approved === undefined
    ) {
      const file = target.config.file;
      let consent = askedFiles.get(file);
      if (consent === undefined && options.ask !== undefined) {
        const names = discovery.targets
          .filter((other) => other.config.file === file && other.repository && other.entry.transport === 'stdio')
          .map((other) => `\`${safeName(other.name)}\``);
        consent = await options.ask(
          `${target.config.shown} is not one of your clients' own user-level configuration files (a repository can write it), and starting its servers runs the commands it names (${names.join(', ')}). Start them?`,
        );
        askedFiles.set(file, consent);
      }
      if (consent !== true) {
        item.notStarted =
          consent === false
            ? "its configuration is not one of your clients' own user-level files (a repository can write it), and you declined to start it"
            : "its configuration is not one of your clients' own user-level files (a repository can write it); rerun with `--yes` (or on a terminal, to be asked) to start it";
      }
    }
    plans.push(item);
  }
  return { plans, skipped, notes };
}

/** Totals over every server. */
function totalsOf(servers: readonly ServerResult[]): ScanTotals {
  const totals: ScanTotals = { servers: 0, tools: 0, classes: emptyCounts(), actAlone: 0, needHuman: 0, unknownServers: 0 };
  for (const server of servers) {
    if (server.toolCount === null) {
      totals.unknownServers += 1;
      continue;
    }
    totals.servers += 1;
    totals.tools += server.toolCount;
    for (const cls of ['R0', 'R1', 'R2', 'R3', 'R4'] as const) totals.classes[cls] += server.classes[cls];
  }
  totals.actAlone = totals.classes.R0 + totals.classes.R1;
  totals.needHuman = totals.tools - totals.actAlone;
  return totals;
}

/**
 * Scan what discovery found.
 * @param show how a file path is shown to the user
 * @returns the report; never throws for one server's sake (a draft folder that cannot be written is reported in `notes` and makes the scan incomplete)
 */
export async function runScan(discovery: Discovery, options: ScanOptions, show: (file: string) => string): Promise<ScanReport> {
  const { plans, skipped, notes } = await plan(discovery, options, show);
  // The rclass hook in Codex's hooks.json runs only once trusted there (review turn 3, F9).
  notes.push(...codexHookTrustNotes(await codexHookTrust(options.env)));
  const release = options.mode === 'full' ? guardSignals() : () => undefined;
  let scanned: Scanned[];
  try {
    const starting =
      options.mode === 'full'
        ? plans.filter((item) => item.target.entry.transport === 'stdio' && item.notStarted === undefined && !item.target.identity.invalid).length
        : 0;
    let finished = 0;
    if (starting > 0)
      options.onProgress?.(
        `rclass: starting ${starting} server${starting === 1 ? '' : 's'}, ${Math.min(MAX_PARALLEL, starting)} at a time, each with ${formatSeconds(options.timeoutMs)} to list its tools (\`--timeout\`)`,
      );
    scanned = await pool(plans, MAX_PARALLEL, async (item) => {
      try {
        const done = await scanServer(item, options);
        if (starting > 0 && (done.result.status === 'scanned' || done.result.status === 'failed')) {
          finished += 1;
          const what =
            done.result.status === 'scanned'
              ? `${done.result.toolCount ?? 0} tool${done.result.toolCount === 1 ? '' : 's'}`
              : `not scanned: ${done.result.reason ?? 'it failed'}`;
          options.onProgress?.(`rclass: [${finished}/${starting}] ${done.result.name}: ${what}`);
        }
        return done;
      } catch (error) {
        const result = baseResult(item.target);
        withRecord(result, item, options.registry, options.localFiles);
        result.status = 'failed';
        result.reason = `rclass failed while scanning it (${error instanceof Error ? error.name : 'error'}), so it counts as R4`;
        result.incomplete = true;
        return { result, driftTools: [] };
      }
    });
  } finally {
    release();
  }
  const servers = scanned.map((item) => item.result);

  const report: ScanReport = {
    mode: options.mode,
    configs: discovery.configs,
    servers,
    skipped: [...discovery.skipped, ...skipped],
    totals: totalsOf(servers),
    complete: true,
    drafts: [],
    notes,
    searched: discovery.searched,
  };

  if (options.writeDrafts !== undefined) {
    const byRecord = new Map<string, { tools: Map<string, DraftTool>; seenOn: Set<string> }>();
    for (const { result: server, driftTools: live } of scanned) {
      if (server.record === undefined || live.length === 0) continue;
      const entry = byRecord.get(server.record) ?? { tools: new Map(), seenOn: new Set() };
      for (const tool of live) if (!entry.tools.has(tool.name)) entry.tools.set(tool.name, tool);
      entry.seenOn.add(
        server.serverInfo?.name !== undefined
          ? `${server.serverInfo.name}${server.serverInfo.version !== undefined ? ` ${server.serverInfo.version}` : ''}`
          : `the server \`${server.name}\``,
      );
      byRecord.set(server.record, entry);
    }
    for (const [recordId, { tools, seenOn }] of [...byRecord].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const record = options.registry.server(recordId)?.record;
      if (record === undefined) continue;
      const draft = buildDraft(record, [...tools.values()], [...seenOn].join(', '), options.today);
      if (draft.leftOut > 0)
        notes.push(
          `${draft.leftOut} drifted tool name${draft.leftOut === 1 ? '' : 's'} of \`${recordId}\` cannot be written in a record (the schema allows letters, digits and \`_.-/\`) and ${draft.leftOut === 1 ? 'was' : 'were'} left out of its draft`,
        );
      if (draft.added.length === 0) continue;
      try {
        const written = await writeDraft(options.writeDrafts, draft);
        if (written === undefined)
          notes.push(
            `a draft for \`${recordId}\` was not written: \`${show(path.join(options.writeDrafts, `${recordId}.yaml`))}\` already exists and was not overwritten`,
          );
        else report.drafts.push(show(written));
      } catch (error) {
        notes.push(
          `cannot write the draft for \`${recordId}\`: ${(error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : 'error')}`,
        );
        report.complete = false;
      }
    }
  }
  servers.forEach((server, i) => {
    const secrets = plans[i]!.target.secrets;
    server.tools = server.tools.map((tool) => ({ ...tool, name: safeName(tool.name, secrets) }));
    server.drift = server.drift.map((name) => safeName(name, secrets));
    if (server.changed !== undefined) server.changed = server.changed.map((name) => safeName(name, secrets));
    if (server.filteredOut !== undefined)
      server.filteredOut = { ...server.filteredOut, tools: server.filteredOut.tools.map((name) => safeName(name, secrets)) };
  });
  if (servers.some((server) => server.incomplete) || discovery.configs.some((config) => config.problem !== undefined)) report.complete = false;
  return report;
}

/** The clients whose names appear in reports. */
export { CLIENT_NAMES };
