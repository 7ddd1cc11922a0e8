/**
 * Which record the server behind `rclass proxy` runs (SPEC 6): its command
 * line is read as a stdio configuration entry and identified like any
 * other; `--record ID` vouches for it instead, as `--map` does for the
 * Claude Code hook. Variables in the proxy's own environment that change
 * what its launcher runs (SPEC 6.2, `PATH` and the home and XDG folders
 * excepted: every process has them, and they are the user's own; and only
 * the families that launcher reads, since clients pass their whole
 * environment on) leave the server unrecognised. Node-only.
 */
import { changesWhatLauncherRuns, envLauncherOf, USER_FOLDER_KEYS } from '../../clients/identify/env-keys.ts';
import { identifyEntry, type IdentityIndex, vouchFor } from '../../clients/identify/index.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import type { ServerResolution } from '../identify-session.ts';

/** What the proxy wraps. */
export interface WrappedServer {
  /** The name the log and reasons give the server: `--name`, else the record id, else the launcher's base name. */
  name?: string;
  command: string;
  args: string[];
  /** `--record ID`: the user vouches that the command runs this record. */
  record?: string;
  /** The folder the server starts in (a project's launcher settings are inspected there, SPEC 6.2). */
  cwd?: string;
}

/**
 * Resolve the wrapped server once, for every call.
 * @param env the proxy's environment (only variable names are read)
 * @param hasRecord whether the registry has a record id
 * @returns a resolution whose `tool` is empty (each call fills it in)
 */
export function resolveWrapped(
  server: WrappedServer,
  env: Readonly<Record<string, string | undefined>>,
  index: IdentityIndex,
  hasRecord: (id: string) => boolean,
): ServerResolution {
  const bare: ConfigEntry = {
    name: server.name ?? 'proxy',
    scope: 'rclass proxy',
    transport: 'stdio',
    command: server.command,
    args: server.args,
    envKeys: [],
    headerKeys: [],
    disabled: false,
    problems: [],
    ...(server.cwd !== undefined ? { projectDir: server.cwd } : {}),
  };
  // Clients hand stdio servers their whole environment, so a variable counts only for the launcher it changes (`PIP_*` not for npx);
  // with no launcher known, every one counts. PATH and the home and XDG folders are the user's own here, not a configuration's.
  const plain = identifyEntry(bare, index);
  const launcher = plain.status === 'recognised' ? envLauncherOf(plain.launcher) : undefined;
  const envKeys = Object.keys(env).filter(
    (key) => key.toUpperCase() !== 'PATH' && !USER_FOLDER_KEYS.has(key.toUpperCase()) && changesWhatLauncherRuns(key, launcher) && (env[key] ?? '') !== '',
  );
  const entry: ConfigEntry = { ...bare, envKeys };
  const identification = envKeys.length === 0 ? plain : identifyEntry(entry, index);
  const fallbackName = server.command.split(/[\\/]/).at(-1) ?? server.command;
  if (server.record !== undefined) {
    const name = server.name ?? server.record;
    if (!hasRecord(server.record))
      return { status: 'unrecognised', server: name, tool: '', reason: `the registry has no record \`${server.record}\` (--record)` };
    const env = envKeys[0];
    if (env !== undefined)
      return {
        status: 'unrecognised',
        server: name,
        tool: '',
        reason: `\`--record ${server.record}\` does not apply: the proxy's environment sets \`${env}\`, which changes what code runs`,
      };
    if (identification.status === 'recognised' && identification.recordId !== server.record) {
      return {
        status: 'unrecognised',
        server: name,
        tool: '',
        reason: `the command runs record \`${identification.recordId}\`, but \`--record\` names \`${server.record}\``,
      };
    }
    const vouched = vouchFor(entry, identification, server.record, index);
    if ('refuse' in vouched)
      return { status: 'unrecognised', server: name, tool: '', reason: `\`--record ${server.record}\` does not apply: ${vouched.refuse}` };
    return {
      status: 'recognised',
      server: name,
      tool: '',
      recordId: server.record,
      version: vouched.version,
      via: 'map',
      subject: `--record ${server.record}`,
    };
  }
  if (identification.status !== 'recognised') {
    const why = identification.status === 'disabled' ? 'the entry is disabled' : identification.reason;
    return {
      status: 'unrecognised',
      server: server.name ?? fallbackName,
      tool: '',
      reason:
        identification.status === 'unrecognised' && identification.notRecord !== undefined
          ? why
          : `${why}; name the record with \`--record ID\` if you know which server this is`,
    };
  }
  return {
    status: 'recognised',
    server: server.name ?? identification.recordId,
    tool: '',
    recordId: identification.recordId,
    version: identification.version,
    via: 'config',
    subject: identification.subject,
    ...(identification.mapping !== undefined ? { mapping: identification.mapping } : {}),
  };
}
