/**
 * A server's own options and variables that choose a program it runs or
 * load code (`server.code_options`, SPEC 6.2): whether a configuration
 * entry uses one, in any spelling its parser accepts. `--opt value` and
 * `--opt=value` for a long option, its name compared without dashes,
 * underscores or case (yargs reads `--executable-Path` as `executablePath`); for a short one (`-e`) also an attached
 * value (`-e./x`) and a group that holds its letter (`-he`), as yargs and
 * getopt read them. Variables are matched by name or, for a name ending in
 * `*`, by prefix, without regard to case (Windows reads names so), in the
 * entry's `env`, the names its client passes on, and `docker run -e`.
 * Every word of the entry is searched, launcher words included, so an
 * option is never missed for where it stands. Browser-safe.
 */
import type { CodeOption } from '../../core/record.ts';
import type { ConfigEntry } from '../types.ts';
import { splitCommandLine } from '../words.ts';
import { failed } from './shared.ts';

/** The entry's words: its command (a whole command line split) and its arguments. */
export function entryWords(entry: ConfigEntry): string[] {
  const command = entry.command?.trim() ?? '';
  const split = /\s/.test(command) ? splitCommandLine(command) : { words: [command] };
  return [...(failed(split) ? [command] : split.words), ...(entry.args ?? [])];
}

/** The variable names `docker run -e` / `--env` (and podman's) set among the words: `-e K`, `-e K=V`, `--env=K=V`, `-eK=V`. */
function containerEnvKeys(words: readonly string[]): string[] {
  const keys: string[] = [];
  words.forEach((word, i) => {
    let value: string | undefined;
    if (word === '-e' || word === '--env') value = words[i + 1];
    else if (word.startsWith('--env=')) value = word.slice('--env='.length);
    else if (/^-e[A-Za-z_]/.test(word)) value = word.slice(2);
    if (value !== undefined) keys.push(value.split('=')[0] ?? '');
  });
  return keys;
}

/**
 * A long option's name as parsers that fold spellings read it: without its
 * dashes and underscores, in lower case. yargs expands `--executable-Path`
 * to `executablePath`, so each of those words names one option (second
 * review of issue 23); folding more than a parser does only refuses more.
 */
function foldedLongOption(text: string): string {
  return text.replace(/^-+/, '').replace(/[-_]/g, '').toLowerCase();
}

/** Whether one word uses one spelling of an option. */
function usesSpelling(word: string, spelling: string): boolean {
  if (spelling.startsWith('--')) {
    if (!word.startsWith('--')) return false;
    const eq = word.indexOf('=');
    return foldedLongOption(eq < 0 ? word : word.slice(0, eq)) === foldedLongOption(spelling);
  }
  // A short option: `-e`, `-e=x`, `-ex`, and any group of letters that holds it (`-he`, `-hev`).
  if (!word.startsWith('-') || word.startsWith('--')) return false;
  const letters = /^-([A-Za-z0-9]+)/.exec(word)?.[1] ?? '';
  return letters.includes(spelling.slice(1));
}

/** Whether a variable name matches a name or prefix (`NAME*`) of a record, without regard to case. */
function matchesVariable(key: string, name: string): boolean {
  const upperKey = key.toUpperCase();
  const upperName = name.toUpperCase();
  return upperName.endsWith('*') ? upperKey.startsWith(upperName.slice(0, -1)) : upperKey === upperName;
}

/**
 * The first of a record's code options an entry uses (SPEC 6.2).
 * @param entry the configuration entry
 * @param options the record's `server.code_options` (none: nothing is used)
 * @returns what the entry uses (a long `option` and `env` as the entry spells them, a short option as the record does) and the record's reason, or undefined
 */
function codeOptionUsed(
  entry: ConfigEntry,
  options: readonly CodeOption[] | undefined,
): { option: string; reason: string } | { env: string; reason: string } | undefined {
  if (options === undefined || options.length === 0) return undefined;
  const words = entryWords(entry);
  const keys = [...entry.envKeys, ...(entry.inheritedEnvKeys ?? []), ...containerEnvKeys(words)];
  for (const item of options) {
    for (const spelling of item.options ?? []) {
      const used = words.find((word) => usesSpelling(word, spelling));
      // A long option is named as the entry spells it (`--executable-path` for the record's `--executablePath`).
      if (used !== undefined) return { option: spelling.startsWith('--') ? (used.split('=')[0] ?? spelling) : spelling, reason: item.reason };
    }
    for (const name of item.env ?? []) {
      const key = keys.find((candidate) => matchesVariable(candidate, name));
      if (key !== undefined) return { env: key, reason: item.reason };
    }
  }
  return undefined;
}

/**
 * Why an entry is not the record `recordId`, when it uses one of the record's code options (SPEC 6.2).
 * @returns a reason naming the option or variable (never its value), or undefined
 */
export function codeOptionProblem(entry: ConfigEntry, recordId: string, options: readonly CodeOption[] | undefined): string | undefined {
  const used = codeOptionUsed(entry, options);
  if (used === undefined) return undefined;
  const what = 'option' in used ? `its arguments use \`${used.option}\`` : `its environment sets \`${used.env}\``;
  return `${what}, with which the \`${recordId}\` server runs other code, so it is not that record (SPEC 6.2): ${used.reason.replace(/\.$/, '')}`;
}
