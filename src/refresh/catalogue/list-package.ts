/**
 * Listing one catalogue package (issue 25 item 4): read its newest release
 * from the registry (a manifest with no bin is reported without installing,
 * and so is a release that failed the last run at the same version), install
 * that release with refresh's installer (no install scripts, own process
 * group, hard deadline), start its bin once with scan's minimal environment
 * plus a scratch `HOME` and `TMPDIR` and no options or credentials (once more
 * with placeholders when its own error text names what it lacks), read every
 * page of `tools/list` through scan's `listTools`, and keep each tool's
 * definition as sent. Never throws: what went wrong is the outcome.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messageOf } from '../../core/errors.ts';
import { listTools } from '../../scan/list-tools.ts';
import { serverEnvironment } from '../../scan/env.ts';
import { installPackage, resolveBin } from '../install.ts';
import type { NpmOptions } from '../latest.ts';
import { type MissingSettings, missingSettings, placeholderEnvironment } from '../../records/catalogue/placeholders.ts';
import { startHint } from '../../records/catalogue/start-hint.ts';
import { keepsKnownFailure } from './known.ts';
import { npmLatestManifest } from './manifest.ts';
import type { CatalogueCandidate } from './select.ts';
import type { CatalogueFailure, CatalogueListing } from '../../records/catalogue/types.ts';

/** How one package is listed. */
interface ListPackageOptions {
  /** The environment npm and the server start from (PATH, proxy and registry settings; the server gets only scan's minimal set). */
  env: Readonly<Record<string, string | undefined>>;
  installMs: number;
  listMs: number;
  clientVersion: string;
  /** YYYY-MM-DD for `listed`. */
  today: string;
  /** Where the newest release's manifest is read before installing (the registry npm installs from). */
  npm: NpmOptions;
  /** The last report's failure of this package: kept as it is, nothing installed, when {@link keepsKnownFailure} says trying again would meet the same failure. */
  known?: CatalogueFailure;
  /** npm answers from its cache without asking the registry again when it holds the package document (`npm_config_prefer_offline`). */
  preferOffline: boolean;
}

/** One package's attempt: its outcome, where the time went and, for the run's log only, what a failed start wrote. */
export interface CatalogueAttempt {
  outcome: CatalogueListing | CatalogueFailure;
  /** Wall-clock milliseconds reading the registry's manifest, in `npm install`, and starting and listing (every start). */
  ms: { lookup: number; install: number; start: number };
  /** `known`: the last failure at the same version was kept; `no-bin`: the manifest names no bin. Nothing was installed. */
  skipped?: 'known' | 'no-bin';
  /** The tail of the server's (or npm's) stderr when it could not be listed: for the run's log, never a committed file (it may name this machine's paths). */
  stderr?: string;
}

/** Opt-outs of background work that outlives a listing, as refresh's listing sets them (src/refresh/listing.ts). */
const QUIET_ENV: Readonly<Record<string, string>> = { CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1', NO_COLOR: '1' };

/**
 * The bin to start when a package has several: the one named like the package (its name without the scope),
 * else the only one whose name says `mcp`.
 * @returns the bin's name, or undefined when none can be told apart
 */
function chooseBin(manifestPath: string, name: string): string | undefined {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: unknown };
  if (manifest.bin === null || typeof manifest.bin !== 'object') return undefined;
  const names = Object.keys(manifest.bin as Record<string, unknown>);
  const bare = name.replace(/^@[^/]+\//, '');
  if (names.includes(bare)) return bare;
  const mcp = names.filter((item) => /mcp/i.test(item));
  return mcp.length === 1 ? mcp[0] : undefined;
}

/**
 * The GitHub repository the installed package.json names (`repository`, a string or `{ url }`), as `owner/name`.
 * @returns undefined when it names none or another host
 */
function githubRepository(dir: string, name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'node_modules', ...name.split('/'), 'package.json'), 'utf8')) as { repository?: unknown };
    const raw = manifest.repository;
    const url = typeof raw === 'string' ? raw : raw !== null && typeof raw === 'object' ? (raw as { url?: unknown }).url : undefined;
    if (typeof url !== 'string') return undefined;
    const match =
      /^(?:github:|(?:git\+)?(?:https?|ssh|git):\/\/(?:git@)?github\.com[/:]|git@github\.com:)?([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/.exec(
        url,
      );
    return match === null ? undefined : `${match[1]}/${match[2]}`;
  } catch {
    return undefined;
  }
}

/** The version and integrity the package lock of `dir` records for `name`, if any. */
function lockedIntegrity(dir: string, name: string): string | undefined {
  try {
    const lock = JSON.parse(readFileSync(path.join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as {
      packages?: Record<string, { integrity?: unknown }>;
    };
    const integrity = lock.packages?.[`node_modules/${name}`]?.integrity;
    return typeof integrity === 'string' ? integrity : undefined;
  } catch {
    return undefined;
  }
}

/** ` (what its error text shows)` when {@link startHint} reads a cause in it, else nothing. */
function hinted(stderr: string): string {
  const hint = startHint(stderr);
  return hint === undefined ? '' : ` (${hint})`;
}

/** `placeholders for A, B and a scratch folder`: what a second start was given. */
function describePlaceholders(missing: MissingSettings): string {
  const parts = [
    ...(missing.env.length > 0 ? [`placeholders for ${missing.env.join(', ')}`] : []),
    ...(missing.folder ? ['a scratch folder as its argument'] : []),
  ];
  return parts.join(' and ');
}

/**
 * Install and list one npm package. When the first start fails and the server's own error text names missing
 * environment variables or asks for a folder ({@link missingSettings}), it is started once more with a placeholder
 * for each (never a credential) and a scratch folder, and the listing records the names.
 * @returns its listing (at least one tool) or why not, with the time each step took
 */
export async function listCataloguePackage(candidate: CatalogueCandidate, options: ListPackageOptions): Promise<CatalogueAttempt> {
  const ms = { lookup: 0, install: 0, start: 0 };
  let version: string | undefined;
  const fail = (stage: CatalogueFailure['stage'], reason: string): CatalogueFailure => ({
    registry: candidate.registry,
    name: candidate.name,
    figure: candidate.figure,
    ...(version !== undefined ? { version } : {}),
    stage,
    reason,
  });
  if (candidate.registry !== 'npm')
    return { outcome: fail('install', 'not installed: only npm packages are listed (the machines this runs on reach the npm registry and no PyPI index)'), ms };
  let clock = Date.now();
  const manifest = await npmLatestManifest(candidate.name, options.npm);
  ms.lookup = Date.now() - clock;
  // A manifest the registry would not give is no reason to skip: npm install asks again, and says what is wrong.
  if (manifest.ok) {
    version = manifest.version;
    if (options.known !== undefined && keepsKnownFailure(options.known, version, options))
      return { outcome: { ...options.known, figure: candidate.figure }, ms, skipped: 'known' };
    if (manifest.bin === 'no') return { outcome: fail('install', `${candidate.name} has no bin (its registry manifest names none)`), ms, skipped: 'no-bin' };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-catalogue-'));
  let stderr: string | undefined;
  try {
    const npmEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) npmEnv[key] = value;
    if (options.preferOffline) npmEnv.npm_config_prefer_offline = 'true';
    clock = Date.now();
    let installed = await installPackage(candidate.name, version ?? 'latest', dir, npmEnv, undefined, options.installMs);
    // npm does not ask again when its cached document lacks a version (pacote's registry fetcher leaves ETARGET
    // revalidation to do), so a release newer than the cache is installed once more with the registry asked.
    if (!installed.ok && options.preferOffline && /ETARGET|No matching version/.test(installed.detail ?? '')) {
      delete npmEnv.npm_config_prefer_offline;
      installed = await installPackage(candidate.name, version ?? 'latest', dir, npmEnv, undefined, options.installMs);
    }
    ms.install = Date.now() - clock;
    if (!installed.ok && installed.message.includes('several bins')) {
      const bin = chooseBin(path.join(dir, 'node_modules', ...candidate.name.split('/'), 'package.json'), candidate.name);
      if (bin !== undefined) installed = resolveBin(dir, candidate.name, bin);
    }
    if (!installed.ok) return { outcome: fail('install', installed.message), ms, ...(installed.detail !== undefined ? { stderr: installed.detail } : {}) };
    version = installed.installed.version;
    const integrity = lockedIntegrity(dir, candidate.name);
    const repository = githubRepository(dir, candidate.name);
    if (integrity === undefined) return { outcome: fail('install', 'the package lock records no integrity for it'), ms };
    const scratch = path.join(dir, 'run');
    const home = path.join(scratch, 'home');
    const tmp = path.join(scratch, 'tmp');
    mkdirSync(home, { recursive: true });
    mkdirSync(tmp);
    const binPath = installed.installed.binPath;
    const start = async (placeholders: Record<string, string>, args: readonly string[]) => {
      const began = Date.now();
      const outcome = await listTools(
        {
          command: process.execPath,
          args: [binPath, ...args],
          env: serverEnvironment({ ...options.env, HOME: home }, { TMPDIR: tmp, ...QUIET_ENV, ...placeholders }, false),
          cwd: scratch,
        },
        options.listMs,
        options.clientVersion,
      );
      ms.start += Date.now() - began;
      stderr = outcome.stderr;
      return outcome;
    };
    let outcome = await start({}, []);
    let used: MissingSettings | undefined;
    if (!outcome.ok || outcome.tools.length === 0) {
      const missing = missingSettings(outcome.stderr);
      if (missing.env.length > 0 || missing.folder) {
        const folder = path.join(scratch, 'folder');
        mkdirSync(folder);
        const first = outcome.ok ? 'it listed no tools' : outcome.failure.message;
        outcome = await start(placeholderEnvironment(missing.env), missing.folder ? [folder] : []);
        used = missing;
        if (!outcome.ok)
          return {
            outcome: fail('start', `${first}; started again with ${describePlaceholders(missing)}, ${outcome.failure.message}${hinted(outcome.stderr)}`),
            ms,
            stderr,
          };
      }
    }
    if (!outcome.ok) return { outcome: fail('start', `${outcome.failure.message}${hinted(outcome.stderr)}`), ms, stderr };
    if (outcome.tools.length === 0)
      return {
        outcome: fail('start', `it listed no tools without credentials${used === undefined ? '' : ` (nor with ${describePlaceholders(used)})`}`),
        ms,
        stderr,
      };
    return {
      outcome: {
        registry: 'npm',
        name: candidate.name,
        version: installed.installed.version,
        integrity,
        ...(repository !== undefined ? { repository } : {}),
        figure: candidate.figure,
        summary: candidate.summary,
        listed: options.today,
        ...(used !== undefined ? { placeholders: { env: used.env, folder: used.folder } } : {}),
        ...(outcome.serverInfo !== undefined ? { serverInfo: outcome.serverInfo } : {}),
        tools: outcome.tools.map((tool) => ({ name: tool.name, ...(tool.definition ?? {}) })),
      },
      ms,
    };
  } catch (error) {
    return { outcome: fail('install', `listing failed: ${messageOf(error)}`), ms, ...(stderr !== undefined ? { stderr } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
