/**
 * Listing one installed release: start it once per run (hints or gates),
 * each through scan's shipped `listTools` (src/scan/list-tools.ts: every
 * page of `tools/list`, shape checks, its own process group killed after)
 * with scan's minimal environment (src/scan/env.ts) plus a scratch `HOME`
 * and `TMPDIR`, so no real credential or config of the machine reaches the
 * server; and merge what the runs listed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ListFailure, listTools } from '../scan/list-tools.ts';
import { namesScratch } from './scratch-names.ts';
import { serverEnvironment } from '../scan/env.ts';
import type { SeenTool } from './compare.ts';
import { type LaunchRun, type Placement, placeValue } from './hints.ts';

/**
 * Opt-outs of background work that outlives a listing: chrome-devtools-mcp
 * otherwise starts a detached update check (its own process group, so
 * killing the server's group misses it) that writes into `HOME` after the
 * scratch folder is gone (as test/registry/support/server-env.ts found).
 */
const QUIET_ENV: Readonly<Record<string, string>> = { CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1', NO_COLOR: '1' };

/** What one run gave. */
export interface RunOutcome {
  label: string;
  /** The switches, values of `env` left out (they may be dummy credentials, but are never printed). */
  shown: string;
  ok: boolean;
  tools: number;
  failure?: ListFailure;
}

/** What every run gave together. */
export interface ListingResult {
  runs: RunOutcome[];
  seen: Map<string, SeenTool>;
  /** The server's own name and version, from the first run that answered. */
  serverInfo?: { name?: string; version?: string };
}

/** How a run is shown: its arguments and the names of its variables. */
function showRun(run: LaunchRun): string {
  const parts = [...run.args, ...Object.keys(run.env).map((name) => `${name}=…`)];
  return parts.length === 0 ? '(no options)' : parts.join(' ');
}

/**
 * Start the bin once per run and merge the tools.
 * @param binPath the script to run with this Node
 * @param userEnv the environment the refresh runs with (PATH and proxy settings are taken from it, nothing else)
 * @param deadline epoch milliseconds after which nothing more starts; each run gets at most `perRunMs` and what is left
 */
export async function listRelease(
  binPath: string,
  runs: readonly LaunchRun[],
  userEnv: Readonly<Record<string, string | undefined>>,
  perRunMs: number,
  deadline: number,
  clientVersion: string,
): Promise<ListingResult> {
  const result: ListingResult = { runs: [], seen: new Map() };
  const definitions = new Map<string, Set<string | null>>();
  for (const run of runs) {
    const left = Math.min(perRunMs, deadline - Date.now());
    if (left <= 1000) {
      result.runs.push({
        label: run.label,
        shown: showRun(run),
        ok: false,
        tools: 0,
        failure: { kind: 'timeout', message: "the server's deadline passed before this run could start" },
      });
      continue;
    }
    const scratch = mkdtempSync(path.join(tmpdir(), 'rclass-refresh-run-'));
    try {
      const home = path.join(scratch, 'home');
      const tmp = path.join(scratch, 'tmp');
      mkdirSync(home);
      mkdirSync(tmp);
      let count = 0;
      const place: Placement = {
        dir() {
          count += 1;
          const dir = path.join(scratch, `dir-${count}`);
          mkdirSync(dir);
          return dir;
        },
        file(name) {
          const file = path.join(scratch, 'files', name);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, run.files?.[name] ?? '', { mode: 0o600 });
          return file;
        },
      };
      const args = run.args.map((arg) => placeValue(arg, place));
      const runEnv = Object.fromEntries(Object.entries(run.env).map(([name, value]) => [name, placeValue(value, place)]));
      const env = serverEnvironment({ ...userEnv, HOME: home }, { TMPDIR: tmp, ...QUIET_ENV, ...runEnv }, false);
      const outcome = await listTools({ command: process.execPath, args: [binPath, ...args], env, cwd: scratch }, left, clientVersion);
      if (!outcome.ok) {
        result.runs.push({ label: run.label, shown: showRun(run), ok: false, tools: 0, failure: outcome.failure });
        continue;
      }
      result.serverInfo ??= outcome.serverInfo;
      result.runs.push({ label: run.label, shown: showRun(run), ok: true, tools: outcome.tools.length });
      for (const tool of outcome.tools) {
        const prints = definitions.get(tool.name) ?? new Set();
        // A definition that names the run's own folders (figma-developer-mcp's image directory is its working folder) differs on
        // every machine, so its fingerprint would mark the tool changed for every user: it gets none, as an unstable one.
        prints.add(namesScratch(tool, scratch) ? null : (tool.fingerprint ?? null));
        definitions.set(tool.name, prints);
        if (!result.seen.has(tool.name))
          result.seen.set(tool.name, { name: tool.name, ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}), unstable: false });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  for (const [name, prints] of definitions) {
    const tool = result.seen.get(name)!;
    const [only] = [...prints];
    if (prints.size === 1 && typeof only === 'string') tool.fingerprint = only;
    else tool.unstable = true;
  }
  return result;
}
