/**
 * Parsing a client configuration file from its text in any format: JSON
 * (strict first, then tolerant, {@link parseConfigJson}), TOML (Codex, by
 * smol-toml) and YAML (Continue, Goose, by yaml), then the client's rules
 * of `parse.ts`. A module of its own so that code reading only JSON (the
 * hook and `~/.claude.json`) never loads the TOML and YAML parsers: loading
 * yaml cost an MCP decision about 4 ms of CPU (issue 14). Browser-safe.
 */
import { parse as parseToml, TomlError } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { ConfigError, type ConfigWithValues, configValuesFromDocument, formatOf, type ParseConfigOptions, parseConfigJson } from './parse.ts';
import type { ParsedConfig } from './types.ts';

/** Parse TOML or YAML into a document, or throw a ConfigError naming the line. */
function parseOther(format: 'toml' | 'yaml', body: string, where: string): unknown {
  if (format === 'toml') {
    try {
      return parseToml(body);
    } catch (error) {
      const at = error instanceof TomlError ? ` at line ${error.line} column ${error.column}` : '';
      throw new ConfigError(`cannot parse ${where} as TOML${at}`);
    }
  }
  try {
    // One plain YAML document; aliases are refused so a small file cannot expand into a huge one.
    return parseYaml(body, { maxAliasCount: 0, prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    const position = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0];
    throw new ConfigError(`cannot parse ${where} as YAML${position !== undefined ? ` at line ${position.line} column ${position.col}` : ''}`);
  }
}

/**
 * Parse a client configuration file.
 * @param text the file's content (a leading UTF-8 byte order mark is ignored)
 * @param options the path (to guess client and project), a forced client, the home directory
 * @returns the client, its entries in file order, and notes about the file
 * @throws ConfigError when the text cannot be parsed (JSON tolerantly, TOML, YAML), is not an object, or its client cannot be told
 */
export function parseConfigText(text: string, options: ParseConfigOptions = {}): ParsedConfig {
  return parseConfigWithValues(text, options).config;
}

/**
 * Parse a client configuration file, keeping the `env` and header values
 * that starting its servers needs (`rclass scan`); everything else should
 * use {@link parseConfigText}. JSON is read strict first and tolerantly
 * only when that fails (see {@link parseConfigJson}); TOML and YAML by their
 * own parsers.
 * @throws ConfigError as {@link parseConfigText}
 */
export function parseConfigWithValues(text: string, options: ParseConfigOptions = {}): ConfigWithValues {
  const shown = options.shownAs ?? options.path;
  const where = shown === undefined ? 'the configuration' : `\`${shown}\``;
  const format = formatOf(options.path, options.client);
  if (format === 'json') return configValuesFromDocument(parseConfigJson(text, where), 'json', options);
  const hadBom = text.charCodeAt(0) === 0xfeff;
  return configValuesFromDocument({ document: parseOther(format, hadBom ? text.slice(1) : text, where), strict: true, hadBom }, format, options);
}
