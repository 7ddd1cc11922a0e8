/**
 * What the hosted-server scan tests (test/scan/hosted-*.test.ts) share: write a
 * client's configuration file, run `rclass scan --list --json` over it in
 * process against the built registry, and read each entry's record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir } from '../cli/harness.ts';
import { registryFile } from './support.ts';

/** The mark SPEC 5.1 requires wherever a class of a record resting on the vendor's documentation is shown. */
export const DOCUMENTATION_MARK = "from the vendor's documentation, not from source";

/** Write `text` to `file`, creating its folders; returns `file`. */
export function put(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The part of `rclass scan --list --json`'s report these tests read. */
export type Listed = { servers: Array<{ name: string; record: string | null; record_basis?: string; record_mark?: string }> };

/** `rclass scan --list FILE --client CLIENT --json` against the built registry, with a scratch HOME; the parsed report. */
export async function listJson(file: string, client: string): Promise<Listed> {
  const { file: registry } = await registryFile();
  const result = await runCli(['scan', '--list', file, '--client', client, '--json', '--registry', registry], {
    env: { HOME: tempDir(), PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(result.stdout) as Listed;
}

/** Each entry's name mapped to its record id, or null when no record matched. */
export const records = (report: Listed): Record<string, string | null> => Object.fromEntries(report.servers.map((server) => [server.name, server.record]));
