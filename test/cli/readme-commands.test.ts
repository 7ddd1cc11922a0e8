/**
 * Every shell command in the README's code blocks that runs rclass names a
 * subcommand and options the CLI has, as its `--help` lists them (read
 * in-process), and the README names no npm package that is not this one
 * (issue 15: `npx rclass …` read as an install of an unpublished name).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';
import { README, VERSION, shellLines } from './readme-lines.ts';

/** The words after `rclass` in a command line, up to a redirection, a pipe or `--`. */
function rclassWords(line: string): string[] | undefined {
  const words = line.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  const at = words.findIndex((word, i) => word === 'rclass' && (i === 0 || words[i - 1] === 'npx'));
  if (at < 0) return undefined;
  const rest = words.slice(at + 1);
  const end = rest.findIndex((word) => word === '--' || /^[|>&]/.test(word) || word === '&&');
  return end < 0 ? rest : rest.slice(0, end);
}

/** The options a help text names (`--json`, `--format`, …). */
function optionsIn(help: string): Set<string> {
  return new Set(help.match(/--[a-z][a-z0-9-]*/g) ?? []);
}

describe('README commands', () => {
  const commands = shellLines()
    .map((line) => ({ line, words: rclassWords(line) }))
    .filter((c): c is { line: string; words: string[] } => c.words !== undefined);

  it('has rclass commands to check', () => {
    expect(commands.length).toBeGreaterThan(15);
  });

  it('every rclass command names a subcommand and options that `rclass <command> --help` lists', async () => {
    const main = await runCli(['--help']);
    const problems: string[] = [];
    for (const { line, words } of commands) {
      const [command, ...args] = words;
      if (command === undefined || command.startsWith('-')) {
        for (const flag of words) if (!optionsIn(main.stdout).has(flag.replace(/=.*/, ''))) problems.push(`${line}: \`${flag}\` is not in \`rclass --help\``);
        continue;
      }
      if (!new RegExp(`^  rclass ${command} `, 'm').test(main.stdout)) {
        problems.push(`${line}: \`${command}\` is not a command of \`rclass --help\``);
        continue;
      }
      const help = await runCli([command, '--help']);
      const known = optionsIn(help.stdout);
      for (const arg of args)
        if (/^--[a-z]/.test(arg) && !known.has(arg.replace(/=.*/, ''))) problems.push(`${line}: \`${arg}\` is not in \`rclass ${command} --help\``);
    }
    expect(problems).toEqual([]);
  });

  it('runs rclass only as `npx rclass` in the clone or as an installed `rclass`, names the tarball of this version, and says the npm name is not this package', () => {
    for (const line of shellLines()) {
      const npx = /(?:^|\s)npx\s+(?:-\S+\s+)*(\S+)/.exec(line);
      // npx runs only this package's own bin, tsx (a devDependency), or a server package after `--`.
      if (npx !== null && !line.startsWith('rclass ') && !/^rclass proxy -- /.test(line)) expect(['rclass', 'tsx'], line).toContain(npx[1]);
    }
    expect(README).toContain(`npm install -g ./reversibility-classes-${VERSION}.tgz`);
    expect(README).toContain('There is no `rclass` package on npm');
  });
});
