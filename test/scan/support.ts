/**
 * Helpers for `rclass scan` tests: configurations in temporary folders, the
 * fixture server, the registry built from `registry/`, and process checks.
 *
 * Real servers run through `npx -y <package>` with the scan's working
 * folder at test/servers, where npx finds the package installed from
 * test/servers/package-lock.json without the network.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RegistryDocument, ServerRecord } from '../../src/core/record.ts';
import { buildDocument } from '../../src/core/registry.ts';
import { loadedRegistry } from '../loaded-registry.ts';
import { type CliResult, ROOT, runCli, tempDir, writeRegistry } from '../cli/harness.ts';
import { SERVERS_DIR, SERVERS_MODULES } from '../servers/paths.ts';

/** The fixture server (see its header for options). */
const FIXTURE = path.join(ROOT, 'test', 'scan', 'fixtures', 'server.mjs');

/** The memory reference server's entry point, for entries that start it without npx (unrecognised). */
export const MEMORY_BIN = path.join(SERVERS_MODULES, '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

let records: Promise<ServerRecord[]> | undefined;

/** Every valid record under `registry/`. */
function registryRecords(): Promise<ServerRecord[]> {
  records ??= loadedRegistry().then((loaded) => loaded.records);
  return records;
}

/**
 * Records whose fingerprints these tests leave out, each with why: the
 * release test/servers installs differs in meaning from the record's pinned
 * one, which scan rightly reports, and the record cannot move to it yet.
 * None at present: every server these tests start runs its record's release.
 */
const PINNED_ELSEWHERE: Readonly<Record<string, string>> = {};

/**
 * A registry document file built from `registry/`, fingerprints included
 * (except {@link PINNED_ELSEWHERE}), optionally with records changed. The
 * servers these tests start come from test/servers, whose lockfile resolves
 * other dependency versions than the fresh install the fingerprints were
 * taken from (memory: zod 3.25.76 there, zod 4 in a fresh install); the
 * rc-def-v2 normal form (SPEC 5.2.1) gives them the same fingerprints, so
 * scan finds no changed definition.
 */
export function registryFile(change?: (record: ServerRecord) => ServerRecord): Promise<{ file: string; document: RegistryDocument }> {
  return registryFileOf(undefined, change);
}

/**
 * As {@link registryFile}, of only the records `ids` names (every record when undefined). A scan given `--registry FILE`
 * validates the whole file against schema/registry.schema.json each time (SPEC 5.8), about 0.4 processor-seconds for the
 * whole registry in a warm process (issue 30); tests about how scan treats the servers they start need only those
 * servers' records.
 * @throws Error naming an id with no valid record under `registry/`
 */
export function registryFileOf(
  ids: readonly string[] | undefined,
  change?: (record: ServerRecord) => ServerRecord,
): Promise<{ file: string; document: RegistryDocument }> {
  if (change !== undefined) return changedRegistryFile(ids, change);
  const key = ids === undefined ? '' : ids.join(',');
  let made = unchanged.get(key);
  if (made === undefined) {
    made = changedRegistryFile(ids, (record) => record);
    unchanged.set(key, made);
  }
  return made;
}

/**
 * The unchanged registry files, built and written once per test file and set of records: most scans here read one, and
 * building the document and writing it out again for each was work repeated per test (issue 30). A scan only reads the file.
 */
const unchanged = new Map<string, Promise<{ file: string; document: RegistryDocument }>>();

async function changedRegistryFile(
  ids: readonly string[] | undefined,
  change: (record: ServerRecord) => ServerRecord,
): Promise<{ file: string; document: RegistryDocument }> {
  const all = await registryRecords();
  const missing = (ids ?? []).filter((id) => !all.some((record) => record.id === id));
  if (missing.length > 0) throw new Error(`no valid record in registry/ for ${missing.join(', ')}`);
  const records = all
    .filter((record) => ids === undefined || ids.includes(record.id))
    .map((record) =>
      PINNED_ELSEWHERE[record.id] === undefined ? record : { ...record, tools: record.tools.map(({ fingerprint: _fingerprint, ...tool }) => tool) },
    );
  const document = buildDocument(records.map(change));
  return { file: writeRegistry(document), document };
}

/** A registry document file built from `registry/` without the named records, so the servers they describe are unrecorded. */
export async function registryFileWithout(ids: readonly string[]): Promise<string> {
  return writeRegistry(buildDocument((await registryRecords()).filter((record) => !ids.includes(record.id))));
}

/** An entry that runs the fixture server with the node running the tests. */
export function fixtureEntry(args: string[], env?: Record<string, string>): Record<string, unknown> {
  return { command: process.execPath, args: [FIXTURE, ...args], ...(env !== undefined ? { env } : {}) };
}

/** Write a configuration file and return its path. */
export function writeConfig(dir: string, name: string, servers: Record<string, unknown>, key = 'mcpServers'): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify({ [key]: servers }, null, 2)}\n`);
  return file;
}

/** The environment a scan runs with in tests: PATH for npx and a scratch HOME. */
export function scanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir(), ...extra };
}

/** Run `rclass scan …` in-process with test/servers as working folder (where npx finds the server packages). */
export function scan(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  return runCli(['scan', ...args], { env: options.env ?? scanEnv(), cwd: options.cwd ?? SERVERS_DIR });
}

/**
 * Whether a process is alive: a zombie (killed, not yet reaped by its new
 * parent) counts as gone. Linux reads /proc; elsewhere signal 0.
 */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    try {
      process.kill(pid, 0);
      return process.platform !== 'linux';
    } catch {
      return false;
    }
  }
}

/** Wait until `check` holds or `ms` pass. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
