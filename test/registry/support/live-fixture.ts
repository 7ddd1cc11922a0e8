/**
 * Live tool-list fixtures: `test/fixtures/live/<id>.json`, the tools a
 * published npm package listed when started offline, and how to start it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { SERVERS_DIR } from '../../servers/paths.ts';

/** The directory of live fixtures. */
const LIVE_FIXTURE_DIR = path.join(ROOT, 'test/fixtures/live');

/** One way of starting the server, and the tools it listed. */
interface LiveRun {
  args: string[];
  env: Record<string, string>;
  tools: string[];
}

/** A fixture with its single run or its several runs made uniform. */
export interface LiveFixture {
  /** The record id (the file name without `.json`). */
  id: string;
  package: string;
  version: string;
  /** The bin to run when the package has several. */
  bin: string | undefined;
  /** Contents of the files `<file:NAME>` values stand for (src/refresh/hints.ts). */
  files: Record<string, string>;
  runs: LiveRun[];
}

/** The ids of every live fixture, sorted. */
export function liveFixtureIds(): string[] {
  if (!existsSync(LIVE_FIXTURE_DIR)) return [];
  return readdirSync(LIVE_FIXTURE_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
}

/**
 * Read and shape-check one live fixture.
 * @throws when the file is missing, not JSON, or not `{package, version, bin?, args, env, tools}` / `{package, version, bin?, runs}`
 */
export function readLiveFixture(id: string): LiveFixture {
  const file = path.join(LIVE_FIXTURE_DIR, `${id}.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const fail = (message: string): never => {
    throw new Error(`test/fixtures/live/${id}.json: ${message}`);
  };
  if (typeof data.package !== 'string' || data.package === '') fail('`package` must be a package name');
  if (typeof data.version !== 'string' || !/^\d+\.\d+\.\d+/.test(data.version)) fail('`version` must be an exact version');
  if (data.bin !== undefined && typeof data.bin !== 'string') fail('`bin` must be a string');
  const files = data.files ?? {};
  if (files === null || typeof files !== 'object' || !Object.values(files).every((value) => typeof value === 'string'))
    fail('`files` must map names to file contents');
  const rawRuns = Array.isArray(data.runs) ? (data.runs as unknown[]) : [data];
  if (rawRuns.length === 0) fail('`runs` is empty');
  const runs = rawRuns.map((raw, index) => {
    const run = raw as Record<string, unknown>;
    const where = Array.isArray(data.runs) ? `runs[${index}].` : '';
    const args = run.args ?? [];
    const env = run.env ?? {};
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) fail(`\`${where}args\` must be a list of strings`);
    if (env === null || typeof env !== 'object' || !Object.values(env).every((value) => typeof value === 'string'))
      fail(`\`${where}env\` must map names to strings`);
    if (!Array.isArray(run.tools) || !run.tools.every((tool) => typeof tool === 'string')) fail(`\`${where}tools\` must be a list of names`);
    return { args: args as string[], env: env as Record<string, string>, tools: run.tools as string[] };
  });
  return {
    id,
    package: data.package as string,
    version: data.version as string,
    bin: data.bin as string | undefined,
    files: files as Record<string, string>,
    runs,
  };
}

/** An installed package: its version and the absolute path of the bin to run. */
export interface InstalledBin {
  version: string;
  binPath: string;
}

/**
 * Find an npm package in test/servers/node_modules (the server packages'
 * own install, test/servers/package.json) and the script its bin names.
 * Resolution starts from test/servers with `createRequire`; packages
 * whose `exports` hide `package.json` are found on the same search paths.
 * @param bin which bin to use when the package declares several
 * @throws when the package is not installed, or its bin is missing or ambiguous
 */
export function resolveInstalledBin(packageName: string, bin: string | undefined): InstalledBin {
  const require = createRequire(path.join(SERVERS_DIR, 'package.json'));
  let manifestPath: string | undefined;
  try {
    manifestPath = require.resolve(`${packageName}/package.json`);
  } catch {
    manifestPath = (require.resolve.paths(packageName) ?? [])
      .map((dir) => path.join(dir, packageName, 'package.json'))
      .find((candidate) => existsSync(candidate));
  }
  if (manifestPath === undefined)
    throw new Error(
      `${packageName} is not installed in test/servers/node_modules: pin it in test/servers/package.json (CONTRIBUTING.md), or install every pinned server (RCLASS_CRAWL=1 npx tsx test/servers/install.ts)`,
    );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; name: string; bin?: string | Record<string, string> };
  let relative: string | undefined;
  if (typeof manifest.bin === 'string') relative = manifest.bin;
  else if (manifest.bin !== undefined) {
    const entries = Object.entries(manifest.bin);
    if (bin !== undefined) relative = manifest.bin[bin];
    else if (entries.length === 1) relative = entries[0]![1];
    else throw new Error(`${packageName} has several bins (${entries.map(([name]) => name).join(', ')}); the fixture must name one in \`bin\``);
  }
  if (relative === undefined) throw new Error(`${packageName}@${manifest.version} has no bin${bin === undefined ? '' : ` named ${bin}`}`);
  return { version: manifest.version, binPath: path.join(path.dirname(manifestPath), relative) };
}
