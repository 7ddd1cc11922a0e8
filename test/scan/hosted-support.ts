/**
 * What the hosted-server scan tests (test/scan/hosted-*.test.ts) share: write a
 * client's configuration file, run `rclass scan --list --json` over it in
 * process against the built registry, and read each entry's record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { DOCUMENTATION_MARK } from '../../src/core/index.ts';
import { runCli, tempDir } from '../cli/harness.ts';
import { registryFile } from './support.ts';

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

/**
 * Write `mcpServers` as a Cursor project's `.cursor/mcp.json`, list it, and
 * expect each entry's record (null: unlisted). With `documentation`, every
 * entry matched to that record must carry SPEC 5.1's evidence basis and mark.
 */
export async function expectCursorForms(mcpServers: Record<string, unknown>, expected: Record<string, string | null>, documentation?: string): Promise<void> {
  const file = put(path.join(tempDir(), '.cursor', 'mcp.json'), JSON.stringify({ mcpServers }));
  const report = await listJson(file, 'cursor');
  expect(records(report)).toEqual(expected);
  if (documentation === undefined) return;
  for (const server of report.servers.filter((entry) => entry.record === documentation)) {
    expect([server.record_basis, server.record_mark]).toEqual(['documentation', DOCUMENTATION_MARK]);
  }
}

/**
 * Expect `record` for a server named `name` written in Windsurf's `serverUrl`
 * (`windsurfUrl`) and in Codex's TOML `url` (`codexUrl`, the same unless given).
 */
export async function expectWindsurfAndCodex(name: string, record: string, windsurfUrl: string, codexUrl = windsurfUrl): Promise<void> {
  const windsurf = put(path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { [name]: { serverUrl: windsurfUrl } } }));
  expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ [name]: record });
  const codex = put(path.join(tempDir(), '.codex', 'config.toml'), `[mcp_servers.${name}]\nurl = "${codexUrl}"\n`);
  expect(records(await listJson(codex, 'codex'))).toEqual({ [name]: record });
}
