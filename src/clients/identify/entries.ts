/**
 * Identifying the record a client configuration entry, or a whole
 * configuration, runs (SPEC 6), and the reasons shown when it is not
 * recognised. Browser-safe.
 */
import type { ConfigEntry, ParsedConfig } from '../types.ts';
import { hasShellSpecial } from '../words.ts';
import { codeOptionProblem } from './code-options.ts';
import { identifyCommand } from './commands.ts';
import { PROXY_WRAPPER, unwrapRclassProxy } from './proxy-wrapper.ts';
import { failed, isAbsolutePath } from './shared.ts';
import type { IdentifiedVia, Identification, IdentityIndex, PackageLauncher } from './types.ts';
import { identifyUrl } from './urls.ts';
import { messageOf } from '../../core/errors.ts';
import { safeText } from '../../core/safe-text.ts';

/** A failed step as an answer, keeping the record it is known not to run. */
function unrecognisedStep(step: { error: string; notRecord?: string }): Identification {
  return { status: 'unrecognised', reason: step.error, ...(step.notRecord !== undefined ? { notRecord: step.notRecord } : {}) };
}

/**
 * Identify one entry (SPEC 6). Every consumer (scan, policy, the hooks,
 * the proxy) asks here, so an entry that uses one of its record's code
 * options (SPEC 6.2) is unrecognised for all of them.
 * @returns `disabled` for an entry the client does not run, `invalid` for
 *   one its client cannot use, `unrecognised` with a reason, or the record
 */
export function identifyEntry(entry: ConfigEntry, index: IdentityIndex): Identification {
  // `rclass proxy -- COMMAND…` runs COMMAND, behind rclass's gate.
  const wrapped = entry.disabled || entry.problems.length > 0 ? undefined : unwrapRclassProxy(entry);
  if (wrapped !== undefined) {
    if ('error' in wrapped) return { status: 'unrecognised', reason: shownReason(wrapped.error) };
    const inner = identifyEntry(wrapped, index);
    if (inner.status === 'recognised') return { ...inner, gatedBy: PROXY_WRAPPER };
    if (inner.status === 'unrecognised' || inner.status === 'invalid') return { ...inner, reason: `the server behind \`${PROXY_WRAPPER}\`: ${inner.reason}` };
    return inner;
  }
  const result = identifyParsedEntry(entry, index);
  if (result.status === 'unrecognised' || result.status === 'invalid') return { ...result, reason: shownReason(result.reason) };
  if (result.status === 'recognised' && result.via !== 'url') {
    // The server's own options that run other code (SPEC 6.2); a hosted server runs nothing of the entry's.
    const why = codeOptionProblem(entry, result.recordId, index.codeOptions?.get(result.recordId));
    if (why !== undefined) return { status: 'unrecognised', reason: shownReason(why), notRecord: result.recordId };
  }
  if (result.status === 'recognised' && index.project !== undefined) {
    const launcher = packageLauncher(result.launcher);
    // The folder the server starts in: its `cwd` when the entry sets one (Codex, Gemini CLI), else the project.
    for (const dir of startFolders(entry)) {
      const why = launcher === undefined ? undefined : index.project(dir, launcher);
      if (why !== undefined) return { status: 'unrecognised', reason: shownReason(why) };
    }
  }
  return result;
}

/** The folders whose launcher settings count for an entry (SPEC 6.2): the project, and its `cwd` (relative to the project when relative). */
function startFolders(entry: ConfigEntry): string[] {
  const dirs: string[] = [];
  if (entry.projectDir !== undefined) dirs.push(entry.projectDir);
  if (entry.cwd !== undefined) {
    if (isAbsolutePath(entry.cwd)) dirs.push(entry.cwd);
    else if (entry.projectDir !== undefined) dirs.push(`${entry.projectDir.replace(/[\\/]+$/, '')}/${entry.cwd}`);
  }
  return dirs;
}

/** Which launcher family's settings decide what an entry's launcher installs. */
function packageLauncher(launcher: string): PackageLauncher | undefined {
  if (/(^|\s)(npx|npm exec|npm x)(\s|$)/.test(launcher)) return 'npm';
  if (/(^|\s)(pnpm dlx|pnpx)(\s|$)/.test(launcher)) return 'pnpm';
  if (/(^|\s)bunx(\s|$)/.test(launcher)) return 'bun';
  if (/(^|\s)(uvx|uv tool run)(\s|$)/.test(launcher)) return 'uv';
  return undefined;
}

/**
 * A reason as it may be shown: no URL userinfo, query or `--option=value`
 * value, and no control or bidirectional characters, whatever word of the
 * configuration a message quoted (SPEC 6.2: values are never shown).
 */
function shownReason(reason: string): string {
  return safeText(reason, { keepTabAndNewline: true })
    .replace(/(\/\/)[^/\s`@]*@/g, '$1…@')
    .replace(/(--?[A-Za-z0-9][A-Za-z0-9_.-]*)=[^\s`]+/g, '$1=…')
    .replace(/\?[^\s`]+/g, '?…');
}

function identifyParsedEntry(entry: ConfigEntry, index: IdentityIndex): Identification {
  if (entry.disabled) return { status: 'disabled' };
  if (entry.problems.length > 0) return { status: 'invalid', reason: entry.problems.join('; ') };
  if (entry.opaque !== undefined) return { status: 'unrecognised', reason: entry.opaque };
  if (entry.command !== undefined && /\$\{input:/.test([entry.command, ...(entry.args ?? [])].join(' '))) {
    // VS Code asks the user for `${input:…}` values when it starts the server, so what runs is not in the file.
    return { status: 'unrecognised', reason: 'its command line uses `${input:…}`, a value the editor asks the user for, so what runs is unknown' };
  }
  try {
    if (entry.transport === 'stdio') {
      if (entry.command === undefined) return { status: 'invalid', reason: 'a stdio entry has no `command`' };
      if (entry.command !== entry.command.trim()) {
        return { status: 'unrecognised', reason: "the command starts or ends with whitespace, which the client keeps as part of the program's path" };
      }
      if (hasShellSpecial(entry.command) && !/\s/.test(entry.command.trim())) {
        return { status: 'unrecognised', reason: `the command contains characters shells read differently` };
      }
      const found = identifyCommand(entry, index);
      if (failed(found)) return unrecognisedStep(found);
      return {
        status: 'recognised',
        recordId: found.recordId,
        via: found.subject.split(' ')[0] as IdentifiedVia,
        subject: found.subject,
        version: found.version,
        launcher: found.launcher,
        ...(found.mapping !== undefined ? { mapping: found.mapping } : {}),
      };
    }
    if (entry.transport === 'http' || entry.transport === 'sse' || entry.transport === 'ws') {
      if (entry.url === undefined) return { status: 'invalid', reason: 'a remote entry has no URL' };
      const found = identifyUrl(entry.url, index);
      if (failed(found)) return unrecognisedStep(found);
      return {
        status: 'recognised',
        recordId: found.recordId,
        via: 'url',
        subject: found.subject,
        version: undefined,
        launcher: entry.transport,
        ...(found.mapping !== undefined ? { mapping: found.mapping } : {}),
      };
    }
    return { status: 'unrecognised', reason: "the entry's transport is not understood" };
  } catch (error) {
    return { status: 'unrecognised', reason: `identification failed: ${messageOf(error)}` };
  }
}

/** One server name of a configuration, after merging its scopes. */
export interface IdentifiedServer {
  /** The name the client gives the server. */
  name: string;
  /** Every entry with that name that the client runs (disabled ones are left out), with its answer. */
  entries: Array<{ entry: ConfigEntry; identification: Identification }>;
  /** The record id when every entry with the name runs the same record. */
  recordId?: string;
  /** Why the name is unrecognised (including invalid entries and scopes that disagree). */
  unrecognised?: string;
  /** True when at least one entry is invalid for its client (SPEC 6.2; exit 3 in the CLI). */
  invalid: boolean;
}

/**
 * Identify every server a configuration runs. Entries that share a name in
 * different scopes (Claude Code's user and project scopes) must all run the
 * same record, or the name is unrecognised; disabled entries are skipped.
 * @returns one item per name that some scope runs, sorted by name, plus the names that are only disabled
 */
export function identifyConfig(config: ParsedConfig, index: IdentityIndex): { servers: IdentifiedServer[]; disabled: string[] } {
  const byName = new Map<string, Array<{ entry: ConfigEntry; identification: Identification }>>();
  const disabled = new Set<string>();
  for (const entry of config.entries) {
    const identification = identifyEntry(entry, index);
    if (identification.status === 'disabled') {
      disabled.add(entry.name);
      continue;
    }
    const list = byName.get(entry.name) ?? [];
    list.push({ entry, identification });
    byName.set(entry.name, list);
  }
  const servers: IdentifiedServer[] = [];
  for (const [name, entries] of byName) {
    disabled.delete(name);
    const invalid = entries.some((item) => item.identification.status === 'invalid');
    const reasons: string[] = [];
    const ids = new Set<string>();
    for (const { entry, identification } of entries) {
      const where = entries.length > 1 ? ` (in \`${entry.scope}\`)` : '';
      if (identification.status === 'recognised') ids.add(identification.recordId);
      else if (identification.status === 'invalid' || identification.status === 'unrecognised') reasons.push(`${identification.reason}${where}`);
    }
    const server: IdentifiedServer = { name, entries, invalid };
    if (reasons.length > 0) server.unrecognised = reasons.join('; ');
    else if (ids.size > 1) server.unrecognised = `its scopes run different servers (${[...ids].sort().join(', ')})`;
    else server.recordId = [...ids][0]!;
    servers.push(server);
  }
  servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { servers, disabled: [...disabled].sort() };
}
