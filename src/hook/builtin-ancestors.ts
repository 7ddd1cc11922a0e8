/**
 * The folders above a protected file, for the hook's self-protection check
 * (SPEC 8.5; `builtin.ts`): a shell command that removes, moves or copies
 * over a folder that holds the hook's state, its log or an agent's settings
 * changes them as surely as one that names the file. `mv ~/.local/state
 * ~/old` named no protected path, ran with no decision and reset the
 * session guard, so a `WebFetch` after an MCP read went out with no prompt
 * (fourth review of issue 23). Lexical and rough, like the rest of the check:
 * it catches mistakes, not an agent set on evading it. Node-only.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';

/** Commands that remove or move what their operands name, contents included (coreutils rm, rmdir, mv, shred; rsync with --delete). */
const REMOVING_COMMANDS: ReadonlySet<string> = new Set(['rm', 'rmdir', 'mv', 'shred', 'rsync']);

/** Commands that replace, link over or re-own what their operands name (coreutils cp, ln, install, chmod, chown, chgrp; tar -x). */
const REPLACING_COMMANDS: ReadonlySet<string> = new Set(['cp', 'ln', 'install', 'chmod', 'chown', 'chgrp', 'tar']);

/** `find` options that delete or run a command on what it finds (findutils find(1)). */
const FIND_ACTIONS: ReadonlySet<string> = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir']);

/**
 * What a shell command's words can do to a folder they name: `remove` (or
 * move) it with its contents ({@link REMOVING_COMMANDS}, or `find` with one
 * of {@link FIND_ACTIONS}), `replace` what is in it ({@link REPLACING_COMMANDS}),
 * or `none`. A command is matched by a word's last path segment, so `/bin/rm`
 * counts too.
 * @param words the command's words, quotes removed
 */
export function folderChange(words: readonly string[]): 'remove' | 'replace' | 'none' {
  const names = words.map((word) => word.slice(word.lastIndexOf('/') + 1));
  if (names.some((name) => REMOVING_COMMANDS.has(name))) return 'remove';
  if (names.includes('find') && words.some((word) => FIND_ACTIONS.has(word))) return 'remove';
  return names.some((name) => REPLACING_COMMANDS.has(name)) ? 'replace' : 'none';
}

/**
 * The agent's settings folders named by the protected fragments: the first
 * segment of a relative fragment when it is a dot folder (`.claude/settings`
 * gives `.claude`, `.gemini/policies` gives `.gemini`), lowercase.
 * @param fragments the protected fragments ({@link import('./builtin.ts').ProtectedPaths})
 */
export function settingsFolders(fragments: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const fragment of fragments) {
    const slash = fragment.indexOf('/');
    if (slash > 1 && fragment.startsWith('.')) folders.add(fragment.slice(0, slash));
  }
  return [...folders];
}

/**
 * Whether `folder` holds a protected location or is (or holds) an agent's
 * settings folder: a protected location lies below it, its own name is one
 * of `dotFolders`, or (with `lookInside`, for a command that removes it) one
 * of them exists inside it, as a project's `.claude` does.
 * @param folder an absolute path as the check compares it (lowercase, `/` separators, no trailing `/`), `''` for the root
 * @param onDisk the same path as written, to look inside it on disk
 * @param locations the protected locations as the check compares them
 * @param dotFolders {@link settingsFolders}
 * @param lookInside also look on disk for `dotFolders` inside it
 * @returns what it holds, for the reason, or undefined; never throws
 */
export function holdsProtected(
  folder: string,
  onDisk: string,
  locations: readonly string[],
  dotFolders: readonly string[],
  lookInside: boolean,
): string | undefined {
  const below = locations.find((location) => location.startsWith(`${folder}/`));
  if (below !== undefined) return below;
  const name = folder.slice(folder.lastIndexOf('/') + 1);
  if (dotFolders.includes(name)) return name;
  if (!lookInside) return undefined;
  for (const dot of dotFolders) {
    try {
      lstatSync(path.join(onDisk, dot));
      return `${folder}/${dot}`;
    } catch {
      // Not there: nothing of that agent's settings in this folder.
    }
  }
  return undefined;
}
