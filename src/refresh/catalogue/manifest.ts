/**
 * What the npm registry says about a catalogue package's newest release
 * before anything is installed (issue 25 item 4): its `latest` version and
 * whether its manifest names a bin. The package document is
 * `GET {registry}/{name}` with the scope's `/` written `%2F`, asked in the
 * abbreviated form (`Accept: application/vnd.npm.install-v1+json`), whose
 * versions keep `bin` and `directories` (npm/registry
 * docs/responses/package-metadata.md). A package whose manifest names no bin
 * has nothing to start, so the catalogue reports it without installing it.
 */
import semver from 'semver';
import { messageOf } from '../../core/errors.ts';
import type { NpmOptions } from '../latest.ts';

/**
 * The newest release as the registry describes it. `bin`: `yes` when its manifest names at least one bin, `no` when
 * it names none (no `bin` and no `directories.bin`), `unknown` when the manifest has a shape not read here.
 */
export type LatestManifest = { ok: true; version: string; bin: 'yes' | 'no' | 'unknown' } | { ok: false; message: string };

/**
 * Read the `latest` release of one package document (already parsed JSON).
 * @returns the version and whether it names a bin, or why not; never throws
 */
export function readLatestManifest(name: string, document: unknown): LatestManifest {
  const doc = document as { 'dist-tags'?: { latest?: unknown }; versions?: Record<string, unknown> } | null;
  const latest = doc?.['dist-tags']?.latest;
  if (typeof latest !== 'string' || semver.valid(latest) === null) return { ok: false, message: `\`${name}\` has no valid \`latest\` dist-tag` };
  const manifest = doc?.versions?.[latest] as { bin?: unknown; directories?: { bin?: unknown } } | undefined;
  if (manifest === null || typeof manifest !== 'object') return { ok: true, version: latest, bin: 'unknown' };
  const { bin, directories } = manifest;
  if (typeof bin === 'string') return { ok: true, version: latest, bin: bin === '' ? 'no' : 'yes' };
  if (bin !== undefined && bin !== null && typeof bin !== 'object') return { ok: true, version: latest, bin: 'unknown' };
  if (bin !== undefined && bin !== null && Object.keys(bin).length > 0) return { ok: true, version: latest, bin: 'yes' };
  // `directories.bin` makes every file of that folder a bin when npm installs it (package.json docs), so it is not "no bin".
  if (directories !== null && typeof directories === 'object' && directories.bin !== undefined) return { ok: true, version: latest, bin: 'unknown' };
  return { ok: true, version: latest, bin: 'no' };
}

/**
 * Fetch and read a package's newest release from the registry ({@link readLatestManifest}).
 * @returns the version and whether it names a bin, or why the registry could not tell; never throws
 */
export async function npmLatestManifest(name: string, options: NpmOptions): Promise<LatestManifest> {
  const base = options.registry.endsWith('/') ? options.registry : `${options.registry}/`;
  try {
    const response = await (options.fetch ?? fetch)(`${base}${name.replace('/', '%2F')}`, {
      headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status === 404) return { ok: false, message: `npm has no package \`${name}\`` };
    if (!response.ok) return { ok: false, message: `the npm registry answered ${response.status} for \`${name}\`` };
    return readLatestManifest(name, await response.json());
  } catch (error) {
    return { ok: false, message: `the npm registry could not be read for \`${name}\` (${messageOf(error)})` };
  }
}
