/**
 * Variables in configuration values, expanded the way each client expands
 * them before it starts a server, so a scan runs what the client would run.
 * Identification (SPEC 6) reads the entry as written, before expansion.
 *
 * - Claude Code: `${VAR}` and `${VAR:-default}` in `command`, `args` and
 *   `env`; an unset variable without a default stays as written (Claude
 *   Code's `mcp.md`: the config still loads and uses the unexpanded text).
 * - Cursor, VS Code, Windsurf: `${env:VAR}`, `${userHome}`,
 *   `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}`
 *   and `${/}`. VS Code's `${input:…}` prompts the user, so an entry using
 *   it cannot be started here.
 * - Gemini CLI: `$VAR` and `${VAR}` in `env` values only; an unset
 *   variable becomes empty (gemini-cli `docs/tools/mcp-server.md`,
 *   "Environment variable expansion").
 * - Qwen Code: `$VAR` and `${VAR}` in every string of its settings files
 *   (`command`, `args`, `env` alike); an unset variable stays as written
 *   (@qwen-code/qwen-code 0.15.10, `resolveEnvVarsInObject` over each
 *   settings file as it is loaded).
 * - Claude Desktop, Codex and the other clients: nothing is expanded (none
 *   documents expansion in these fields), so values are used as written.
 *
 * Pure. Values are never put into error messages, only variable names.
 */
import path from 'node:path';
import type { ClientKind } from '../clients/types.ts';

/** A value that could not be expanded, with the reason (names a variable, never a value). */
export class ExpandError extends Error {
  override name = 'ExpandError';
}

/** What expansion reads. */
export interface ExpandContext {
  client: ClientKind;
  /** The user's environment (the one rclass runs with). */
  env: Readonly<Record<string, string | undefined>>;
  home?: string;
  /** The project folder (`${workspaceFolder}`). */
  workspace: string;
}

const VARIABLE = /\$\{([^}]*)\}/g;

function expandClaude(value: string, context: ExpandContext): string {
  return value.replace(VARIABLE, (_match, body: string) => {
    const withDefault = /^([A-Za-z_][A-Za-z0-9_]*):-(.*)$/s.exec(body);
    const name = withDefault?.[1] ?? body;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ExpandError(`\`\${${name.slice(0, 40)}}\` is not a variable Claude Code expands`);
    const found = context.env[name];
    if (found !== undefined) return found;
    if (withDefault !== null) return withDefault[2]!;
    return `\${${body}}`;
  });
}

function expandEditor(value: string, context: ExpandContext): string {
  return value.replace(VARIABLE, (_match, body: string) => {
    if (body.startsWith('env:')) return context.env[body.slice(4)] ?? '';
    switch (body) {
      case 'userHome':
        if (context.home === undefined) throw new ExpandError('`${userHome}` is used but there is no home folder');
        return context.home;
      case 'workspaceFolder':
        return context.workspace;
      case 'workspaceFolderBasename':
        return path.basename(context.workspace);
      case 'pathSeparator':
      case '/':
        return path.sep;
      default:
        if (body.startsWith('input:')) throw new ExpandError(`\`\${${body.slice(0, 40)}}\` is asked of the user by the editor, which a scan cannot do`);
        throw new ExpandError(`\`\${${body.slice(0, 40)}}\` is a variable rclass does not expand`);
    }
  });
}

/**
 * Expand one value as the client would.
 * @throws ExpandError when the client would refuse or prompt, or the variable is unknown
 */
export function expandValue(value: string, context: ExpandContext): string {
  if (context.client === 'gemini-cli')
    return value.replace(
      /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
      (_match, braced: string | undefined, bare: string | undefined) => context.env[braced ?? bare ?? ''] ?? '',
    );
  if (context.client === 'qwen-code')
    return value.replace(
      /\$(?:(\w+)|\{([^}]+)\})/g,
      (match, bare: string | undefined, braced: string | undefined) => context.env[bare ?? braced ?? ''] ?? match,
    );
  if (!value.includes('${')) return value;
  if (context.client === 'claude-code') return expandClaude(value, context);
  if (context.client === 'cursor' || context.client === 'vscode' || context.client === 'windsurf') return expandEditor(value, context);
  return value;
}

/**
 * Expand a stdio entry's command, arguments and `env` values.
 * @throws ExpandError as {@link expandValue}
 */
export function expandLaunch(
  launch: { command: string; args: readonly string[]; env: Readonly<Record<string, string>> },
  context: ExpandContext,
): { command: string; args: string[]; env: Record<string, string> } {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(launch.env)) env[key] = expandValue(value, context);
  // Gemini CLI expands variables in `env` only.
  if (context.client === 'gemini-cli') return { command: launch.command, args: [...launch.args], env };
  return { command: expandValue(launch.command, context), args: launch.args.map((arg) => expandValue(arg, context)), env };
}
