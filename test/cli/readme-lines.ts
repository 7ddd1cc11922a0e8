/**
 * The README as the README tests read it: its text, the package version its
 * commands name, and the lines of its shell code blocks with comments cut.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.ts';

export const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
export const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The lines of the README's `sh` code blocks, comments cut. */
export function shellLines(): string[] {
  const lines: string[] = [];
  for (const block of README.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)) {
    for (const line of block[1]!.split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command !== '' && !command.startsWith('#')) lines.push(command);
    }
  }
  return lines;
}
