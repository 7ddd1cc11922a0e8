/**
 * `npm run evidence` against a GitHub stand-in on loopback (SPEC 5.2): the
 * command fetches each cited file at its commit through the contents API,
 * looks for each tool's name within 3 lines of the cited line, caches what
 * it fetched, and reports in the project's one format. Exit 0 when every
 * citation is good, 1 when any is broken, 3 when the check is incomplete.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_DIR } from '../../scripts/lib/paths.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { runEvidenceCli } from './support/run-cli.ts';
import { type SyntheticRepository, syntheticRepository } from './support/synthetic-files.ts';

const TIME_FILE = 'src/time/src/mcp_server_time/server.py';
const TIME_COMMIT = '76d64c822f5125032f89eb71dbdb94e42b434821';
const CONVERT_TIME_EXCERPT = 'excerpt: "CONVERT_TIME = \\"convert_time\\""';
const CONVERT_TIME_EVIDENCE = `{ path: ${TIME_FILE}, line: 19, ${CONVERT_TIME_EXCERPT} }`;

let repository: SyntheticRepository;
let fake: FakeGitHub;
const scratch: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A registry directory holding only `registry/time.yaml`, edited by `edit`. */
function timeRegistry(edit: (text: string) => string = (text) => text): { dir: string; file: string; text: string } {
  const dir = tempDir('rclass-evidence-registry-');
  const file = path.join(dir, 'time.yaml');
  copyFileSync(path.join(REGISTRY_DIR, 'time.yaml'), file);
  const text = edit(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  return { dir, file, text };
}

/** The 1-based line and column where `needle` starts in `text` (its first occurrence). */
function positionOf(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle));
  expect(text.includes(needle)).toBe(true);
  const line = before.split('\n').length;
  return `${line}:${before.length - before.lastIndexOf('\n')}`;
}

function env(extra: Record<string, string>): Record<string, string> {
  return {
    GITHUB_API_URL: fake.url,
    GITHUB_TOKEN: 'test-token',
    RCLASS_EVIDENCE_CACHE: tempDir('rclass-evidence-cache-'),
    HOME: tempDir('rclass-evidence-home-'),
    ...extra,
  };
}

/** A scratch registry holding copies of the records pinned to a commit (those the GitHub stand-in can answer for). */
function commitRegistry(): string {
  const dir = tempDir('rclass-evidence-commit-registry-');
  for (const id of repository.recordIds) copyFileSync(path.join(REGISTRY_DIR, `${id}.yaml`), path.join(dir, `${id}.yaml`));
  return dir;
}

beforeAll(async () => {
  repository = syntheticRepository();
  fake = await startFakeGitHub(repository.files);
});

afterEach(() => {
  fake.requests.length = 0;
  fake.rateLimited = false;
});

afterAll(async () => {
  await fake.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('npm run evidence against a GitHub stand-in', () => {
  it('every citation of the registry matches its file: exit 0, one request per cited file, token sent', async () => {
    // The records pinned to a commit; those pinned to a published package are checked against npm (npm-cli.test.ts).
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: commitRegistry() }));
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `${repository.citations} citations of ${repository.records} records in ${repository.citedFiles} files (0 cached, ${repository.citedFiles} fetched), each tool name looked for within 3 lines of its cited line: no problems\n`,
    );
    expect(result.code).toBe(0);
    expect(fake.requests).toHaveLength(repository.citedFiles);
    expect(fake.requests.every((request) => request.method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/contents\/[^?]+\?ref=[0-9a-f]{40}$/.test(request.url))).toBe(
      true,
    );
    expect(new Set(fake.requests.map((request) => request.headers.authorization))).toEqual(new Set(['token test-token']));
  });

  it('a wrong line is reported at the evidence line value with where the name really is: exit 1', async () => {
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EVIDENCE, `{ path: ${TIME_FILE}, line: 12 }`));
    const at = positionOf(registry.text, `line: 12 }`).split(':');
    const column = Number(at[1]) + 'line: '.length;
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n')[0]).toBe(
      `${registry.file}:${at[0]}:${column}  error  [evidence-online]  \`convert_time\` does not appear within 3 lines of \`${TIME_FILE}:12\` in modelcontextprotocol/servers at 76d64c822f51; it appears at line 19`,
    );
    expect(result.stdout).toContain('2 citations of 1 records in 1 files (0 cached, 1 fetched)');
    expect(result.stdout).toContain(': 1 error in 1 file');
    expect(result.code).toBe(1);
  });

  it('an excerpt that no longer matches its cited line is reported at the excerpt with what the line reads: exit 1', async () => {
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EXCERPT, 'excerpt: "CONVERT_TIME = \\"convert\\""'));
    const at = positionOf(registry.text, 'excerpt: "CONVERT_TIME = \\"convert\\""').split(':');
    const column = Number(at[1]) + 'excerpt: '.length;
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n')[0]).toBe(
      `${registry.file}:${at[0]}:${column}  error  [evidence-online]  the excerpt of \`convert_time\` does not match \`${TIME_FILE}:19\` in modelcontextprotocol/servers at 76d64c822f51, which reads "CONVERT_TIME = \\"convert_time\\""; run \`npm run evidence -- --write-excerpts\``,
    );
    expect(result.stdout).toContain(': 1 error in 1 file');
    expect(result.code).toBe(1);
  });

  it('--write-excerpts puts the cited line back into a stale excerpt and a second run changes nothing', async () => {
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EXCERPT, 'excerpt: "stale"'));
    const first = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }), ['--write-excerpts']);
    expect(first.stdout).toContain('excerpts: 2 citations read, 1 record file updated');
    expect(first.code).toBe(0);
    expect(readFileSync(registry.file, 'utf8')).toBe(readFileSync(path.join(REGISTRY_DIR, 'time.yaml'), 'utf8'));
    const second = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }), ['--write-excerpts']);
    expect(second.stdout).toContain('excerpts: 2 citations read, 0 record files updated');
  });

  it("a line past the end of the file is reported with the file's length: exit 1", async () => {
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EVIDENCE, `{ path: ${TIME_FILE}, line: 400 }`));
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    // The synthetic file has 19 + 3 = 22 lines.
    expect(result.stdout).toContain(
      `[evidence-online]  evidence of \`convert_time\` cites line 400, but \`${TIME_FILE}\` has 22 lines in modelcontextprotocol/servers at 76d64c822f51`,
    );
    expect(result.code).toBe(1);
  });

  it('a missing file is reported at the evidence path value: exit 1', async () => {
    const missing = 'src/time/src/mcp_server_time/gone.py';
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EVIDENCE, `{ path: ${missing}, line: 19 }`));
    const at = positionOf(registry.text, missing);
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n')[0]).toBe(
      `${registry.file}:${at}  error  [evidence-online]  evidence of \`convert_time\` cites \`${missing}\`, which does not exist in modelcontextprotocol/servers at 76d64c822f51`,
    );
    expect(result.stdout).toContain(': 1 error in 1 file');
    expect(result.code).toBe(1);
  });

  it('a directory cited as evidence is reported as not a file: exit 1', async () => {
    const directory = 'src/time/src/mcp_server_time';
    const registry = timeRegistry((text) => text.replace(CONVERT_TIME_EVIDENCE, `{ path: ${directory}, line: 19 }`));
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout).toContain(
      `${registry.file}:${positionOf(registry.text, `${directory},`)}  error  [evidence-online]  evidence of \`convert_time\` cites \`${directory}\`, which is a directory in modelcontextprotocol/servers at 76d64c822f51, not a file`,
    );
    expect(result.code).toBe(1);
  });

  it('a commit that does not exist is reported once, at provenance.commit: exit 1', async () => {
    const unknown = '0123456789abcdef0123456789abcdef01234567';
    const registry = timeRegistry((text) => text.replace(TIME_COMMIT, unknown));
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n').filter((line) => line.includes('error  ['))).toEqual([
      `${registry.file}:${positionOf(registry.text, unknown)}  error  [evidence-online]  commit \`${unknown}\` does not exist in \`modelcontextprotocol/servers\` (or the repository does not exist or is private), so no evidence of this record could be read`,
    ]);
    expect(fake.requests.map((request) => request.url.split('?')[0])).toContain(`/repos/modelcontextprotocol/servers/git/commits/${unknown}`);
    expect(result.code).toBe(1);
  });

  it('a second run reads every file from the cache and sends no request', async () => {
    const registry = timeRegistry();
    const cache = tempDir('rclass-evidence-cache-');
    const first = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_EVIDENCE_CACHE: cache }));
    expect(first.code).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const cached = path.join(cache, 'modelcontextprotocol', 'servers', TIME_COMMIT, ...TIME_FILE.split('/'));
    expect(readFileSync(cached, 'utf8')).toBe(repository.files.get(`modelcontextprotocol/servers@${TIME_COMMIT}:${TIME_FILE}`));

    fake.requests.length = 0;
    const second = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_EVIDENCE_CACHE: cache }));
    expect(fake.requests).toEqual([]);
    expect(second.stdout).toBe(
      '2 citations of 1 records in 1 files (1 cached, 0 fetched), each tool name looked for within 3 lines of its cited line: no problems\n',
    );
    expect(second.code).toBe(0);
  });

  it('a rate limit stops all requests and leaves the check incomplete: exit 3, nothing cached', async () => {
    fake.rateLimited = true;
    const cache = tempDir('rclass-evidence-cache-');
    const result = await runEvidenceCli(env({ RCLASS_EVIDENCE_CACHE: cache, RCLASS_REGISTRY_DIR: commitRegistry() }));
    expect(result.stderr).toBe(
      `evidence check incomplete: GitHub rate limit reached (403); it resets at 2030-01-01T00:00:00.000Z; set GITHUB_TOKEN for a higher limit; ${repository.citedFiles} of ${repository.citedFiles} cited files were not checked\n`,
    );
    expect(result.stdout).not.toContain('error  [');
    expect(result.stdout).toContain('no problems so far; the check is incomplete');
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.length).toBeLessThan(repository.citedFiles);
    expect(readdirSync(cache)).toEqual([]);
    expect(result.code).toBe(3);
  });

  it('an unreachable API leaves the check incomplete: exit 3', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const registry = timeRegistry();
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, GITHUB_API_URL: `http://127.0.0.1:${port}`, RCLASS_EVIDENCE_RETRIES: '0' }));
    expect(result.stderr).toMatch(
      new RegExp(`^evidence check incomplete: cannot reach http://127\\.0\\.0\\.1:${port}: .+; 1 of 1 cited files were not checked\\n$`),
    );
    expect(result.code).toBe(3);
  });

  it("the synthetic files hold each cited tool's stored excerpt at its line", () => {
    const text = repository.files.get(`modelcontextprotocol/servers@${TIME_COMMIT}:${TIME_FILE}`)!;
    const lines = text.split('\n');
    expect([lines[17], lines[18], lines.length - 1]).toEqual(['GET_CURRENT_TIME = "get_current_time"', 'CONVERT_TIME = "convert_time"', 22]);
    expect(existsSync(path.join(REGISTRY_DIR, 'time.yaml'))).toBe(true);
  });
});
