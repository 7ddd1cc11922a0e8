/**
 * Policy for one server or one tool, as the site offers it (issue 27 item
 * 8): the files `rclass policy --format FORMAT --server ID` writes, made by
 * the same export code (`policyFiles` in src/export/index.ts) with the same
 * thresholds as the whole-registry downloads, limited to one record, and
 * for a tool page to that one tool. The hook formats identify servers when
 * they run and take no `--server`, so they are not among them.
 */
import { readFileSync } from 'node:fs';
import { type PolicyFile, type PolicyFormat, policyFiles } from '../../export/index.ts';
import { fromRoot } from './paths.ts';
import { loadRegistry, type ServerRecord, type ToolRecord } from './registry.ts';
import { segment } from './urls.ts';

/** The formats a tool page shows inline: the shortest (Claude Code's permission rules) and the gateway most files target (Docker's Cedar). */
const TOOL_FORMATS: ReadonlySet<PolicyFormat> = new Set(['claude-settings', 'cedar']);

/** `rclass <version>`, the generator the files name, as the build's policy step names it. */
function generator(): string {
  const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string };
  return `rclass ${pkg.version}`;
}

/** Every listing format for one record, under its id (what `rclass policy --format F --server ID` writes). */
export function serverPolicyFiles(record: ServerRecord): PolicyFile[] {
  return policyFiles(loadRegistry(), generator(), { server: record.id });
}

/** Claude Code's permission rules and Docker's Cedar for one tool of a record: the server's files limited to that tool. */
export function toolPolicyFiles(record: ServerRecord, tool: ToolRecord): PolicyFile[] {
  return policyFiles(loadRegistry(), generator(), { server: record.id, tool: tool.name }).filter((file) => TOOL_FORMATS.has(file.format));
}

/** Where one server's policy file is served: `policies/servers/<id>/<file>`. */
export function serverPolicyPath(id: string, file: string): string {
  return `policies/servers/${segment(id)}/${file}`;
}
