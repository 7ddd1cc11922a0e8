/**
 * The files the site offers for download (SPEC 5.8, 8, 11): the registry
 * document, its JSON Schemas, the conformance vectors when present, and every
 * ready-made policy the build wrote under `build/policies/`.
 *
 * The same list drives the download endpoints (which copy the bytes into the
 * output) and the downloads page (which shows size, version and SHA-256), so
 * a listed hash always describes the served file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SPEC_VERSION } from '../../core/registry.ts';
import { agentHookDownloadNote } from '../../export/agent-hooks.ts';
import { CLAUDE_HOOK_DOWNLOAD_NOTE } from '../../export/claude-hook.ts';
import { fromRoot, policiesDir, registryJsonPath } from './paths.ts';

/** The groups on the downloads page, in order. */
export type DownloadGroup = 'registry' | 'schema' | 'conformance' | 'policies';

/** One downloadable file. */
export interface Download {
  group: DownloadGroup;
  /** Address relative to the site root, no leading slash: `registry.json`, `policies/cedar/docker.cedar`. */
  sitePath: string;
  /** Absolute path of the file served. */
  source: string;
  /** What it is, in one short phrase. */
  title: string;
  /** Which version it belongs to. */
  version: string;
  /** Size in bytes. */
  size: number;
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string;
  /** What to know before using the file, when there is something (a policy file that is only an example). */
  note?: string;
}

const cache = new Map<string, { key: string; sha256: string }>();

function hashFile(file: string, key: string): string {
  const hit = cache.get(file);
  if (hit?.key === key) return hit.sha256;
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  cache.set(file, { key, sha256 });
  return sha256;
}

function describe(group: DownloadGroup, sitePath: string, source: string, title: string, version: string): Download {
  const stat = statSync(source);
  return { group, sitePath, source, title, version, size: stat.size, sha256: hashFile(source, `${stat.size}:${stat.mtimeMs}`) };
}

const parsed = new Map<string, { key: string; value: Record<string, unknown> | undefined }>();

/** One top-level field of a JSON file as a string; each file is parsed once while its size and time stay the same (registry.json is 5.6 MB). */
function readJsonField(file: string, field: string): string | undefined {
  try {
    const stat = statSync(file);
    const key = `${stat.size}:${stat.mtimeMs}`;
    let hit = parsed.get(file);
    if (hit?.key !== key) {
      hit = { key, value: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> };
      parsed.set(file, hit);
    }
    const value = hit.value?.[field];
    return value === undefined ? undefined : String(value);
  } catch {
    return undefined;
  }
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

// What each policy file is for, by its name; an unknown file is still listed.
const POLICY_TITLES: Array<[RegExp, string]> = [
  [/toolhive/i, 'ToolHive authorization (Cedar)'],
  [/\.cedar$/i, 'Docker Sandboxes MCP policy (Cedar)'],
  [/agentgateway|\bcel\b/i, 'agentgateway mcpAuthorization (CEL)'],
  [/claude-hook/i, 'Claude Code hooks (an example: generate your own)'],
  [/claude/i, 'Claude Code permission rules'],
  [/cursor-hook/i, 'Cursor beforeMCPExecution and beforeShellExecution hooks (an example: generate your own)'],
  [/cursor-permissions/i, 'Cursor IDE permissions.json (mcpAllowlist)'],
  [/cursor/i, 'Cursor CLI permissions'],
  [/gemini-hook/i, 'Gemini CLI BeforeTool hook (an example: generate your own)'],
  [/gemini/i, 'Gemini CLI policy engine rules'],
  [/codex-hook/i, 'Codex PreToolUse hook (an example: generate your own)'],
  [/codex/i, 'Codex disabled_tools'],
];

function policyTitle(sitePath: string): string {
  return POLICY_TITLES.find(([pattern]) => pattern.test(sitePath))?.[1] ?? 'Policy';
}

// Policy files that must not be installed as downloaded, and why.
const POLICY_NOTES: Array<[RegExp, string]> = [
  [/claude-hook/i, CLAUDE_HOOK_DOWNLOAD_NOTE],
  [/gemini-hook/i, agentHookDownloadNote('gemini')],
  [/codex-hook/i, agentHookDownloadNote('codex')],
  [/cursor-hook/i, agentHookDownloadNote('cursor')],
];

function policyNote(sitePath: string): string | undefined {
  return POLICY_NOTES.find(([pattern]) => pattern.test(sitePath))?.[1];
}

/**
 * Every download, grouped and in page order. Files that do not exist yet
 * (the conformance vectors, the policies) are left out rather than failing.
 * @throws Error when `build/registry.json` is missing (see loadRegistry)
 */
export function listDownloads(): Download[] {
  const registry = registryJsonPath();
  const specVersion = readJsonField(registry, 'spec_version') ?? SPEC_VERSION;
  const format = readJsonField(registry, 'format_version') ?? '1';
  const list: Download[] = [
    describe('registry', 'registry.json', registry, 'The whole registry as one JSON document', `format ${format} · spec ${specVersion}`),
    describe(
      'schema',
      'schema/registry.schema.json',
      fromRoot('schema/registry.schema.json'),
      'JSON Schema of registry.json',
      `format ${format} · spec ${specVersion}`,
    ),
    describe('schema', 'schema/record.schema.json', fromRoot('schema/record.schema.json'), 'JSON Schema of one record', `spec ${specVersion}`),
    describe(
      'schema',
      'schema/servers.schema.json',
      fromRoot('schema/servers.schema.json'),
      'JSON Schema of a server mapping file (SPEC 6.3)',
      `spec ${specVersion}`,
    ),
    describe(
      'schema',
      'schema/api-servers.schema.json',
      fromRoot('schema/api-servers.schema.json'),
      'JSON Schema of api/v1/servers.json',
      `format ${format} · spec ${specVersion}`,
    ),
    describe(
      'schema',
      'schema/api-server.schema.json',
      fromRoot('schema/api-server.schema.json'),
      'JSON Schema of api/v1/servers/<id>.json',
      `format ${format} · spec ${specVersion}`,
    ),
    describe(
      'schema',
      'schema/api-tool.schema.json',
      fromRoot('schema/api-tool.schema.json'),
      'JSON Schema of api/v1/servers/<id>/<tool>.json',
      `format ${format} · spec ${specVersion}`,
    ),
  ];
  const changelog = fromRoot('build/changelog.json');
  if (existsSync(changelog))
    list.splice(
      1,
      0,
      describe(
        'registry',
        'changelog.json',
        changelog,
        'Every class change, with the class before and after and why',
        `release ${readJsonField(registry, 'release') ?? ''}`.trim(),
      ),
    );
  const vectors = fromRoot('conformance/vectors.json');
  if (existsSync(vectors)) {
    list.push(
      describe('conformance', 'conformance/vectors.json', vectors, 'Conformance vectors', `spec ${readJsonField(vectors, 'spec_version') ?? specVersion}`),
    );
  }
  const policies = policiesDir();
  const generator = `rclass ${readJsonField(fromRoot('package.json'), 'version') ?? ''}`.trim();
  for (const file of filesUnder(policies)) {
    const sitePath = `policies/${relative(policies, file).split(sep).join('/')}`;
    const download = describe('policies', sitePath, file, policyTitle(sitePath), `${generator} · spec ${specVersion}`);
    const note = policyNote(sitePath);
    list.push(note === undefined ? download : { ...download, note });
  }
  return list;
}

/** A byte count for people: `288 KB`, `1.2 MB`, `412 bytes`. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The media type a static host should serve a download with. */
export function mediaType(sitePath: string): string {
  if (sitePath.endsWith('.json')) return 'application/json';
  if (sitePath.endsWith('.yaml') || sitePath.endsWith('.yml')) return 'application/yaml';
  return 'text/plain; charset=utf-8';
}
