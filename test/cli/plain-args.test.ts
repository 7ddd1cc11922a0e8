/**
 * The hook's plain command-line reader (src/cli/plain-args.ts) against
 * node:util's parseArgs itself: for every command line it reads, the same
 * values; every other command line (an error or a form parseArgs reads its
 * own way) is left to parseArgs.
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { plainValues } from '../../src/cli/plain-args.ts';

/** The hook's own options (src/cli/commands/hook.ts). */
const OPTIONS = {
  'allow-up-to': { type: 'string' },
  'egress-allow': { type: 'string', multiple: true },
  map: { type: 'string', multiple: true },
  log: { type: 'string' },
  'no-log': { type: 'boolean', default: false },
  agent: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parsed(args: string[]): Record<string, unknown> {
  return { ...parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values };
}

describe('plain command lines read without parseArgs', () => {
  const plain: string[][] = [
    [],
    ['--log', '/var/log/rclass/audit.jsonl'],
    ['--no-log'],
    ['--help'],
    ['--log', ''],
    ['--log', 'relative/path'],
    ['--log', '/a', '--log', '/b'],
    ['--agent', 'gemini', '--allow-up-to', 'R1'],
    ['--egress-allow', 'example.com', '--map', 'memory=memory', '--egress-allow', 'docs.example.org'],
    ['--no-log', '--no-log', '--help'],
    ['--log', '/a b/c', '--no-log'],
  ];
  for (const args of plain)
    it(`reads ${JSON.stringify(args)} as parseArgs does`, () => {
      const values = plainValues(args, OPTIONS);
      expect(values).toBeDefined();
      expect(Object.getPrototypeOf(values)).toBeNull();
      expect({ ...values }).toEqual(parsed(args));
    });

  const others: string[][] = [
    ['-h'],
    ['--log=/a'],
    ['--log'],
    ['--log', '-'],
    ['--log', '--no-log'],
    ['--allow-up-to', '-R1'],
    ['--no-log', 'extra'],
    ['positional'],
    ['--'],
    ['--', '--log', '/a'],
    ['--unknown'],
    ['--no-log=yes'],
    ['--__proto__', 'x'],
    ['--toString', 'x'],
    ['---log', '/a'],
  ];
  for (const args of others)
    it(`leaves ${JSON.stringify(args)} to parseArgs`, () => {
      expect(plainValues(args, OPTIONS)).toBeUndefined();
    });
});
