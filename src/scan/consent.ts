/**
 * Consent to start servers from a repository's configuration (`.mcp.json`,
 * `.vscode/mcp.json`, a project's `.cursor/mcp.json`): whoever wrote the
 * repository chose their commands, so `rclass scan` starts them only when
 * the user agrees, by `--yes`, by answering on a terminal, or because they
 * already approved the server in Claude Code.
 *
 * Claude Code's own answers are honoured the way Claude Code reads them:
 * `enabledMcpjsonServers`, `disabledMcpjsonServers` and
 * `enableAllProjectMcpServers` in the project's entry of `~/.claude.json`,
 * in `~/.claude/settings.json` and in the managed settings. The project's
 * own `.claude/settings.json` and `.claude/settings.local.json` can only
 * reject a server here, never approve one: a repository can ship those
 * files, and a cloned repository must not approve its own servers. A
 * rejection anywhere wins. Node-only.
 */
import { realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { MAX_CONFIG_BYTES } from '../clients/parse.ts';

/** What the user already told Claude Code about one project's `.mcp.json` servers. */
export interface ClaudeApprovals {
  /** Approved names, with where each approval was read. */
  enabled: Map<string, string>;
  /** Rejected names, with where each rejection was read. */
  disabled: Map<string, string>;
  /** Where `enableAllProjectMcpServers: true` was read, if anywhere the user controls. */
  enableAll?: string;
  /** Approvals found in project files and ignored (shown as a note). */
  ignored: string[];
  /** Files that exist but could not be read. */
  problems: string[];
}

/** The files {@link readClaudeApprovals} reads. */
export interface ApprovalSources {
  /** `~/.claude.json`. */
  claudeJson?: string;
  /** Settings the user controls: `~/.claude/settings.json`. */
  user: readonly string[];
  /** Managed settings. */
  managed: readonly string[];
  /** Shows a path to the user. */
  show: (file: string) => string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type JsonRead = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } | undefined;

/** Read a JSON object file; undefined when it does not exist. */
async function readJsonObject(file: string): Promise<JsonRead> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, problem: `\`${file}\` is not a file` };
    if (info.size > MAX_CONFIG_BYTES) return { ok: false, problem: `\`${file}\` is larger than ${MAX_CONFIG_BYTES} bytes` };
    const text = await readFile(file, 'utf8');
    const value: unknown = parseJsonc(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, [], { allowTrailingComma: true });
    return isObject(value) ? { ok: true, value } : { ok: false, problem: `\`${file}\` is not a JSON object` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { ok: false, problem: `cannot read \`${file}\`: ${code ?? 'unknown error'}` };
  }
}

function folderForms(dir: string): Set<string> {
  const forms = new Set<string>([path.resolve(dir).replace(/[\\/]+$/, '') || dir]);
  try {
    forms.add(realpathSync(dir));
  } catch {
    // A folder that does not exist has only its written form.
  }
  return forms;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Read what the user told Claude Code about a project's `.mcp.json` servers.
 * @param projectDir the folder holding the `.mcp.json`
 * @returns approvals and rejections with where each was read; never throws
 */
export async function readClaudeApprovals(projectDir: string, sources: ApprovalSources): Promise<ClaudeApprovals> {
  const approvals: ClaudeApprovals = { enabled: new Map(), disabled: new Map(), ignored: [], problems: [] };
  const take = (settings: Record<string, unknown>, where: string, mayApprove: boolean) => {
    for (const name of strings(settings.disabledMcpjsonServers)) if (!approvals.disabled.has(name)) approvals.disabled.set(name, where);
    const enabled = strings(settings.enabledMcpjsonServers);
    const all = settings.enableAllProjectMcpServers === true;
    if (!mayApprove) {
      if (enabled.length > 0 || all) approvals.ignored.push(where);
      return;
    }
    for (const name of enabled) if (!approvals.enabled.has(name)) approvals.enabled.set(name, where);
    if (all && approvals.enableAll === undefined) approvals.enableAll = where;
  };
  const readSettings = async (file: string, mayApprove: boolean, pick?: (document: Record<string, unknown>) => Record<string, unknown> | undefined) => {
    const read = await readJsonObject(file);
    if (read === undefined) return;
    if (!read.ok) {
      approvals.problems.push(read.problem);
      return;
    }
    const settings = pick === undefined ? read.value : pick(read.value);
    if (settings !== undefined) take(settings, sources.show(file), mayApprove);
  };
  for (const file of sources.managed) await readSettings(file, true);
  if (sources.claudeJson !== undefined) {
    const forms = folderForms(projectDir);
    await readSettings(sources.claudeJson, true, (document) => {
      if (!isObject(document.projects)) return undefined;
      for (const [key, value] of Object.entries(document.projects)) {
        if (isObject(value) && [...folderForms(key)].some((form) => forms.has(form))) return value;
      }
      return undefined;
    });
  }
  for (const file of sources.user) await readSettings(file, true);
  // The project's own settings: read for rejections only.
  for (const file of projectSettingsFiles(projectDir)) await readSettings(file, false);
  return approvals;
}

/** A project's Claude Code settings files, which a repository can ship. */
function projectSettingsFiles(projectDir: string): string[] {
  return [path.join(projectDir, '.claude', 'settings.json'), path.join(projectDir, '.claude', 'settings.local.json')];
}

/** The answer for one server of a repository configuration. */
export type ConsentAnswer =
  | { start: true; by: 'yes' | 'asked' | 'claude-code'; where?: string }
  | { start: false; rejected: true; where: string }
  | { start: false; rejected: false; why: string };

/**
 * Decide whether a Claude Code `.mcp.json` server may be started from what
 * the user told Claude Code, before asking.
 * @returns `rejected` when the user rejected it, `start` when they approved it, undefined when they said nothing
 */
export function claudeAnswer(name: string, approvals: ClaudeApprovals): ConsentAnswer | undefined {
  const rejected = approvals.disabled.get(name);
  if (rejected !== undefined) return { start: false, rejected: true, where: rejected };
  const enabled = approvals.enabled.get(name) ?? approvals.enableAll;
  if (enabled !== undefined) return { start: true, by: 'claude-code', where: enabled };
  return undefined;
}
