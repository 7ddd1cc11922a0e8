/**
 * The parts of `rclass scan` one at a time: client locations, variable
 * expansion, the server environment, redaction, reading `tools/list`
 * pages, record suggestions, and the terminal question.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/core/registry.ts';
import { suggestRecords } from '../../src/scan/classify.ts';
import { serverEnvironment } from '../../src/scan/env.ts';
import { ExpandError, expandLaunch, expandValue } from '../../src/scan/expand.ts';
import { readToolsPage } from '../../src/scan/list-tools.ts';
import { clientLocations, showPath } from '../../src/node/clients/locations.ts';
import { terminalAsk } from '../../src/scan/prompt.ts';
import { argumentSecrets, redact, redactTail, safeName, terminalSafe } from '../../src/scan/redact.ts';
import { syntheticRecord } from '../export/registry.ts';
import type { CliIO } from '../../src/cli/io.ts';

describe('client locations', () => {
  it("uses each client's own paths on Linux, macOS and Windows", () => {
    const linux = clientLocations({ HOME: '/home/u' }, '/srv/app', 'linux');
    expect(linux.files.slice(0, 6).map((f) => `${f.client} ${f.file} ${f.repository}`)).toEqual([
      'claude-desktop /home/u/.config/Claude/claude_desktop_config.json false',
      'cursor /home/u/.cursor/mcp.json false',
      'cursor /srv/app/.cursor/mcp.json true',
      'vscode /home/u/.config/Code/User/mcp.json false',
      'vscode /srv/app/.vscode/mcp.json true',
      'windsurf /home/u/.codeium/windsurf/mcp_config.json false',
    ]);
    expect(linux.claudeJson).toBe('/home/u/.claude.json');
    expect(linux.managedMcp).toBe('/etc/claude-code/managed-mcp.json');
    expect(linux.claudeSettings).toEqual({ user: ['/home/u/.claude/settings.json'], managed: ['/etc/claude-code/managed-settings.json'] });

    const mac = clientLocations({ HOME: '/Users/u' }, '/srv/app', 'darwin');
    expect(mac.files[0]!.file).toBe('/Users/u/Library/Application Support/Claude/claude_desktop_config.json');
    expect(mac.files[3]!.file).toBe('/Users/u/Library/Application Support/Code/User/mcp.json');

    const windows = clientLocations({ USERPROFILE: 'C:\\Users\\u', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\work\\app', 'win32');
    expect(windows.files[0]!.file).toBe('C:\\Users\\u\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(windows.files[1]!.file).toBe('C:\\Users\\u\\.cursor\\mcp.json');
    expect(windows.files[5]!.file).toBe('C:\\Users\\u\\.codeium\\windsurf\\mcp_config.json');
  });

  it('follows CLAUDE_CONFIG_DIR and XDG_CONFIG_HOME, and shows paths under ~ or relative to the project', () => {
    const located = clientLocations({ HOME: '/home/u', CLAUDE_CONFIG_DIR: '/cfg/claude', XDG_CONFIG_HOME: '/cfg' }, '/srv/app', 'linux');
    expect(located.claudeJson).toBe('/cfg/claude/.claude.json');
    expect(located.claudeSettings.user).toEqual(['/cfg/claude/settings.json']);
    expect(located.files[0]!.file).toBe('/cfg/Claude/claude_desktop_config.json');
    expect(showPath('/home/u/.cursor/mcp.json', { HOME: '/home/u' }, '/srv/app')).toBe('~/.cursor/mcp.json');
    expect(showPath('/srv/app/.mcp.json', { HOME: '/home/u' }, '/srv/app')).toBe('.mcp.json');
    expect(showPath('/etc/x.json', { HOME: '/home/u' }, '/srv/app')).toBe('/etc/x.json');
  });
});

describe('variable expansion', () => {
  const base = { env: { TOKEN: 't0k', EMPTY: '' }, home: '/home/u', workspace: '/srv/app' };

  it('expands ${VAR} and ${VAR:-default} for Claude Code, and keeps an unset variable without a default as written, as Claude Code does', () => {
    expect(expandValue('--key=${TOKEN}', { ...base, client: 'claude-code' })).toBe('--key=t0k');
    expect(expandValue('${MISSING:-fallback}', { ...base, client: 'claude-code' })).toBe('fallback');
    expect(expandValue('--key=${MISSING}', { ...base, client: 'claude-code' })).toBe('--key=${MISSING}');
    expect(() => expandValue('${not a name}', { ...base, client: 'claude-code' })).toThrow(ExpandError);
  });

  it('expands $VAR and ${VAR} in Gemini CLI env values only, an unset one to empty, and nothing for Codex', () => {
    const context = { ...base, client: 'gemini-cli' as const };
    expect(expandLaunch({ command: '$TOKEN', args: ['${TOKEN}'], env: { A: '$TOKEN', B: '${TOKEN}-x', C: '$MISSING' } }, context)).toEqual({
      command: '$TOKEN',
      args: ['${TOKEN}'],
      env: { A: 't0k', B: 't0k-x', C: '' },
    });
    expect(expandValue('${TOKEN}', { ...base, client: 'codex' })).toBe('${TOKEN}');
  });

  it("expands the editors' variables and refuses ${input:…}, which the editor asks the user for", () => {
    const context = { ...base, client: 'vscode' as const };
    expect(
      expandLaunch(
        { command: 'node', args: ['${workspaceFolder}/server.js', '${userHome}/x', '${env:TOKEN}', '${workspaceFolderBasename}'], env: { A: '${env:NOPE}' } },
        context,
      ),
    ).toEqual({
      command: 'node',
      args: ['/srv/app/server.js', '/home/u/x', 't0k', 'app'],
      env: { A: '' },
    });
    expect(() => expandValue('${input:apiKey}', context)).toThrow('is asked of the user by the editor');
    expect(expandValue('${TOKEN}', { ...base, client: 'claude-desktop' })).toBe('${TOKEN}');
  });
});

describe('server environment', () => {
  it('keeps only the SDK defaults and network settings, drops shell functions, and lets the entry win', () => {
    const user = { PATH: '/bin', HOME: '/h', AWS_SECRET_ACCESS_KEY: 's', https_proxy: 'http://p', SSL_CERT_FILE: '/c', TERM: '() { x; }' };
    expect(serverEnvironment(user, { PATH: '/own', KEY: 'v' }, false, ['HOME', 'PATH', 'TERM'])).toEqual({
      HOME: '/h',
      PATH: '/own',
      https_proxy: 'http://p',
      SSL_CERT_FILE: '/c',
      KEY: 'v',
    });
    expect(serverEnvironment(user, { KEY: 'v' }, true)).toMatchObject({ AWS_SECRET_ACCESS_KEY: 's', KEY: 'v' });
  });
});

describe('redaction', () => {
  it('removes configured values and common token shapes, and keeps the rest', () => {
    const text = 'login failed for abcdef123456 with ghp_0123456789abcdefghijABCDEFGHIJ at postgres://me:pw@db/x; AKIAABCDEFGHIJKLMNOP; api_key=zzzzzzzz ok';
    const out = redact(text, ['abcdef123456', 'short']);
    expect(out).toBe('login failed for [redacted] with [redacted] at postgres://[redacted]db/x; [redacted]; api_key=[redacted] ok');
  });

  it('takes argument values named like secrets: --api-key V, --token=V, NAME=V; not other values', () => {
    expect(
      argumentSecrets([
        '--api-key',
        'ARGSECRETzzz999',
        '--token=TOKSECRET777',
        'GITHUB_PERSONAL_ACCESS_TOKEN=abc123456',
        '--name',
        'plain',
        '-p',
        'x',
        '--auth',
      ]),
    ).toEqual(['ARGSECRETzzz999', 'TOKSECRET777', 'abc123456']);
  });

  it("drops a cut tail's partial first line, or redacts a secret's end it starts with (regression: partial secrets at the 8 KiB cut)", () => {
    expect(redactTail('MNOPQRSTUV\nnext line', ['ABCDEFGHIJKLMNOPQRSTUV'], true)).toBe('next line');
    expect(redactTail('QRSTUV and more', ['ABCDEFGHIJKLMNOPQRSTUV'], true)).toBe('[redacted] and more');
    expect(redactTail('_abc0123456789 more', [], true)).toBe('[cut] more');
    expect(redactTail('QRSTUV and more', ['ABCDEFGHIJKLMNOPQRSTUV'], false)).toBe('QRSTUV and more');
  });

  it('makes report text terminal-safe: escapes, C0/C1 controls but newline, bidi and invisible formatting removed', () => {
    expect(terminalSafe('a\u001b]0;TITLE\u0007b\u001b[31mc\u009bd\u0000e\tf\u200bg\u202eh\u2066i\nj\u2028k')).toBe('abcde fghi\nj k');
  });

  it('strips terminal escapes and controls from names but keeps format characters for --json to escape (the text report removes them), and cuts long ones', () => {
    expect(safeName('rm\u001b[2J\u001b]0;title\u0007_all\u202e\u0085')).toBe('rm_all\u202e');
    expect(terminalSafe(safeName('rm\u001b[2J_all\u202e'))).toBe('rm_all');
    expect(safeName('x'.repeat(200))).toBe(`${'x'.repeat(128)}…`);
  });
});

describe('reading tools/list', () => {
  it('takes names and well-formed annotations, ignores bad annotations, and reads the cursor', () => {
    const page = readToolsPage({
      tools: [
        { name: 'a', annotations: { readOnlyHint: true, extra: 1 } },
        { name: 'b', annotations: { readOnlyHint: 'yes' } },
      ],
      nextCursor: 'c2',
    });
    // The definition (for the fingerprint) keeps the annotations exactly as sent, the unknown key and the bad value included.
    expect(page).toEqual({
      tools: [
        { name: 'a', annotations: { readOnlyHint: true }, definition: { annotations: { readOnlyHint: true, extra: 1 } } },
        { name: 'b', definition: { annotations: { readOnlyHint: 'yes' } } },
      ],
      nextCursor: 'c2',
    });
  });

  it('refuses a reply without a tools list, a tool without a name, or a cursor that is not a string', () => {
    expect(() => readToolsPage({})).toThrow('has no `tools` list');
    expect(() => readToolsPage({ tools: [{ name: 'a' }, { title: 'b' }] })).toThrow('tool 2 of its tools/list reply has no name');
    expect(() => readToolsPage({ tools: [], nextCursor: 3 })).toThrow('`nextCursor` that is not a string');
  });
});

describe('record suggestions', () => {
  const registry = Registry.fromRecords([
    syntheticRecord('alpha', [
      { name: 'read', class: 'R0' },
      { name: 'write', class: 'R4' },
      { name: 'list', class: 'R0' },
    ]),
    syntheticRecord('beta', [
      { name: 'read', class: 'R0' },
      { name: 'write', class: 'R4' },
      { name: 'list', class: 'R0' },
      { name: 'drop', class: 'R4' },
    ]),
    syntheticRecord('gamma', [{ name: 'read', class: 'R0' }]),
  ]);

  it('suggests records that list most live names, closest fit first, and nothing for a weak match', () => {
    expect(suggestRecords([{ name: 'read' }, { name: 'write' }, { name: 'list' }], registry)).toEqual([
      { record: 'alpha', matched: 3, of: 3 },
      { record: 'beta', matched: 3, of: 3 },
    ]);
    expect(suggestRecords([{ name: 'read' }, { name: 'other' }, { name: 'more' }], registry)).toEqual([]);
  });
});

describe('the terminal question', () => {
  function io(lines: string, tty: boolean): { io: CliIO; written: () => string } {
    let written = '';
    const stdin = Object.assign(
      (async function* () {
        yield lines;
      })(),
      { isTTY: tty },
    );
    return {
      io: {
        stdin,
        stdout: { write: () => true },
        stderr: Object.assign({ write: (chunk: string) => (written += chunk) }, { isTTY: tty }),
        env: {},
        cwd: path.sep,
      },
      written: () => written,
    };
  }

  it('asks on a terminal and reads one answer per question; only y or yes agree', async () => {
    const { io: terminal, written } = io('yes\nn\n', true);
    const ask = terminalAsk(terminal)!;
    expect(await ask('Start them?')).toBe(true);
    expect(await ask('And these?')).toBe(false);
    expect(await ask('Once more?')).toBe(false);
    expect(written()).toBe('Start them? [y/N] And these? [y/N] Once more? [y/N] ');
  });

  it('asks nothing when stdin is not a terminal', () => {
    expect(terminalAsk(io('y\n', false).io)).toBeUndefined();
  });
});
