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
import { loadRegistry, type RegistryDocument, type ServerRecord, type ToolRecord } from './registry.ts';
import { segment } from './urls.ts';

/** The formats a tool page shows inline: the shortest (Claude Code's permission rules) and the gateway most files target (Docker's Cedar). */
const TOOL_FORMATS: ReadonlySet<PolicyFormat> = new Set(['claude-settings', 'cedar']);

let generatorName: string | undefined;

/** `rclass <version>`, the generator the files name, as the build's policy step names it (package.json is read once per build). */
function generator(): string {
  if (generatorName === undefined) {
    const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string };
    generatorName = `rclass ${pkg.version}`;
  }
  return generatorName;
}

/** Each registry document's server files by record id: the server's page and its policy downloads both ask for them. */
const serverFiles = new WeakMap<RegistryDocument, Map<string, PolicyFile[]>>();

/** Every listing format for one record, under its id (what `rclass policy --format F --server ID` writes); made once per record and build. */
export function serverPolicyFiles(record: ServerRecord): PolicyFile[] {
  const registry = loadRegistry();
  const byId = serverFiles.get(registry) ?? new Map<string, PolicyFile[]>();
  serverFiles.set(registry, byId);
  const files = byId.get(record.id) ?? policyFiles(registry, generator(), { server: record.id });
  byId.set(record.id, files);
  return files;
}

/** Claude Code's permission rules and Docker's Cedar for one tool of a record: the server's files limited to that tool (only those two are rendered). */
export function toolPolicyFiles(record: ServerRecord, tool: ToolRecord): PolicyFile[] {
  return policyFiles(loadRegistry(), generator(), { server: record.id, tool: tool.name }, TOOL_FORMATS);
}

/** Where one server's policy file is served: `policies/servers/<id>/<file>`. */
export function serverPolicyPath(id: string, file: string): string {
  return `policies/servers/${segment(id)}/${file}`;
}
