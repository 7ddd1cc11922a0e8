/**
 * Claude Code's own tools in the hook (SPEC 8.5, 9). The hook sees every
 * tool so the session guard knows when anything was read, but decides only:
 *
 * - `WebFetch`, which sends a request to a URL the agent chose: a read
 *   (R0, SPEC 2.2) until the session has read, then R4 unless every URL in
 *   its input is allow-listed (SPEC 9.2);
 * - a built-in tool that would write to the hook's own state, its audit log
 *   or Claude Code's settings: it asks, whatever the thresholds.
 *
 * The path check reads the target of file tools and the command of shell
 * tools, after resolving symbolic links where the target exists. It catches
 * mistakes, not an agent set on evading it (a command can build a path the
 * text never spells). Node-only.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CLASS_NAMES, DEFAULT_POLICY } from '../core/classes.ts';
import type { Classification, ClassificationSource } from '../core/classify.ts';
import { egressAllowed } from '../core/egress.ts';
import { WRITING_BUILTINS } from '../clients/claude-code-hooks.ts';

/** A classification as the hook reports it: the core's, or `builtin` for a Claude Code tool it rates itself. */
export type HookClassification = Omit<Classification, 'source'> & { source: ClassificationSource | 'builtin' };

/** Claude Code's web-fetch tool. */
export const WEB_FETCH = 'WebFetch';

/** Built-in tools that write nothing (their input is not checked for protected paths). */
export const READ_ONLY_BUILTINS: ReadonlySet<string> = new Set([
  'Read', 'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TodoRead', 'Task', 'Agent', 'ExitPlanMode', 'BashOutput',
  'KillShell', 'KillBash', 'AskUserQuestion', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'Skill', 'SlashCommand',
]);

/** Where each writing tool names its target. Tools not listed here have all their strings checked. */
const TARGET_FIELDS = WRITING_BUILTINS;

/** Most characters of a tool's strings searched for protected paths; beyond it the tool asks. */
export const MAX_SEARCHED_CHARS = 1024 * 1024;

/** What the protected-path check looks for. */
export interface ProtectedPaths {
  /** Path fragments, lowercase with `/` separators, e.g. `.claude/settings`, `/home/u/.local/state/rclass`. */
  fragments: string[];
}

function normalise(text: string): string {
  return text.replace(/\\/g, '/').toLowerCase();
}

/**
 * The fragments that mark the hook's state, its log and Claude Code's settings.
 * @param stateDir rclass's state folder, when known
 * @param logFile the audit log in use, when logging
 * @param claudeConfigDir `CLAUDE_CONFIG_DIR`, when set
 */
export function protectedPaths(stateDir: string | undefined, logFile: string | undefined, claudeConfigDir: string | undefined): ProtectedPaths {
  const fragments = new Set<string>(['.claude/settings', '.claude.json', 'managed-settings', 'managed-mcp', '/etc/claude-code', 'state/rclass', 'rclass/sessions', 'rclass/audit.jsonl']);
  if (stateDir !== undefined) {
    fragments.add(normalise(stateDir));
    fragments.add(normalise(`${path.basename(path.dirname(stateDir))}/${path.basename(stateDir)}`));
  }
  if (logFile !== undefined) {
    fragments.add(normalise(logFile));
    // A log moved by --log may be named without its folder, e.g. from inside that folder.
    const insideState = stateDir !== undefined && normalise(logFile).startsWith(`${normalise(stateDir)}/`);
    if (!insideState && path.basename(logFile).length >= 5) fragments.add(normalise(path.basename(logFile)));
  }
  if (claudeConfigDir !== undefined && claudeConfigDir !== '') {
    fragments.add(normalise(path.join(claudeConfigDir, 'settings')));
    fragments.add(normalise(path.join(claudeConfigDir, '.claude.json')));
  }
  return { fragments: [...fragments].filter((fragment) => fragment.length > 0) };
}

function collectStrings(value: unknown, out: string[], budget: { left: number }, depth = 0): void {
  if (budget.left <= 0 || depth > 64) {
    budget.left = 0;
    return;
  }
  if (typeof value === 'string') {
    out.push(value);
    budget.left -= value.length;
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out, budget, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      collectStrings(item, out, budget, depth + 1);
    }
  }
}

async function resolved(file: string): Promise<string | undefined> {
  if (!path.isAbsolute(file)) return undefined;
  try {
    return await realpath(file);
  } catch {
    try {
      return path.join(await realpath(path.dirname(file)), path.basename(file));
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether a built-in tool call would write to a protected path.
 * @param toolName Claude Code's tool name, e.g. `Write`, `Bash`
 * @param input the tool's input
 * @returns the fragment found (or why the input could not be searched), or undefined; never throws
 */
export async function protectedPathHit(toolName: string, input: Readonly<Record<string, unknown>>, paths: ProtectedPaths): Promise<string | undefined> {
  if (READ_ONLY_BUILTINS.has(toolName)) return undefined;
  const strings: string[] = [];
  const budget = { left: MAX_SEARCHED_CHARS };
  const fields = TARGET_FIELDS[toolName];
  if (fields !== undefined) {
    for (const field of fields) collectStrings(input[field], strings, budget);
    if (toolName !== 'Bash' && toolName !== 'PowerShell') {
      for (const field of fields) {
        const target = input[field];
        if (typeof target === 'string') {
          const real = await resolved(target);
          if (real !== undefined) strings.push(real);
        }
      }
    }
  } else {
    collectStrings(input, strings, budget);
  }
  if (budget.left <= 0) return 'its input is too large to search for protected paths';
  for (const text of strings) {
    const haystack = normalise(text);
    const found = paths.fragments.find((fragment) => haystack.includes(fragment));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Classify a `WebFetch` call (SPEC 2.2, 9.2): R0, or R4 with source
 * `session` once the session has read and not every URL in the input is on
 * the allowlist. Never throws.
 * @param input the tool's input (`url`, `prompt`)
 * @param hasRead whether the session had read before this call
 * @param allowlist `--egress-allow` hosts
 */
export function classifyWebFetch(input: Readonly<Record<string, unknown>>, hasRead: boolean, allowlist: readonly string[]): HookClassification {
  const base = { server: '', tool: WEB_FETCH } as const;
  if (hasRead) {
    const verdict = egressAllowed({ destination: ['url'] }, input, allowlist);
    if (!verdict.allowed) {
      return {
        ...base,
        class: 'R4',
        name: CLASS_NAMES.R4,
        source: 'session',
        rationale: 'The session has already read data, and WebFetch can carry it in the URL to a host the agent chose that is not on the egress allowlist (SPEC 9).',
        policy: DEFAULT_POLICY.R4,
        notes: [`session guard: ${verdict.reason}`],
      };
    }
  }
  return {
    ...base,
    class: 'R0',
    name: CLASS_NAMES.R0,
    source: 'builtin',
    rationale: hasRead
      ? 'WebFetch sends a GET request, a read (SPEC 2.2), and every URL in its input is on the egress allowlist (SPEC 9).'
      : 'WebFetch sends a GET request, which is a read (SPEC 2.2), and the session has read nothing yet (SPEC 9).',
    policy: DEFAULT_POLICY.R0,
  };
}
