/**
 * What a user's word that an entry runs a record (`rclass hook --map`,
 * `rclass proxy --record`, `rclass scan --assume`) may still rely on
 * (SPEC 5.3, 6.3): vouching makes an unrecognised entry that record, but
 * never one the registry knows is not it, and never hides a release the
 * entry names. The entry's words are searched for package specs of the
 * record's own packages, however they are given (`--registry`, `-p`,
 * `--package=`, `--from`, `name@npm:` aliases, an npm registry tarball
 * URL, a whole command line): a spec at or past the package's `before`, or
 * unpinned when `before` is set, refuses the vouching; so does, for a
 * record with `before`, any package spec rclass cannot read as a name and
 * version (a git URL, `file:`, a bare `npm:` alias, another tarball, a
 * local folder), since it could run any release. An entry that uses one of
 * the record's code options (SPEC 6.2) is refused too. Otherwise the
 * version the entry names is the release rules are gated by (SPEC 6.4),
 * as for a recognised entry. Browser-safe.
 */
import { releaseBefore, schemeOf, type ServerVersion } from '../../core/version.ts';
import type { ConfigEntry } from '../types.ts';
import { codeOptionProblem, entryWords } from './code-options.ts';
import { tarballSpec, unreadablePackageWords } from './package-words.ts';
import { normalisePypiName, parseNpmSpec, parsePypiSpec } from './packages.ts';
import { failed } from './shared.ts';
import type { Identification, IdentityIndex } from './types.ts';

/** A package spec of a record's package found among an entry's words. */
interface Mention {
  registry: 'npm' | 'pypi';
  name: string;
  version: ServerVersion;
  word: string;
}

/** The specs a word can carry: itself, the value of `--opt=value`, what an `alias@npm:` alias names, and the `name@version` an npm registry tarball URL serves. */
function candidates(word: string): string[] {
  const out: string[] = [];
  const value = word.startsWith('-') ? (word.includes('=') ? word.slice(word.indexOf('=') + 1) : undefined) : word;
  if (value === undefined || value === '') return out;
  out.push(value);
  const tarball = tarballSpec(value);
  if (tarball !== undefined) out.push(tarball);
  const alias = value.indexOf('@npm:', 1);
  if (alias > 0) out.push(value.slice(alias + '@npm:'.length));
  return out;
}

/** Every spec among the entry's words that names a package of `recordId`. */
function mentionsOf(entry: ConfigEntry, recordId: string, index: IdentityIndex): Mention[] {
  const found: Mention[] = [];
  for (const word of entryWords(entry)) {
    for (const candidate of candidates(word)) {
      const npm = parseNpmSpec(candidate);
      if (!failed(npm) && index.npm.get(npm.name)?.has(recordId) === true)
        found.push({ registry: 'npm', name: npm.name, version: npm.version, word: candidate });
      const pypi = parsePypiSpec(candidate);
      if (!failed(pypi) && index.pypi.get(normalisePypiName(pypi.name))?.has(recordId) === true)
        found.push({ registry: 'pypi', name: pypi.name, version: pypi.version, word: candidate });
    }
  }
  return found;
}

/** A package of the record that names `before`, with that release, if any. */
function recordBefore(recordId: string, index: IdentityIndex): { name: string; version: string } | undefined {
  for (const [key, version] of index.before ?? []) {
    const [registry, name] = key.split(' ') as ['npm' | 'pypi', string];
    if ((registry === 'npm' ? index.npm : index.pypi).get(name)?.has(recordId) === true) return { name, version };
  }
  return undefined;
}

/**
 * Whether a user's word may make an entry record `recordId`, and the release it then runs.
 * @param entry the configuration entry vouched for
 * @param identification what SPEC 6 made of it
 * @param recordId the record the user names
 * @param index the registry's identities (with each package's `before`)
 * @returns why not, or the version to gate rules by: the recognised version, else the one version the entry's words name for the record's packages (null when they name several), else undefined (the user's word that it is current)
 */
export function vouchFor(
  entry: ConfigEntry,
  identification: Identification,
  recordId: string,
  index: IdentityIndex,
): { refuse: string } | { version: ServerVersion } {
  if (identification.status === 'unrecognised' && identification.notRecord === recordId) return { refuse: identification.reason };
  if (identification.status === 'recognised' && identification.recordId === recordId) return { version: identification.version };
  const code = codeOptionProblem(entry, recordId, index.codeOptions?.get(recordId));
  if (code !== undefined) return { refuse: code };
  const before = recordBefore(recordId, index);
  if (before !== undefined) {
    const unreadable = unreadablePackageWords(entryWords(entry));
    if (unreadable.length > 0)
      return {
        refuse: `the entry runs \`${unreadable[0]}\`, a package spec rclass cannot read as a name and version, and the record \`${recordId}\` describes \`${before.name}\` only before ${before.version}, so it could be running another server (SPEC 5.3)`,
      };
  }
  const mentions = mentionsOf(entry, recordId, index);
  for (const mention of mentions) {
    const before = index.before?.get(`${mention.registry} ${mention.registry === 'pypi' ? normalisePypiName(mention.name) : mention.name}`);
    if (before !== undefined && !releaseBefore(before, mention.version, schemeOf(mention.registry)))
      return {
        refuse: `the entry names \`${mention.word}\`, and the record \`${recordId}\` describes \`${mention.name}\` only before ${before}, from which the package runs another server (SPEC 5.3)`,
      };
  }
  const versions = new Set(mentions.map((mention) => mention.version));
  if (versions.size === 0) return { version: undefined };
  return { version: versions.size === 1 ? [...versions][0] : null };
}
