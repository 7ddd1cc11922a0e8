/**
 * Read-only AWS CLI commands (SPEC 5.4.5). Browser-safe.
 *
 * The aws-api-mcp-server (awslabs/mcp, src/aws-api-mcp-server) runs the
 * `cli_command` of `call_aws` in process: it splits the text with Python's
 * `shlex.split`, requires the first token to be `aws`
 * (core/parser/lexer.py), reads the global options with the AWS CLI's
 * argparse parser over every token, abbreviations included
 * (`--endpoint` is `--endpoint-url`), and calls the operation that
 * `<service> <operation>` names (core/parser/parser.py). A command holds here
 * only when that reading is beyond doubt and the operation is on the reviewed
 * allowlist: an allowlist of characters, of shapes, of options and of
 * operations, each failing closed.
 */

/** CLI service → set of accepted CLI operation names (the generated list, SPEC 5.4.5). */
export type AwsOperationList = ReadonlyMap<string, ReadonlySet<string>>;

/** The verdict on one `cli_command` value. */
export interface AwsCommandVerdict {
  readOnly: boolean;
  /** Why not, in a short lowercase phrase; empty when read-only. */
  reason: string;
}

/** Longest command text analysed, in characters; longer text does not hold. */
export const AWS_COMMAND_MAX_LENGTH = 4096;
/** Most commands in a list form; a longer list does not hold (the server's own default cap is 20). */
export const AWS_COMMAND_MAX_BATCH = 20;

/**
 * Every character a command may hold: ASCII letters, digits, the space and
 * `- _ . , : / = + [ ]`. With no quote, backslash, tab, newline or `#`,
 * `shlex.split` splits on runs of spaces only, so the tokens below are the
 * server's; `$`, backticks, `*`, `?`, `~`, `|`, `;`, `&`, `<`, `>`, `(`, `)`,
 * `{`, `}`, `@`, `!` and `%` are refused with everything else.
 */
const COMMAND_CHARSET = /^[A-Za-z0-9 _.,:/=+[\]-]*$/;
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const OPTION = /^--[a-z0-9]+(-[a-z0-9]+)*$/;
const REGION = /^[a-z]{2,}(-[a-z]+)+-[0-9]{1,2}$/;

/**
 * The global options of the AWS CLI v1 (awscli/data/cli.json, aws/aws-cli
 * 1.45.55) and the `--version` the server adds (GlobalArgParser._build).
 * Argparse accepts any unambiguous prefix of each, anywhere in the command.
 */
const AWS_GLOBAL_OPTIONS: readonly string[] = [
  '--debug',
  '--endpoint-url',
  '--no-verify-ssl',
  '--no-paginate',
  '--output',
  '--query',
  '--profile',
  '--region',
  '--version',
  '--color',
  '--no-sign-request',
  '--ca-bundle',
  '--cli-read-timeout',
  '--cli-connect-timeout',
  '--v2-debug',
];

/**
 * Global options a read-only command may carry, spelled out in full, with
 * what their value may be. `--region` moves the read to another region of
 * the same account and credentials; `--output` and `--query` shape the answer
 * on the client (JMESPath has no side effects); `--no-paginate` reads one page.
 * `--endpoint-url`, `--profile`, `--ca-bundle`, `--no-sign-request`,
 * `--no-verify-ssl` and `--debug` change where, as whom or how safely the
 * call goes, and are refused with every abbreviation of every global option.
 */
const ALLOWED_GLOBALS: ReadonlyMap<string, 'none' | ((value: string) => boolean)> = new Map<string, 'none' | ((value: string) => boolean)>([
  ['--region', (value) => REGION.test(value)],
  ['--output', (value) => value === 'json' || value === 'text' || value === 'table'],
  ['--query', () => true],
  ['--no-paginate', 'none'],
]);

/**
 * Options the AWS CLI adds to every operation that read input from a file or
 * print something other than the call's answer (awscli/customizations/
 * cliinputjson.py, generatecliskeleton.py), refused with their prefixes; any
 * option that starts with `--cli-` is refused too.
 */
const REFUSED_OPERATION_OPTIONS: readonly string[] = ['--cli-input-json', '--cli-input-yaml', '--generate-cli-skeleton', '--outfile'];

function isPrefixOfAny(option: string, names: readonly string[]): string | undefined {
  return names.find((name) => name.startsWith(option));
}

/**
 * Decide whether one command text is a read-only AWS CLI command.
 * @param command one command as the call carries it
 * @param operations the accepted `<service> <operation>` pairs
 * @returns `{readOnly, reason}`; never throws
 */
function analyzeAwsCommandText(command: string, operations: AwsOperationList): AwsCommandVerdict {
  const no = (reason: string): AwsCommandVerdict => ({ readOnly: false, reason });
  if (command.length > AWS_COMMAND_MAX_LENGTH) return no('the command is too long to analyse');
  if (!COMMAND_CHARSET.test(command))
    return no('the command holds a character outside the allowed set (quotes, shell operators, globs, `$`, newlines and the like)');
  const tokens = command.split(' ').filter((token) => token !== '');
  if (tokens[0] !== 'aws') return no('the command does not start with `aws`');
  const [, service, operation] = tokens;
  if (service === undefined || operation === undefined || !NAME.test(service) || !NAME.test(operation))
    return no('the command does not start with `aws <service> <operation>`');
  if (!operations.get(service)?.has(operation)) return no(`\`${service} ${operation}\` is not on the list of read-only operations`);
  // After the operation: options, each followed by its values. `values` says what may follow the last option.
  let values: 'any' | 'none' | ((value: string) => boolean) = 'none';
  let needsValue = false;
  for (const token of tokens.slice(3)) {
    if (token.startsWith('-')) {
      if (needsValue) return no('an option is missing its value');
      if (!OPTION.test(token)) return no(`\`${token.slice(0, 40)}\` is not a plain \`--option\``);
      const allowed = ALLOWED_GLOBALS.get(token);
      if (allowed !== undefined) {
        values = allowed;
        needsValue = allowed !== 'none';
        continue;
      }
      const global = isPrefixOfAny(token, AWS_GLOBAL_OPTIONS);
      if (global !== undefined) return no(`\`${token}\` is, or abbreviates, the global option \`${global}\``);
      const refused = isPrefixOfAny(token, REFUSED_OPERATION_OPTIONS);
      if (refused !== undefined || token.startsWith('--cli-'))
        return no(`\`${token}\` is, or abbreviates, \`${refused ?? token}\`, which reads or prints something else`);
      values = 'any';
      needsValue = false;
      continue;
    }
    if (values === 'none') return no(`\`${token.slice(0, 40)}\` is a positional argument, which the analysis does not accept`);
    if (token.includes('://')) return no('a value names a file or a URL (`file://`, `fileb://`, `http://`), which the AWS CLI would read');
    if (typeof values === 'function') {
      if (!values(token)) return no(`\`${token.slice(0, 40)}\` is not an accepted value of its option`);
      values = 'none';
    }
    needsValue = false;
  }
  if (needsValue) return no('an option is missing its value');
  return { readOnly: true, reason: '' };
}

/**
 * Decide whether a `cli_command` argument is read-only: one command text, or
 * a non-empty list of them of which every one is (SPEC 5.4.5).
 * @param value the argument as the call carries it (any JSON value)
 * @param operations the accepted `<service> <operation>` pairs
 * @returns `{readOnly, reason}`; never throws
 */
export function analyzeAwsCommand(value: unknown, operations: AwsOperationList): AwsCommandVerdict {
  if (typeof value === 'string') return analyzeAwsCommandText(value, operations);
  if (!Array.isArray(value)) return { readOnly: false, reason: 'the command is neither a string nor a list of strings' };
  if (value.length === 0) return { readOnly: false, reason: 'the list of commands is empty' };
  if (value.length > AWS_COMMAND_MAX_BATCH) return { readOnly: false, reason: 'the list holds more commands than the analysis accepts' };
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string') return { readOnly: false, reason: `command ${index + 1} is not a string` };
    const verdict = analyzeAwsCommandText(item, operations);
    if (!verdict.readOnly) return { readOnly: false, reason: `command ${index + 1}: ${verdict.reason}` };
  }
  return { readOnly: true, reason: '' };
}
