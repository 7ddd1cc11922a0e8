/**
 * The identities a CLI command matches configuration entries against: the
 * registry's, plus the server mapping file's (SPEC 6.3), with every problem
 * of that file reported on stderr. Shared by `policy` and `scan`.
 */
import { buildIdentityIndex, type IdentityIndex, withMappings } from '../clients/identify/index.ts';
import { projectSettingsInspector } from '../node/clients/project-settings.ts';
import { loadServerMappings, MappingFileError } from '../node/clients/read-mappings.ts';
import type { Registry } from '../core/registry.ts';
import { type CliIO, UsageError, complain } from './io.ts';
import { messageOf } from '../core/errors.ts';

/**
 * Build the identity index for a command that reads a client configuration.
 * A mapping file with any problem is not used at all (its servers stay
 * unrecognised, R4) and makes the result incomplete; one the user can write
 * is used, with a warning, since the user runs this command themselves.
 * @param flag `--servers FILE`, relative to `io.cwd`
 * @returns the index, whether the result is incomplete, and the mapping file used (absolute), if any
 * @throws UsageError when `--servers` or `RCLASS_SERVERS` names a file that does not exist
 */
export async function identityIndexFor(
  io: CliIO,
  registry: Registry,
  flag: string | undefined,
): Promise<{ index: IdentityIndex; incomplete: boolean; file?: string }> {
  const index: IdentityIndex = { ...buildIdentityIndex(registry.document.servers), project: projectSettingsInspector(io.env.HOME ?? io.env.USERPROFILE) };
  let loaded: Awaited<ReturnType<typeof loadServerMappings>>;
  try {
    loaded = await loadServerMappings({ ...(flag !== undefined ? { flag } : {}), env: io.env, cwd: io.cwd });
  } catch (error) {
    if (error instanceof MappingFileError && error.message.startsWith('no such')) throw new UsageError(error.message);
    complain(io, messageOf(error));
    return { index, incomplete: true };
  }
  if (loaded.file === undefined) return { index, incomplete: false };
  if (loaded.problems.length > 0) {
    for (const problem of loaded.problems) io.stderr.write(`${problem}\n`);
    complain(
      io,
      `the server mapping file \`${loaded.file}\` has ${loaded.problems.length === 1 ? 'a problem' : `${loaded.problems.length} problems`}, so none of its mappings is used`,
    );
    return { index, incomplete: true, file: loaded.file };
  }
  if (loaded.writable) {
    complain(
      io,
      `warning: you can edit the server mapping file \`${loaded.file}\` (or a folder on its path), and so could an agent running as you; keep it where agents and repositories cannot write (SPEC 6.3). \`rclass hook\` does not use it.`,
    );
  }
  const added = withMappings(index, loaded.mappings, (id) => registry.server(id) !== undefined);
  for (const problem of added.problems) io.stderr.write(`${problem}\n`);
  return { index: added.index, incomplete: added.problems.length > 0, file: loaded.file };
}
