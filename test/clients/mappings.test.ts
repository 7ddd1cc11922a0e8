/**
 * Server mapping files (SPEC 6.3): what a file may say, where its problems
 * are reported, and which configuration entries each kind of mapping
 * recognises — and which it must leave unrecognised.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyEntry, withMappings, type Identification } from '../../src/clients/identify/index.ts';
import { normaliseRegistryUrl, parseServerMappings } from '../../src/clients/mappings.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import { IDENTITY_RECORDS } from './records.ts';

const FILE = `servers:
  - record: github
    image: registry.corp.example/mcp/github-mcp-server
  - record: filesystem
    command: /opt/mcp/fs/bin/server
    args: [--stdio, /data]
  - record: heroku
    package: "@corp/heroku-mcp"
    registry: https://npm.corp.example
  - record: playwright
    url: https://mcp-gw.corp.example/playwright
`;

const known = new Set(IDENTITY_RECORDS.map((r) => r.id));
const base = buildIdentityIndex(IDENTITY_RECORDS);

function indexFor(text: string) {
  const parsed = parseServerMappings(text, 'servers.yaml');
  expect(parsed.problems).toEqual([]);
  return withMappings(base, parsed.mappings, (id) => known.has(id));
}

function identify(text: string, entry: Record<string, unknown>, projectDir?: string): Identification {
  return identifyEntry(normaliseEntry('claude-code', 'x', 'mcpServers', entry, projectDir), indexFor(text).index);
}

describe('parsing a mapping file', () => {
  it('reads every kind of mapping with its FILE:LINE:COL', () => {
    const { mappings, problems } = parseServerMappings(FILE, '/etc/rclass/servers.yaml');
    expect(problems).toEqual([]);
    expect(mappings).toEqual([
      { record: 'github', at: '/etc/rclass/servers.yaml:2:5', kind: 'image', image: 'registry.corp.example/mcp/github-mcp-server' },
      { record: 'filesystem', at: '/etc/rclass/servers.yaml:4:5', kind: 'command', command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/data'] },
      { record: 'heroku', at: '/etc/rclass/servers.yaml:7:5', kind: 'package', package: '@corp/heroku-mcp', registry: 'https://npm.corp.example/' },
      { record: 'playwright', at: '/etc/rclass/servers.yaml:10:5', kind: 'url', url: 'https://mcp-gw.corp.example/playwright' },
    ]);
  });

  const bad: Array<[string, string, string]> = [
    [
      'two subjects in one mapping',
      'servers:\n  - record: github\n    image: a/b\n    url: https://x.example/\n',
      's.yaml:2:5  error  [servers-file]  a mapping names one thing to recognise; this one has `image` and `url`',
    ],
    ['no subject', 'servers:\n  - record: github\n', 's.yaml:2:5  error  [servers-file]  a mapping needs one of `command`, `image`, `package` or `url`'],
    ['no record', 'servers:\n  - image: a/b\n', 's.yaml:2:5  error  [servers-file]  a mapping needs `record`, the registry record it runs'],
    [
      'a record id with capitals',
      'servers:\n  - record: GitHub\n    image: a/b\n',
      's.yaml:2:13  error  [servers-file]  `GitHub` is not a record id (lowercase letters, digits and dashes)',
    ],
    [
      'a relative launcher',
      'servers:\n  - record: git\n    command: bin/server\n',
      's.yaml:3:14  error  [servers-file]  `command` must be an absolute path; `bin/server` would be looked up on PATH or read against a folder',
    ],
    [
      'a launcher found on PATH',
      'servers:\n  - record: git\n    command: node\n',
      's.yaml:3:14  error  [servers-file]  `command` must be an absolute path; `node` would be looked up on PATH or read against a folder',
    ],
    [
      'an argument YAML reads as a number',
      'servers:\n  - record: git\n    command: /opt/s\n    args: [--port, 8080]\n',
      's.yaml:4:20  error  [servers-file]  each of `args` must be a string (quote numbers and flags YAML reads otherwise)',
    ],
    [
      'an image with a tag',
      'servers:\n  - record: github\n    image: corp/gh:1.2\n',
      's.yaml:3:12  error  [servers-file]  name the image without a tag or digest; the tag in a configuration still counts for `min_version`',
    ],
    [
      'a package without its registry',
      'servers:\n  - record: heroku\n    package: "@corp/h"\n',
      's.yaml:2:5  error  [servers-file]  a `package` mapping needs `registry`, the npm registry it is installed from',
    ],
    [
      'a plain-http registry',
      'servers:\n  - record: heroku\n    package: "@corp/h"\n    registry: http://npm.corp.example\n',
      's.yaml:4:15  error  [servers-file]  `registry` must be an https URL without userinfo, query or fragment',
    ],
    [
      'a URL with userinfo',
      'servers:\n  - record: github\n    url: https://u@gw.example/\n',
      's.yaml:3:10  error  [servers-file]  `url` must be an https URL without userinfo, query or fragment',
    ],
    [
      'args without a command',
      'servers:\n  - record: github\n    image: a/b\n    args: [x]\n',
      's.yaml:4:11  error  [servers-file]  `args` goes only with `command`',
    ],
    [
      'an unknown key',
      'servers:\n  - record: github\n    image: a/b\n    tag: "1"\n',
      's.yaml:4:5  error  [servers-file]  unknown key `tag`; a mapping has `record` and one of `command` (with `args`), `image`, `package` (with `registry`) or `url`',
    ],
    ['a top-level key other than servers', 'mappings: []\n', 's.yaml:1:1  error  [servers-file]  unknown key `mappings`; the file has only `servers`'],
    [
      'a duplicated key (YAML)',
      'servers:\n  - record: github\n    record: git\n    image: a/b\n',
      's.yaml:3:5  error  [servers-file]  Map keys must be unique',
    ],
  ];
  for (const [name, text, expected] of bad) {
    it(`reports ${name} at its line and column and maps nothing`, () => {
      const { mappings, problems } = parseServerMappings(text, 's.yaml');
      expect(problems).toContain(expected);
      expect(mappings).toEqual([]);
    });
  }

  it('all or nothing: one bad mapping among good ones leaves the whole file unused', () => {
    const { mappings, problems } = parseServerMappings(`${FILE}  - record: git\n    command: relative/server\n`, 's.yaml');
    expect(problems).toHaveLength(1);
    expect(mappings).toEqual([]);
  });

  it('drops a mapping whose record the registry does not have, and says so', () => {
    const parsed = parseServerMappings('servers:\n  - record: corp-billing\n    command: /opt/billing\n', 's.yaml');
    const { index, problems } = withMappings(base, parsed.mappings, (id) => known.has(id));
    expect(problems).toEqual([
      "s.yaml:2:5  warning  [servers-file]  the registry has no record `corp-billing`, so this mapping recognises nothing (the file's other mappings still apply)",
    ]);
    expect(identifyEntry(normaliseEntry('claude-code', 'b', 'mcpServers', { command: '/opt/billing' }), index).status).toBe('unrecognised');
  });

  it('normalises registry URLs as npm compares them', () => {
    expect(normaliseRegistryUrl('https://npm.corp.example')).toBe('https://npm.corp.example/');
    expect(normaliseRegistryUrl('https://NPM.corp.example/npm/')).toBe('https://npm.corp.example/npm/');
    expect(normaliseRegistryUrl('https://npm.corp.example/?a=1')).toBeUndefined();
    expect(normaliseRegistryUrl('http://npm.corp.example/')).toBeUndefined();
  });
});

describe('what a mapping recognises (SPEC 6.3)', () => {
  it('an absolute launcher with exactly its arguments', () => {
    expect(identify(FILE, { command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/data'] })).toMatchObject({
      status: 'recognised',
      recordId: 'filesystem',
      via: 'command',
      mapping: 'servers.yaml:4:5',
    });
  });

  it('leaves the same launcher with other arguments unrecognised', () => {
    const result = identify(FILE, { command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/etc'] });
    expect(result).toEqual({
      status: 'unrecognised',
      reason: 'a server mapping (servers.yaml:4:5) names the launcher `/opt/mcp/fs/bin/server` with other arguments',
    });
  });

  it('leaves a mapped launcher unrecognised when its env changes what runs', () => {
    const result = identify(FILE, { command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/data'], env: { NODE_OPTIONS: '--require /tmp/x.js' } });
    expect(result).toMatchObject({ status: 'unrecognised', reason: expect.stringContaining('`NODE_OPTIONS`') });
  });

  it('leaves a mapped launcher unrecognised when it lies inside the project', () => {
    const text = 'servers:\n  - record: git\n    command: /srv/app/bin/server\n';
    const result = identify(text, { command: '/srv/app/bin/server' }, '/srv/app');
    expect(result).toEqual({
      status: 'unrecognised',
      reason: 'the launcher `/srv/app/bin/server` lies inside the project, so no server mapping vouches for it',
    });
  });

  it('a mirrored image, with the tag still read as the version', () => {
    const result = identify(FILE, { command: 'docker', args: ['run', '-i', '--rm', 'registry.corp.example/mcp/github-mcp-server:1.12.0'] });
    expect(result).toMatchObject({ status: 'recognised', recordId: 'github', via: 'image', version: '1.12.0', mapping: 'servers.yaml:2:5' });
  });

  it('keeps refusing an entrypoint override of a mirrored image', () => {
    const result = identify(FILE, { command: 'docker', args: ['run', '-i', '--entrypoint', 'sh', 'registry.corp.example/mcp/github-mcp-server'] });
    expect(result).toMatchObject({ status: 'unrecognised', reason: expect.stringContaining('--entrypoint') });
  });

  it("regression: a mirrored package at or past its record's before is still not that record (SPEC 5.3, 6.3)", () => {
    const text = 'servers:\n  - record: stripe\n    package: "@stripe/mcp"\n    registry: https://npm.corp.example/\n';
    const at = (spec: string) => identify(text, { command: 'npx', args: ['-y', '--registry=https://npm.corp.example/', spec] });
    expect(at('@stripe/mcp@0.2.5')).toMatchObject({ status: 'recognised', recordId: 'stripe', version: '0.2.5', mapping: 'servers.yaml:2:5' });
    for (const spec of ['@stripe/mcp@0.3.3', '@stripe/mcp', '@stripe/mcp@latest']) {
      expect(at(spec), spec).toMatchObject({ status: 'unrecognised', notRecord: 'stripe', reason: expect.stringContaining('only before 0.3.1') });
    }
  });

  it('an internal package only when the entry names the mapped registry', () => {
    expect(identify(FILE, { command: 'npx', args: ['-y', '--registry', 'https://npm.corp.example', '@corp/heroku-mcp'] })).toMatchObject({
      status: 'recognised',
      recordId: 'heroku',
      mapping: 'servers.yaml:7:5',
      launcher: 'npx --registry',
    });
    expect(identify(FILE, { command: 'npx', args: ['--registry=https://npm.corp.example/', '-y', '@corp/heroku-mcp@2.0.0'] })).toMatchObject({
      status: 'recognised',
      recordId: 'heroku',
      version: '2.0.0',
    });
    expect(identify(FILE, { command: 'npm', args: ['exec', '--registry', 'https://npm.corp.example', '--', '@corp/heroku-mcp'] })).toMatchObject({
      status: 'recognised',
      recordId: 'heroku',
    });
  });

  it('regression: an internal package name run without --registry stays unrecognised (dependency confusion)', () => {
    const result = identify(FILE, { command: 'npx', args: ['-y', '@corp/heroku-mcp'] });
    expect(result).toMatchObject({ status: 'unrecognised', reason: expect.stringContaining('only from its own registry') });
  });

  it('leaves an internal package from another registry unrecognised', () => {
    const result = identify(FILE, { command: 'npx', args: ['-y', '--registry', 'https://evil.example', '@corp/heroku-mcp'] });
    expect(result).toMatchObject({ status: 'unrecognised', reason: expect.stringContaining('no server mapping names that package there') });
  });

  it('keeps refusing --registry for a public package no mapping names', () => {
    const result = identify(FILE, { command: 'npx', args: ['-y', '--registry', 'https://npm.corp.example', '@modelcontextprotocol/server-filesystem'] });
    expect(result.status).toBe('unrecognised');
  });

  it('a gateway URL, as a remote entry and behind mcp-remote', () => {
    expect(identify(FILE, { type: 'http', url: 'https://mcp-gw.corp.example/playwright/mcp' })).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
      via: 'url',
      mapping: 'servers.yaml:10:5',
    });
    expect(identify(FILE, { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp-gw.corp.example/playwright'] })).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
      mapping: 'servers.yaml:10:5',
    });
    expect(identify(FILE, { type: 'http', url: 'https://mcp-gw.corp.example/playwright-evil' }).status).toBe('unrecognised');
  });

  it('two mappings naming different records for one image leave it unrecognised', () => {
    const text = 'servers:\n  - record: github\n    image: corp/mcp\n  - record: filesystem\n    image: corp/mcp\n';
    expect(identify(text, { command: 'docker', args: ['run', '-i', 'corp/mcp'] })).toEqual({
      status: 'unrecognised',
      reason: 'the image `corp/mcp` is named by several records (filesystem, github)',
    });
  });

  it("a mapping that contradicts a record's own image leaves it unrecognised", () => {
    const text = 'servers:\n  - record: git\n    image: ghcr.io/github/github-mcp-server\n';
    expect(identify(text, { command: 'docker', args: ['run', '-i', 'ghcr.io/github/github-mcp-server'] })).toEqual({
      status: 'unrecognised',
      reason: 'the image `ghcr.io/github/github-mcp-server` is named by several records (git, github)',
    });
  });

  it('a mapping that agrees with a record is not reported as the reason it was recognised', () => {
    const text = 'servers:\n  - record: github\n    image: ghcr.io/github/github-mcp-server\n';
    const result = identify(text, { command: 'docker', args: ['run', '-i', 'ghcr.io/github/github-mcp-server'] });
    expect(result).toMatchObject({ status: 'recognised', recordId: 'github' });
    expect(result).not.toHaveProperty('mapping');
  });

  it('without a mapping file, nothing changes: the launcher stays unrecognised', () => {
    const entry = normaliseEntry('claude-code', 'x', 'mcpServers', { command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/data'] });
    expect(identifyEntry(entry, base).status).toBe('unrecognised');
  });
});

describe("schema/servers.schema.json, the editors' view of the same file", () => {
  it('accepts what the parser accepts and rejects each kind of mixed mapping the parser rejects', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('yaml');
    const schema = JSON.parse(readFileSync(new URL('../../schema/servers.schema.json', import.meta.url), 'utf8')) as object;
    const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(schema);
    expect(validate(parse(FILE))).toBe(true);
    const rejected = [
      'servers:\n  - record: github\n    image: a/b\n    url: https://x.example/\n',
      'servers:\n  - record: github\n',
      'servers:\n  - record: git\n    command: bin/server\n',
      'servers:\n  - record: heroku\n    package: "@corp/h"\n',
      'servers:\n  - record: github\n    image: a/b\n    args: [x]\n',
      'mappings: []\n',
    ];
    for (const text of rejected) {
      expect(validate(parse(text)), text).toBe(false);
      expect(parseServerMappings(text, 's.yaml').problems.length, text).toBeGreaterThan(0);
    }
  });
});
