/**
 * Listing one catalogue package (issue 25 item 4): install its newest
 * release with refresh's installer (no install scripts, own process group,
 * hard deadline), start its bin once with scan's minimal environment plus a
 * scratch `HOME` and `TMPDIR` and no options or credentials (once more with
 * placeholders when its own error text names what it lacks), read every
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
import { type MissingSettings, missingSettings, placeholderEnvironment } from '../../records/catalogue/placeholders.ts';
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
 * @returns its listing (at least one tool), or why not
 */
export async function listCataloguePackage(candidate: CatalogueCandidate, options: ListPackageOptions): Promise<CatalogueListing | CatalogueFailure> {
  const fail = (stage: CatalogueFailure['stage'], reason: string): CatalogueFailure => ({
    registry: candidate.registry,
    name: candidate.name,
    figure: candidate.figure,
    stage,
    reason,
  });
  if (candidate.registry !== 'npm')
    return fail('install', 'not installed: only npm packages are listed (the machines this runs on reach the npm registry and no PyPI index)');
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-catalogue-'));
  try {
    const npmEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) npmEnv[key] = value;
    let installed = await installPackage(candidate.name, 'latest', dir, npmEnv, undefined, options.installMs);
    if (!installed.ok && installed.message.includes('several bins')) {
      const bin = chooseBin(path.join(dir, 'node_modules', ...candidate.name.split('/'), 'package.json'), candidate.name);
      if (bin !== undefined) installed = resolveBin(dir, candidate.name, bin);
    }
    if (!installed.ok) return fail('install', installed.message);
    const integrity = lockedIntegrity(dir, candidate.name);
    const repository = githubRepository(dir, candidate.name);
    if (integrity === undefined) return fail('install', 'the package lock records no integrity for it');
    const scratch = path.join(dir, 'run');
    const home = path.join(scratch, 'home');
    const tmp = path.join(scratch, 'tmp');
    mkdirSync(home, { recursive: true });
    mkdirSync(tmp);
    const start = (placeholders: Record<string, string>, args: readonly string[]) =>
      listTools(
        {
          command: process.execPath,
          args: [installed.installed.binPath, ...args],
          env: serverEnvironment({ ...options.env, HOME: home }, { TMPDIR: tmp, ...QUIET_ENV, ...placeholders }, false),
          cwd: scratch,
        },
        options.listMs,
        options.clientVersion,
      );
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
        if (!outcome.ok) return fail('start', `${first}; started again with ${describePlaceholders(missing)}, ${outcome.failure.message}`);
      }
    }
    if (!outcome.ok) return fail('start', outcome.failure.message);
    if (outcome.tools.length === 0)
      return fail('start', `it listed no tools without credentials${used === undefined ? '' : ` (nor with ${describePlaceholders(used)})`}`);
    return {
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
    };
  } catch (error) {
    return fail('install', `listing failed: ${messageOf(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
