/**
 * A recognised server told to run other code through its own options or
 * variables (`server.code_options`, SPEC 6.2; issue 23 item 3) is not that
 * record: the review's reproductions against the registry's real
 * playwright, chrome-devtools, puppeteer and git records, every spelling
 * their parsers accept, and the plain entries that stay recognised.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildIdentityIndex, identifyEntry, type Identification, vouchFor } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { ROOT } from '../cli/harness.ts';

/** The registry's own records of these servers, as committed. */
const RECORDS = ['playwright', 'chrome-devtools', 'puppeteer', 'git'].map(
  (id) => parse(readFileSync(path.join(ROOT, 'registry', `${id}.yaml`), 'utf8')) as ServerRecord,
);
const index = buildIdentityIndex(RECORDS);

function identify(entry: Record<string, unknown>): Identification {
  return identifyEntry(normaliseEntry('claude-code', 'x', 'mcpServers', entry), index);
}

/** Expect the entry to be refused as `record`, with a reason naming `named` and never the value `hidden`. */
function expectRefused(entry: Record<string, unknown>, record: string, named: string, hidden = './evil.sh'): void {
  const result = identify(entry);
  expect(result, JSON.stringify(entry)).toMatchObject({ status: 'unrecognised', notRecord: record });
  if (result.status !== 'unrecognised') return;
  expect(result.reason).toContain(`\`${named}\``);
  expect(result.reason).toContain(`the \`${record}\` server runs other code`);
  expect(result.reason).not.toContain(hidden);
}

const playwright = (...args: string[]) => ({ command: 'npx', args: ['-y', '@playwright/mcp@latest', ...args] });
const devtools = (...args: string[]) => ({ command: 'npx', args: ['-y', 'chrome-devtools-mcp@latest', ...args] });
const git = (env: Record<string, string>) => ({ command: 'uvx', args: ['mcp-server-git'], env });

describe('playwright told to run other code', () => {
  it('regression: `@playwright/mcp --executable-path ./evil.sh` is not the playwright record, in both spellings commander accepts', () => {
    expectRefused(playwright('--executable-path', './evil.sh'), 'playwright', '--executable-path');
    expectRefused(playwright('--headless', '--executable-path=./evil.sh'), 'playwright', '--executable-path');
  });

  it('refuses --config, --init-page and --init-script, and the same through the mcr.microsoft.com image', () => {
    expectRefused(playwright('--config', './evil.sh'), 'playwright', '--config');
    expectRefused(playwright('--init-page=./evil.sh'), 'playwright', '--init-page');
    expectRefused(playwright('--init-script', './evil.sh'), 'playwright', '--init-script');
    expectRefused(
      { command: 'docker', args: ['run', '-i', '--rm', 'mcr.microsoft.com/playwright/mcp', '--executable-path', './evil.sh'] },
      'playwright',
      '--executable-path',
    );
  });

  it('regression: PLAYWRIGHT_MCP_* variables that name an executable, a config file or code, and PLAYWRIGHT_BROWSERS_PATH', () => {
    for (const key of [
      'PLAYWRIGHT_MCP_EXECUTABLE_PATH',
      'PLAYWRIGHT_MCP_CONFIG',
      'PLAYWRIGHT_MCP_INIT_PAGE',
      'PLAYWRIGHT_MCP_INIT_SCRIPT',
      'PLAYWRIGHT_BROWSERS_PATH',
    ])
      expectRefused({ ...playwright(), env: { [key]: './evil.sh' } }, 'playwright', key);
  });

  it('still recognises plain playwright entries, with options and variables that run nothing', () => {
    expect(identify(playwright('--headless', '--isolated', '--caps=vision', '--output-dir', './out'))).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
    });
    expect(identify({ ...playwright(), env: { PLAYWRIGHT_MCP_HEADLESS: 'true' } })).toMatchObject({ status: 'recognised', recordId: 'playwright' });
  });
});

describe('chrome-devtools told to run other code', () => {
  it('regression: `chrome-devtools-mcp --executablePath` is not the chrome-devtools record, in every spelling yargs accepts', () => {
    for (const args of [
      ['--executablePath', './evil.sh'],
      ['--executablePath=./evil.sh'],
      ['--executable-path', './evil.sh'],
      ['-e', './evil.sh'],
      ['-e./evil.sh'],
      ['-he', './evil.sh'],
    ])
      expectRefused(
        devtools(...args),
        'chrome-devtools',
        args[0] === '--executable-path' ? '--executable-path' : args[0]!.startsWith('--') ? '--executablePath' : '-e',
      );
  });

  it('refuses --chromeArg, --experimentalFfmpegPath, --config and PLUGIN_DATA', () => {
    expectRefused(devtools('--chromeArg=--renderer-cmd-prefix=./evil.sh'), 'chrome-devtools', '--chromeArg');
    expectRefused(devtools('--chrome-arg', '--load-extension=./evil.sh'), 'chrome-devtools', '--chrome-arg');
    expectRefused(devtools('--experimentalScreencast', '--experimentalFfmpegPath', './evil.sh'), 'chrome-devtools', '--experimentalFfmpegPath');
    expectRefused(devtools('--config', './evil.sh'), 'chrome-devtools', '--config');
    expectRefused({ ...devtools(), env: { PLUGIN_DATA: './evil.sh' } }, 'chrome-devtools', 'PLUGIN_DATA');
  });

  it('still recognises chrome-devtools with options that run nothing', () => {
    expect(identify(devtools('--headless', '--isolated', '--channel=canary'))).toMatchObject({ status: 'recognised', recordId: 'chrome-devtools' });
  });
});

describe('puppeteer told to run other code', () => {
  it('regression: PUPPETEER_EXECUTABLE_PATH (and PUPPETEER_LAUNCH_OPTIONS, PUPPETEER_CACHE_DIR) leave the puppeteer server unrecognised, also as docker -e', () => {
    const npx = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-puppeteer'] };
    for (const key of ['PUPPETEER_EXECUTABLE_PATH', 'PUPPETEER_LAUNCH_OPTIONS', 'PUPPETEER_CACHE_DIR'])
      expectRefused({ ...npx, env: { [key]: './evil.sh' } }, 'puppeteer', key);
    expectRefused(
      { command: 'docker', args: ['run', '-i', '--rm', '-e', 'PUPPETEER_EXECUTABLE_PATH=./evil.sh', 'mcp/puppeteer'] },
      'puppeteer',
      'PUPPETEER_EXECUTABLE_PATH',
    );
    expect(identify(npx)).toMatchObject({ status: 'recognised', recordId: 'puppeteer' });
  });
});

describe('git told to run other code', () => {
  it('regression: GIT_CONFIG_COUNT/KEY_0/VALUE_0 (core.fsmonitor) is not the git record', () => {
    expectRefused(git({ GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: "sh -c './evil.sh'" }), 'git', 'GIT_CONFIG_COUNT');
    // The numbered keys alone, by their documented prefix, and in another case (Windows reads names without case).
    expectRefused(git({ GIT_CONFIG_KEY_3: 'core.fsmonitor' }), 'git', 'GIT_CONFIG_KEY_3');
    expectRefused(git({ git_config_value_0: './evil.sh' }), 'git', 'git_config_value_0');
  });

  it('regression: GIT_SSH_COMMAND, GIT_EXEC_PATH and GIT_CONFIG_GLOBAL are not the git record', () => {
    for (const key of ['GIT_SSH_COMMAND', 'GIT_EXEC_PATH', 'GIT_CONFIG_GLOBAL', 'GIT_EXTERNAL_DIFF', 'GIT_DIR', 'GIT_ASKPASS'])
      expectRefused(git({ [key]: './evil.sh' }), 'git', key);
  });

  it('regression (second review): spellings yargs folds into an option (--executable-Path, --chrome-Arg=, --experimental-Ffmpeg-Path) are that option', () => {
    for (const args of [
      ['--executable-Path', './evil.sh'],
      ['--chrome-Arg=--renderer-cmd-prefix=./evil.sh'],
      ['--experimental-Ffmpeg-Path', './evil.sh'],
      ['--EXECUTABLE_PATH', './evil.sh'],
    ]) {
      const result = identify(devtools(...args));
      expect(result, args.join(' ')).toMatchObject({ status: 'unrecognised', notRecord: 'chrome-devtools' });
    }
  });

  it('regression (second review): GIT_PYTHON_GIT_EXECUTABLE, the git program GitPython runs, is not the git record', () => {
    expectRefused(git({ GIT_PYTHON_GIT_EXECUTABLE: './evil.sh' }), 'git', 'GIT_PYTHON_GIT_EXECUTABLE');
  });

  it('regression: docker -e GIT_CONFIG_PARAMETERS is not the git record, in each -e spelling', () => {
    for (const env of [['-e', "GIT_CONFIG_PARAMETERS='core.fsmonitor'='./evil.sh'"], ['--env=GIT_CONFIG_PARAMETERS=x'], ['-e', 'GIT_CONFIG_PARAMETERS']])
      expectRefused({ command: 'docker', args: ['run', '-i', '--rm', ...env, 'mcp/git'] }, 'git', 'GIT_CONFIG_PARAMETERS');
  });

  it('still recognises git with variables that run nothing', () => {
    expect(identify({ command: 'uvx', args: ['mcp-server-git', '--repository', '.'], env: { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b.c' } })).toMatchObject(
      {
        status: 'recognised',
        recordId: 'git',
      },
    );
    expect(identify({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'GIT_AUTHOR_NAME=a', 'mcp/git'] })).toMatchObject({
      status: 'recognised',
      recordId: 'git',
    });
  });
});

describe('vouching for a record whose code options the entry uses', () => {
  it('refuses --map / --record / --assume for such an entry, recognised or not', () => {
    const recognised = normaliseEntry('claude-code', 'pw', 'mcpServers', playwright('--executable-path', './evil.sh'));
    expect(vouchFor(recognised, identifyEntry(recognised, index), 'playwright', index)).toMatchObject({
      refuse: expect.stringContaining('`--executable-path`'),
    });
    const launcher = normaliseEntry('claude-code', 'pw', 'mcpServers', { command: '/opt/pw/bin/playwright-mcp', args: ['--executable-path', './evil.sh'] });
    expect(vouchFor(launcher, identifyEntry(launcher, index), 'playwright', index)).toMatchObject({ refuse: expect.stringContaining('`--executable-path`') });
    const plain = normaliseEntry('claude-code', 'pw', 'mcpServers', { command: '/opt/pw/bin/playwright-mcp', args: ['--headless'] });
    expect(vouchFor(plain, identifyEntry(plain, index), 'playwright', index)).toEqual({ version: undefined });
  });
});
