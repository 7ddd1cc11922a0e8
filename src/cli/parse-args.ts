/**
 * Every `rclass` command reads its command line through {@link parseCommandLine}:
 * node:util's `parseArgs`, with its errors reworded as our own one-line
 * usage errors (issue 15: "Node's raw parseArgs messages are replaced by our own").
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.ts';

/** The value of `parseArgs` for a configuration. */
export type ParsedCommandLine<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** Node's own spelling of an option in its messages (`-h, --help`, `--out <value>`) as the user typed it: `--help`, `--out`. */
function optionName(spelled: string): string {
  return spelled.replace(/^-\w, /, '').replace(/ <value>$/, '');
}

/**
 * Reword a node:util parseArgs error. The codes and message shapes are
 * Node's (lib/internal/util/parse_args/parse_args.js, Node 20–24):
 * ERR_PARSE_ARGS_UNKNOWN_OPTION, ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL and
 * ERR_PARSE_ARGS_INVALID_OPTION_VALUE (a missing value, a value given to a
 * flag, or an option whose value starts with `-`).
 * @param error what parseArgs threw
 * @returns our message (lowercase, options in backticks, no trailing period), or undefined when `error` is not a parseArgs error
 */
export function parseArgsMessage(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof Error) || typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) return undefined;
  const message = error.message;
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown !== null) return `unknown option \`${unknown[1]}\``;
  const unexpected = /^Unexpected argument '([^']+)'/.exec(message);
  if (unexpected !== null) return `unexpected argument \`${unexpected[1]}\`; this command takes options only`;
  const missing = /^Option '([^']+)' argument missing/.exec(message);
  if (missing !== null) return `option \`${optionName(missing[1]!)}\` needs a value`;
  const ambiguous = /^Option '([^']+)' argument is ambiguous/.exec(message);
  if (ambiguous !== null) {
    const name = optionName(ambiguous[1]!);
    return `option \`${name}\` needs a value, and the next word starts with \`-\`; write \`${name}=VALUE\` if the value starts with \`-\``;
  }
  const flag = /^Option '([^']+)' does not take an argument/.exec(message);
  if (flag !== null) return `option \`${optionName(flag[1]!)}\` takes no value`;
  const takes = /^Option '([^']+)' takes an argument/.exec(message);
  if (takes !== null) return `option \`${optionName(takes[1]!)}\` needs a value`;
  return `the command line could not be read (${code})`;
}

/**
 * `parseArgs` with our usage errors.
 * @param config node:util parseArgs configuration (always `args` and `strict: true` in rclass)
 * @returns what parseArgs returns
 * @throws UsageError worded by {@link parseArgsMessage} when the command line does not fit `config`
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ParsedCommandLine<T> {
  try {
    return parseArgs(config);
  } catch (error) {
    const message = parseArgsMessage(error);
    if (message !== undefined) throw new UsageError(message);
    throw error;
  }
}
