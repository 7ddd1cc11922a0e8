/**
 * `npm run refresh`: for every record, find the newest release; where it is
 * newer than the pinned one, install it (npm), start it once per run its
 * launch hints or gates call for, list every tool, and compare with the
 * record: new tools, removed tools, definitions changed (SPEC 5.2.1).
 * New tools get a draft beside the record (registry/drafts/, written by
 * scan's draft code). Each server has a hard deadline for everything, and
 * a progress line on stderr.
 *
 * With `mode: 'pinned'` it lists the pinned release instead, for the
 * fingerprints of the record's tools (`npm run refresh -- --fingerprints`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Octokit } from 'octokit';
import semver from 'semver';
import { messageOf } from '../core/errors.ts';
import type { ServerRecord } from '../core/record.ts';
import { safeText } from '../core/safe-text.ts';
import { buildDraft, writeDraft } from '../scan/drafts.ts';
import { compareWithRecord, hasDrift } from './compare.ts';
import { gatesToTurnOn, readGate } from './gates.ts';
import { type LaunchHints, type LaunchRun, readLaunchHints } from './hints.ts';
import { goBuildOf } from './go-build.ts';
import { installPackage } from './install.ts';
import { type Latest, type NpmOptions, githubLatest, npmLatest, releaseTagPrefix, tagVersion } from './latest.ts';
import { listRelease } from './listing.ts';
import { pinnedVersion } from './pinned.ts';
import type { RefreshReport, ServerRefresh } from './types.ts';

/** Options of one refresh. */
export interface RefreshOptions {
  records: readonly ServerRecord[];
  mode: 'latest' | 'pinned';
  /** Which ways of finding releases to use: npm packages, GitHub for records without one. */
  sources: ReadonlySet<'npm' | 'github'>;
  /** Where launch hints live (the live fixtures), and how that folder is shown. */
  hintsDir: string;
  hintsShown: string;
  npm: NpmOptions;
  /** A GitHub client, made on first use. */
  github: () => Octokit;
  /** The environment the refresh runs with: npm gets it; servers get scan's minimal subset of it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Hard deadline for one server: lookup, install and every run, in milliseconds. */
  serverDeadlineMs: number;
  /** Most one run may take, in milliseconds. */
  runMs: number;
  /** `YYYY-MM-DD`. */
  today: string;
  /** Where drafts go (absolute); none written when undefined. */
  draftsDir?: string;
  /** How a drafts path is shown (relative to the repository). */
  showPath: (file: string) => string;
  progress: (line: string) => void;
  clientVersion: string;
}

function empty(record: ServerRecord, source: ServerRefresh['source'], subject: string): ServerRefresh {
  return {
    id: record.id,
    source,
    subject,
    status: 'skipped',
    runs: [],
    gatesNotTurnedOn: [],
    added: [],
    removed: [],
    notSeen: [],
    changed: [],
    compared: 0,
    fingerprints: {},
    unstable: [],
    notes: [],
    seconds: 0,
  };
}

/** The runs for a record without launch hints: defaults, then every readable gate to turn on, together. */
function gateRuns(record: ServerRecord, result: ServerRefresh): { runs: LaunchRun[]; readable: Map<string, LaunchRun> } {
  const readable = new Map<string, LaunchRun>();
  const together: LaunchRun = { args: [], env: {}, label: 'every readable gate on' };
  for (const gate of gatesToTurnOn(record.gates)) {
    const reading = readGate(gate);
    if ('unreadable' in reading) {
      result.gatesNotTurnedOn.push(gate.id);
      continue;
    }
    const run: LaunchRun =
      reading.switch.kind === 'arg'
        ? { args: [reading.switch.arg], env: {}, label: `gate ${gate.id}` }
        : { args: [], env: { [reading.switch.name]: reading.switch.value }, label: `gate ${gate.id}` };
    readable.set(gate.id, run);
    together.args.push(...run.args);
    Object.assign(together.env, run.env);
  }
  const runs: LaunchRun[] = [{ args: [], env: {}, label: 'defaults' }];
  if (readable.size > 0) runs.push(together);
  return { runs, readable };
}

/**
 * Gates that expose tools, are off by default, and that none of the launch
 * hints' runs turns on: their description names no switch (a client
 * capability, a plan), or no run passes the flag or variable it names.
 */
function gatesNoRunSets(record: ServerRecord, runs: readonly LaunchRun[]): string[] {
  return gatesToTurnOn(record.gates)
    .filter((gate) => {
      const reading = readGate(gate);
      if ('unreadable' in reading) return true;
      if (reading.switch.kind === 'env') {
        const name = reading.switch.name;
        return !runs.some((run) => run.env[name] !== undefined);
      }
      const flag = reading.switch.arg.split('=')[0]!;
      return !runs.some((run) => run.args.some((arg) => arg === flag || arg.startsWith(`${flag}=`)));
    })
    .map((gate) => gate.id);
}

async function listNpm(
  record: ServerRecord,
  pkg: string,
  version: string,
  hints: LaunchHints | undefined,
  result: ServerRefresh,
  options: RefreshOptions,
  deadline: number,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-refresh-'));
  try {
    const npmEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) npmEnv[key] = value;
    const installed = await installPackage(pkg, version, dir, npmEnv, hints?.bin, Math.max(1000, deadline - Date.now()));
    if (!installed.ok) {
      result.status = 'incomplete';
      result.reason = installed.message;
      return;
    }
    result.listedVersion = installed.installed.version;
    const built = goBuildOf(dir, pkg);
    if (built !== undefined)
      result.notes.push(
        `${installed.installed.version} is a Go binary built from commit ${built.revision}${built.time !== undefined ? ` (${built.time})` : ''}${built.modified ? ' with uncommitted changes' : ''}, by the Go build information in ${built.file}: the commit to read when folding this release`,
      );
    let runs: LaunchRun[];
    let readable = new Map<string, LaunchRun>();
    if (hints !== undefined) {
      runs = hints.runs;
      result.launch = hints.file;
      result.gatesNotTurnedOn.push(...gatesNoRunSets(record, runs));
    } else {
      ({ runs, readable } = gateRuns(record, result));
      result.launch = 'gates';
    }
    const listing = await listRelease(installed.installed.binPath, runs, options.env, options.runMs, deadline, options.clientVersion);
    // Gates whose tools the combined run did not show (another gate hides them): each alone.
    const extra: LaunchRun[] = [];
    for (const [id, run] of readable) {
      const hidden = record.tools.some((tool) => tool.gated_by?.includes(id) && !listing.seen.has(tool.name));
      if (hidden) extra.push(run);
    }
    if (extra.length > 0) {
      const more = await listRelease(installed.installed.binPath, extra, options.env, options.runMs, deadline, options.clientVersion);
      listing.runs.push(...more.runs);
      for (const [name, tool] of more.seen) {
        const had = listing.seen.get(name);
        if (had === undefined) listing.seen.set(name, tool);
        else if (had.fingerprint !== tool.fingerprint) {
          had.unstable = true;
          delete had.fingerprint;
        }
      }
    }
    result.runs = listing.runs;
    const failed = listing.runs.filter((run) => !run.ok);
    const comparison = compareWithRecord(record, listing.seen, new Set(result.gatesNotTurnedOn));
    result.added = comparison.added;
    result.changed = comparison.changed;
    result.compared = comparison.compared;
    result.notSeen = comparison.notSeen;
    for (const tool of listing.seen.values()) {
      if (tool.unstable) result.unstable.push(tool.name);
      else if (tool.fingerprint !== undefined && record.tools.some((known) => known.name === tool.name)) result.fingerprints[tool.name] = tool.fingerprint;
    }
    result.unstable.sort();
    if (failed.length > 0) {
      // What did not run cannot show a tool missing: removed tools are not claimed.
      result.status = 'incomplete';
      result.reason = `${failed.length} of ${listing.runs.length} run${listing.runs.length === 1 ? '' : 's'} failed: ${failed.map((run) => `${run.label}: ${run.failure?.message ?? 'failed'}`).join('; ')}`;
      return;
    }
    result.removed = comparison.removed;
    result.status = hasDrift(comparison) ? 'drift' : options.mode === 'latest' ? 'newer-same-tools' : 'current';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function refreshNpm(record: ServerRecord, pkg: string, options: RefreshOptions, deadline: number): Promise<ServerRefresh> {
  const result = empty(record, 'npm', pkg);
  let hints: LaunchHints | undefined;
  try {
    hints = readLaunchHints(options.hintsDir, options.hintsShown, record.id);
  } catch (error) {
    result.notes.push(messageOf(error));
  }
  if (hints !== undefined && hints.package !== pkg) {
    result.notes.push(`${hints.file} starts ${hints.package}, not ${pkg}; its runs are not used`);
    hints = undefined;
  }
  const pinned = pinnedVersion(record, pkg, hints?.version);
  if (pinned !== undefined) result.pinned = pinned;
  if (options.mode === 'pinned') {
    if (pinned === undefined) {
      result.status = 'incomplete';
      result.reason = 'the record names no release to list (no min_version, no version in provenance.release, no live fixture)';
      return result;
    }
    await listNpm(record, pkg, pinned.version, hints, result, options, deadline);
    return result;
  }
  const before = record.server.packages?.find((candidate) => candidate.registry === 'npm' && candidate.name === pkg)?.before;
  const latest = await npmLatest(pkg, options.npm, before);
  if (!latest.ok) {
    result.status = 'incomplete';
    result.reason = latest.message;
    return result;
  }
  result.latest = { version: latest.version };
  if (latest.beyond !== undefined)
    result.notes.push(
      `npm's latest is ${latest.beyond}, but from ${before} the package runs another server, which this record does not describe (server.packages[].before); compared with ${latest.version}, the newest release before it`,
    );
  if (pinned !== undefined && semver.lte(latest.version, pinned.version)) {
    result.status = 'current';
    return result;
  }
  if (pinned === undefined) result.notes.push('the record names no pinned release, so the newest one was listed and compared');
  await listNpm(record, pkg, latest.version, hints, result, options, deadline);
  return result;
}

async function refreshGitHub(record: ServerRecord, repository: string, options: RefreshOptions): Promise<ServerRefresh> {
  const result = empty(record, 'github', repository);
  if (options.mode === 'pinned') {
    result.status = 'skipped';
    result.reason = 'no npm package: nothing to install and list here';
    return result;
  }
  const prefix = releaseTagPrefix(record.provenance.release);
  const pinnedTag = prefix === undefined ? undefined : /\btag\s+`?([^\s`),;]+)/.exec(record.provenance.release ?? '')?.[1];
  const pinnedFromTag = pinnedTag === undefined || prefix === undefined ? undefined : tagVersion(pinnedTag, prefix);
  const min = record.server.min_version === undefined ? undefined : (semver.coerce(record.server.min_version)?.version ?? undefined);
  const pinned = pinnedFromTag ?? min;
  if (pinned === undefined) {
    result.status = 'incomplete';
    result.reason = 'the record names no pinned release (no min_version, no tag in provenance.release), so a newer one cannot be told';
    return result;
  }
  result.pinned = {
    version: pinned,
    from: pinnedFromTag !== undefined ? 'release tag' : 'min_version',
    ...(pinnedTag !== undefined ? { tag: pinnedTag } : {}),
  };
  let latest: Latest;
  try {
    latest = await githubLatest(options.github(), repository, pinnedFromTag !== undefined ? prefix : undefined);
  } catch (error) {
    latest = { ok: false, message: `GitHub could not be asked (${messageOf(error)})` };
  }
  if (!latest.ok) {
    result.status = 'incomplete';
    result.reason = latest.message;
    return result;
  }
  result.latest = { version: latest.version, ...(latest.tag !== undefined ? { tag: latest.tag } : {}) };
  if (semver.lte(latest.version, pinned)) {
    result.status = 'current';
    return result;
  }
  result.status = 'behind';
  result.reason = `${latest.tag ?? latest.version} is newer than the pinned ${pinnedTag ?? pinned}; with no npm package its tools cannot be listed here, so read its source`;
  return result;
}

function progressLine(index: number, total: number, server: ServerRefresh): string {
  const head = `[${index}/${total}] ${server.id} (${server.source} ${server.subject})`;
  const versions = server.latest === undefined ? '' : ` ${server.pinned?.version ?? '?'} → ${server.latest.version}`;
  const listed = server.listedVersion === undefined ? '' : ` listed ${server.listedVersion}:`;
  const found =
    server.status === 'drift' || server.status === 'incomplete'
      ? ` ${server.added.length} new, ${server.removed.length} removed, ${server.changed.length} changed`
      : '';
  const why = server.reason === undefined ? '' : ` (${server.reason})`;
  return safeText(`${head}${versions}:${listed} ${server.status}${found}${why} [${server.seconds} s]`);
}

/**
 * Refresh every record.
 * @returns the report; never throws for one server's trouble (it becomes `incomplete`)
 */
export async function refresh(options: RefreshOptions): Promise<RefreshReport> {
  const servers: ServerRefresh[] = [];
  const records = [...options.records].sort((a, b) => (a.id < b.id ? -1 : 1));
  let index = 0;
  for (const record of records) {
    index += 1;
    const started = Date.now();
    const deadline = started + options.serverDeadlineMs;
    const pkg = record.server.packages?.find((candidate) => candidate.registry === 'npm')?.name;
    const documentation = record.provenance.documentation;
    const repository = record.server.repository ?? '';
    let result: ServerRefresh;
    try {
      if (documentation !== undefined)
        result = {
          ...empty(record, 'documentation', documentation.pages[0] ?? ''),
          reason: "the evidence is the vendor's documentation, which has no release to list: read its pages again",
        };
      else if (pkg !== undefined)
        result = options.sources.has('npm')
          ? await refreshNpm(record, pkg, options, deadline)
          : { ...empty(record, 'npm', pkg), reason: 'npm not asked (--source)' };
      else
        result = options.sources.has('github')
          ? await refreshGitHub(record, repository, options)
          : { ...empty(record, 'github', repository), reason: 'no npm package, and GitHub not asked (--source)' };
    } catch (error) {
      result = {
        ...empty(record, pkg !== undefined ? 'npm' : 'github', pkg ?? repository),
        status: 'incomplete',
        reason: `internal error: ${messageOf(error)}`,
      };
    }
    if (Date.now() > deadline && result.status !== 'incomplete' && result.runs.length > 0 && result.runs.some((run) => !run.ok)) result.status = 'incomplete';
    if (options.mode === 'latest' && options.draftsDir !== undefined && result.added.length > 0) {
      const draft = buildDraft(record, result.added, `${result.subject} ${result.listedVersion ?? '?'}`, options.today, 'npm run refresh');
      try {
        const written = await writeDraft(options.draftsDir, draft);
        if (written === undefined) result.notes.push(`a draft for \`${record.id}\` was not written: one is already there`);
        else result.draft = options.showPath(written);
        if (draft.leftOut > 0) result.notes.push(`${draft.leftOut} new tool name(s) cannot be written in a record and were left out of the draft`);
      } catch (error) {
        result.notes.push(`the draft could not be written: ${messageOf(error)}`);
      }
    }
    result.seconds = Math.round((Date.now() - started) / 1000);
    servers.push(result);
    options.progress(progressLine(index, records.length, result));
  }
  const exitCode = servers.some((server) => server.status === 'incomplete')
    ? 3
    : servers.some((server) => server.status === 'drift' || server.status === 'behind')
      ? 1
      : 0;
  return { mode: options.mode, date: options.today, servers, exitCode };
}
