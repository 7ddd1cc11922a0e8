/**
 * The README's `jq` commands over the built site's JSON API, run exactly as
 * written (issue 15: every README command works as written), from the
 * folder that holds `build/site`. test/cli/readme-run.test.ts runs the
 * README's other commands and names this file for these two.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/harness.ts';
import { requireSite, SITE_DIR } from './support.ts';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const JQ_LINES = [...README.matchAll(/^(jq .*?)(?:\s+#.*)?$/gm)].map((match) => match[1]!.trim());

function run(line: string): { code: number | null; stdout: string; stderr: string } {
  // `build/site` in the README is relative to the folder that holds it.
  const result = spawnSync('sh', ['-c', line], { cwd: path.dirname(path.dirname(SITE_DIR)), encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => requireSite());

describe("the README's jq commands over the site's API", () => {
  it('finds both commands in the README', () => {
    expect(JQ_LINES).toHaveLength(2);
  });

  it('lists every server as "id worst R4/tools", one line each', () => {
    const result = run(JQ_LINES.find((line) => line.includes('servers.json'))!);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(50);
    for (const line of lines) expect(line).toMatch(/^[a-z0-9-]+ R[0-4] \d+\/\d+$/);
    expect(lines).toContainEqual(expect.stringMatching(/^github R4 \d+\/\d+$/));
  });

  it("prints github create_repository's class and effects", () => {
    const result = run(JQ_LINES.find((line) => line.includes('create_repository'))!);
    expect(result.code).toBe(0);
    const value = JSON.parse(result.stdout) as { class: string; effects: string[] };
    expect(value.class).toMatch(/^R[0-4]$/);
    expect(value.effects.length).toBeGreaterThan(0);
  });
});
