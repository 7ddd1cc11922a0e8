/**
 * Usage errors are worded by rclass, not by node:util parseArgs (issue 15):
 * every command that reads options, for each kind of parseArgs error.
 */
import { describe, expect, it } from 'vitest';
import { parseArgsMessage } from '../../src/cli/parse-args.ts';
import { runCli } from './harness.ts';

/** Phrases only Node's own parseArgs messages contain. */
const NODE_WORDING = [
  /To specify/,
  /Did you forget/,
  /argument is ambiguous/,
  /'--/,
  /does not take an argument/,
  /This command does not take positional arguments/,
];

function expectOurWording(stderr: string): void {
  for (const phrase of NODE_WORDING) expect(stderr).not.toMatch(phrase);
}

describe('usage errors in our own words', () => {
  const cases: { argv: string[]; message: string }[] = [
    { argv: ['lookup', 'sqlite', 'write_query', '--x'], message: 'rclass: unknown option `--x`\n' },
    {
      argv: ['lookup', 'sqlite', 'write_query', '--args', '--json'],
      message: 'rclass: option `--args` needs a value, and the next word starts with `-`; write `--args=VALUE` if the value starts with `-`\n',
    },
    { argv: ['lookup', 'sqlite', 'write_query', '--json=yes'], message: 'rclass: option `--json` takes no value\n' },
    { argv: ['lookup', 'sqlite', 'write_query', '--args'], message: 'rclass: option `--args` needs a value\n' },
    {
      argv: ['scan', '--list', '--timeout', '-5'],
      message: 'rclass: option `--timeout` needs a value, and the next word starts with `-`; write `--timeout=VALUE` if the value starts with `-`\n',
    },
    { argv: ['export', '--bogus'], message: 'rclass: unknown option `--bogus`\n' },
    { argv: ['policy', '--format', 'cel', '-q'], message: 'rclass: unknown option `-q`\n' },
    { argv: ['audit', 'verify', '--log'], message: 'rclass: option `--log` needs a value\n' },
    { argv: ['proxy', '--nope', '--', 'true'], message: 'rclass: unknown option `--nope`\n' },
  ];
  for (const { argv, message } of cases) {
    it(`\`rclass ${argv.join(' ')}\` exits 2 with "${message.trim()}"`, async () => {
      const result = await runCli(argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.startsWith(message)).toBe(true);
      expectOurWording(result.stderr);
    });
  }

  it('the hook names a bad option in our words in its misconfiguration answer, and still asks', async () => {
    const result = await runCli(['hook', '--x'], { stdin: '{}' });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('rclass hook is misconfigured (unknown option `--x`)');
    expect(result.stdout).toContain('"permissionDecision":"ask"');
    expectOurWording(result.stderr + result.stdout);
  });

  it('rewords a positional given to an options-only parser, and ignores errors that are not parseArgs errors', () => {
    const error = Object.assign(new TypeError("Unexpected argument 'x'. This command does not take positional arguments"), {
      code: 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
    });
    expect(parseArgsMessage(error)).toBe('unexpected argument `x`; this command takes options only');
    expect(parseArgsMessage(new Error("Unknown option '--x'"))).toBeUndefined();
  });
});
