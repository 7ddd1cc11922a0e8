/**
 * Reading a client configuration file from disk (SPEC 6). Node-only; the
 * parsing itself is in `parse.ts`.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type ConfigWithValues, MAX_CONFIG_BYTES, type ParseConfigOptions } from '../../clients/parse.ts';
import { parseConfigWithValues } from '../../clients/parse-text.ts';
import type { ParsedConfig } from '../../clients/types.ts';

/** Options for {@link readConfigFile}. */
export interface ReadConfigOptions extends Omit<ParseConfigOptions, 'path' | 'shownAs'> {
  /** Directory a relative path is resolved against; the process's working directory when omitted. */
  cwd?: string;
}

/**
 * Read and parse a configuration file. The path is made absolute first, so
 * project directories (and launchers inside them) compare as absolute paths.
 * @param file the path as the user gave it
 * @throws ConfigError `missing` if there is no such file, `invalid` if it is not a readable configuration
 */
export async function readConfigFile(file: string, options: ReadConfigOptions = {}): Promise<ParsedConfig> {
  return (await readConfigFileWithValues(file, options)).config;
}

/**
 * Read and parse a configuration file, keeping the `env` and header values
 * starting its servers needs (aligned with the entries; never printed).
 * @throws ConfigError as {@link readConfigFile}
 */
export async function readConfigFileWithValues(file: string, options: ReadConfigOptions = {}): Promise<ConfigWithValues> {
  const absolute = path.resolve(options.cwd ?? process.cwd(), file);
  let size: number;
  try {
    const info = await stat(absolute);
    if (!info.isFile()) throw new ConfigError(`\`${file}\` is not a file`, 'missing');
    size = info.size;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'ENOENT' || code === 'ENOTDIR' ? `no such file \`${file}\`` : `cannot read \`${file}\`: ${code ?? 'unknown error'}`,
      code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'invalid',
    );
  }
  if (size > MAX_CONFIG_BYTES) throw new ConfigError(`\`${file}\` is larger than ${MAX_CONFIG_BYTES} bytes`);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read \`${file}\`: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
  const { cwd: _cwd, ...parseOptions } = options;
  return parseConfigWithValues(text, { shownAs: file, ...parseOptions, path: absolute });
}
