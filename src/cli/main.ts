/**
 * The `rclass` command line: `lookup`, `scan`, `export`, `policy`, `hook`
 * (the agent hooks), `proxy` (an MCP proxy that gates one server) and
 * `audit` (their log). {@link run} is the whole CLI as
 * a function of its arguments and I/O, so tests run it in-process;
 * {@link main} binds it to the real process.
 *
 * Exit codes: 0 ok, 1 a threshold was met (`lookup`/`scan --fail-on`) or the audit
 * log does not verify, 2 usage error, 3 incomplete; `hook` always exits 0.
 * Any unexpected error is reported on stderr with exit 3, never a stack
 * trace on stdout and never silence.
 */
import { exportCommand, EXPORT_HELP, EXPORT_USAGE } from './commands/export.ts';
import { AUDIT_HELP, AUDIT_USAGE, auditCommand } from './commands/audit.ts';
import { HOOK_HELP, HOOK_USAGE, hookCommand } from './commands/hook.ts';
import { lookupCommand, LOOKUP_HELP, LOOKUP_USAGE } from './commands/lookup.ts';
import { policyCommand, POLICY_HELP, POLICY_USAGE } from './commands/policy.ts';
import { PROXY_HELP, PROXY_USAGE, proxyCommand } from './commands/proxy.ts';
import { SCAN_HELP, SCAN_USAGE, scanCommand } from './commands/scan.ts';
import { RECORDS_HELP, RECORDS_USAGE, recordsCommand } from './commands/records.ts';
import { EXIT, type CliIO, UsageError, complain } from './io.ts';
import { parseArgsMessage } from './parse-args.ts';
import { packageVersion } from '../node/registry.ts';
import { messageOf } from '../core/errors.ts';

export type { CliIO } from './io.ts';
export { EXIT } from './io.ts';

/** The top-level help text. */
export const MAIN_HELP = `usage: rclass <command> [options]

Reversibility Classes R0–R4 for AI agent tool calls: how hard a mistaken
call would be to undo, from an evidence-linked registry of MCP servers.

commands:
  ${LOOKUP_USAGE}
  ${SCAN_USAGE}
  ${EXPORT_USAGE}
  ${POLICY_USAGE}
  ${HOOK_USAGE}
  ${PROXY_USAGE}
  ${AUDIT_USAGE}
  ${RECORDS_USAGE}

  rclass <command> --help   details of one command
  rclass --version          the version of rclass

Exit codes: 0 ok, 1 a threshold was met (or the audit log does not verify),
2 usage error, 3 incomplete; \`rclass hook\` always exits 0.
`;

const COMMANDS: Readonly<Record<string, { run: (argv: string[], io: CliIO) => Promise<number>; help: string }>> = {
  lookup: { run: lookupCommand, help: LOOKUP_HELP },
  scan: { run: scanCommand, help: SCAN_HELP },
  export: { run: exportCommand, help: EXPORT_HELP },
  policy: { run: policyCommand, help: POLICY_HELP },
  hook: { run: hookCommand, help: HOOK_HELP },
  proxy: { run: proxyCommand, help: PROXY_HELP },
  audit: { run: auditCommand, help: AUDIT_HELP },
  records: { run: recordsCommand, help: RECORDS_HELP },
};

function usageMessage(error: unknown): string {
  // parseArgs errors are already reworded by parseCommandLine (src/cli/parse-args.ts); this catches any that slipped past it.
  return (
    parseArgsMessage(error) ??
    messageOf(error)
      .replace(/\.$/, '')
      .replace(/^./, (c) => c.toLowerCase())
  );
}

/**
 * Run the CLI.
 * @param argv the arguments after the program name, e.g. `["lookup", "sqlite", "write_query"]`
 * @param io the streams, environment and working directory to use
 * @returns the exit code (0 ok, 1 threshold met, 2 usage error, 3 incomplete); never throws
 */
export async function run(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      if (command === undefined) {
        io.stderr.write(MAIN_HELP);
        return EXIT.usage;
      }
      const topic = rest[0] !== undefined ? COMMANDS[rest[0]] : undefined;
      io.stdout.write(topic !== undefined && topic.help !== '' ? topic.help : MAIN_HELP);
      return EXIT.ok;
    }
    if (command === '--version' || command === '-V') {
      io.stdout.write(`rclass ${await packageVersion()}\n`);
      return EXIT.ok;
    }
    const entry = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (entry === undefined) throw new UsageError(`unknown command \`${command}\``);
    return await entry.run(rest, io);
  } catch (error) {
    const isUsage = error instanceof UsageError || parseArgsMessage(error) !== undefined;
    if (isUsage) {
      complain(io, usageMessage(error));
      const entry = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
      const usage = entry !== undefined && entry.help !== '' ? entry.help.split('\n')[0]! : 'usage: rclass <command> [options]';
      io.stderr.write(`${usage}\nrun \`rclass ${entry !== undefined && entry.help !== '' ? `${command} ` : ''}--help\` for details\n`);
      return EXIT.usage;
    }
    complain(io, `internal error: ${messageOf(error)}`);
    return EXIT.incomplete;
  }
}

/**
 * Run the CLI on the real process: `process.argv`, the standard streams and
 * environment. Sets `process.exitCode` rather than exiting, so output is
 * flushed; a closed stdout (`rclass export | head`) ends quietly, and a
 * closed stderr changes no exit code.
 */
export async function main(): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  // A closed stderr (`rclass … 2>&1 | head -0`, a parent that stopped reading) must not
  // turn a usage error (exit 2) into a crash (exit 1): what could not be said is dropped.
  process.stderr.on('error', () => {});
  const argv = process.argv.slice(2);
  const code = await run(argv, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
  process.exitCode = code;
  // The hook has answered: end now, rather than wait for stdin or work cut off by its deadline.
  if (argv[0] === 'hook' || argv[0] === 'proxy') process.stdout.write('', () => process.exit(code));
}
