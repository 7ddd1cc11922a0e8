/**
 * Switches a client keeps outside its server files that turn servers off,
 * for `rclass scan` without CONFIG (SPEC 6). Node-only.
 *
 * - GitHub Copilot CLI: `disabledMcpServers` in `$COPILOT_HOME/settings.json`
 *   (default `~/.copilot/settings.json`), which `copilot mcp disable NAME`
 *   writes; Copilot skips a server of that name from any of its files
 *   (@github/copilot 1.0.102: `copilot mcp disable u-mem` wrote
 *   `{"disabledMcpServers":["u-mem"]}` there and `copilot mcp list` then
 *   showed `u-mem (local, disabled)`).
 * - Codex: a project's `.codex/config.toml` is read only when the project is
 *   trusted in the user's configuration (`codexTrustProblem`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseConfigJson } from '../../clients/parse.ts';
import { isObject } from '../../clients/formats/shared.ts';
import { messageOf } from '../../core/errors.ts';
import { readCodexConfig } from './codex-config.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The servers a settings file turns off, or why the file could not be read (its servers then count as on). */
export interface TurnedOff {
  names: string[];
  problem?: string;
}

/**
 * Read Copilot CLI's `disabledMcpServers`.
 * @param file `settings.json` in Copilot's home folder
 * @returns the names (strings only; anything else in the list is ignored); none when the file does not exist; never throws
 */
export async function copilotDisabledServers(file: string): Promise<TurnedOff> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { names: [] } : { names: [], problem: `cannot read \`${file}\` (${code ?? 'unknown error'})` };
  }
  try {
    const { document } = parseConfigJson(text, `\`${file}\``);
    const list = isObject(document) ? document.disabledMcpServers : undefined;
    return { names: Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [] };
  } catch (error) {
    return { names: [], problem: messageOf(error) };
  }
}

/**
 * Why Codex does not load a project's `.codex/config.toml` in the working
 * folder, read the way Codex decides it ({@link readCodexConfig}: trust of
 * the folder or its project root, a linked worktree through its main
 * checkout, in the user's and system configuration).
 * @param env HOME or USERPROFILE and CODEX_HOME
 * @param file the project's `.codex/config.toml`
 * @param cwd the working folder
 * @param systemFile Codex's system configuration; by default the platform's
 * @returns the reason, or undefined when Codex loads it
 */
export async function codexProjectIgnored(env: Env, file: string, cwd: string, systemFile?: string): Promise<string | undefined> {
  const config = systemFile === undefined ? await readCodexConfig(env, cwd) : await readCodexConfig(env, cwd, systemFile);
  const layer = config.layers.find((item) => item.origin === 'project' && path.resolve(item.file) === path.resolve(file));
  return layer?.ignored;
}
