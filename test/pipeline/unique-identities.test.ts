/**
 * `npm run check` reports a package, image or hosted URL that two records
 * claim, at both places (SPEC 5.3, 6.1): identification would leave the
 * real server unrecognised for every user once such a registry is built.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/records/problems.ts';
import { parseRecordSource } from '../../src/records/source.ts';
import { validateSources } from '../../src/records/validate.ts';
import { loadedRegistry } from '../loaded-registry.ts';
import { demoRecord } from './demo-record.ts';

const root = new URL('../../', import.meta.url).pathname;
const MEMORY = readFileSync(`${root}registry/memory.yaml`, 'utf8');
const GITHUB = readFileSync(`${root}registry/github.yaml`, 'utf8');

/** The demo record with a `server.packages`/`images`/`urls` block after `repository` (lines 6 on). */
function claiming(block: string[]): string {
  return demoRecord().replace('  repository: example/demo\n', `  repository: example/demo\n${block.join('\n')}\n`);
}

function problems(files: Record<string, string>): string[] {
  const sources = Object.entries(files).map(([file, text]) => parseRecordSource(file, text).source);
  return validateSources(sources)
    .problems.map(formatProblem)
    .filter((line) => line.includes('[unique-identities]'));
}

/** Where `needle` starts in `text`, as `LINE:COL`. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('unique-identities (SPEC 5.3)', () => {
  it('regression: a record claiming @modelcontextprotocol/server-memory, which memory.yaml names, is reported at both places', () => {
    const exa = claiming(['  packages:', '    - registry: npm', '      name: "@modelcontextprotocol/server-memory"']);
    const memoryAt = at(MEMORY, '"@modelcontextprotocol/server-memory"');
    expect(problems({ 'registry/memory.yaml': MEMORY, 'registry/exa.yaml': exa })).toEqual([
      `registry/exa.yaml:8:13  error  [unique-identities]  the package \`npm @modelcontextprotocol/server-memory\` is also claimed by record \`memory\` at registry/memory.yaml:${memoryAt}; identification leaves a server two records claim unrecognised`,
      `registry/memory.yaml:${memoryAt}  error  [unique-identities]  the package \`npm @modelcontextprotocol/server-memory\` is also claimed by record \`demo\` at registry/exa.yaml:8:13; identification leaves a server two records claim unrecognised`,
    ]);
  });

  it('compares as identification does: PyPI names after PEP 503, images without docker.io/library', () => {
    const a = claiming(['  packages:', '    - registry: pypi', '      name: mcp_server.git', '  images:', '    - docker.io/mcp/memory']);
    const b = claiming(['  packages:', '    - registry: pypi', '      name: MCP-Server-Git', '  images:', '    - mcp/memory']).replace('id: demo', 'id: other');
    const found = problems({ 'registry/demo.yaml': a, 'registry/other.yaml': b });
    expect(found).toHaveLength(4);
    expect(found[0]).toBe(
      'registry/demo.yaml:8:13  error  [unique-identities]  the package `pypi mcp_server.git` is also claimed by record `other` at registry/other.yaml:8:13; identification leaves a server two records claim unrecognised',
    );
    expect(found[1]).toBe(
      'registry/demo.yaml:10:7  error  [unique-identities]  the image `docker.io/mcp/memory` is also claimed by record `other` at registry/other.yaml:10:7; identification leaves a server two records claim unrecognised',
    );
  });

  it("reports a hosted URL inside another record's URL (api.githubcopilot.com/mcp/x/ under github's /mcp/)", () => {
    const inside = claiming(['  urls:', '    - https://api.githubcopilot.com/mcp/x/repos']);
    const found = problems({ 'registry/github.yaml': GITHUB, 'registry/demo.yaml': inside });
    expect(found[0]).toMatch(
      /^registry\/demo\.yaml:7:7 {2}error {2}\[unique-identities\] {2}the hosted URL `https:\/\/api\.githubcopilot\.com\/mcp\/x\/repos` overlaps /,
    );
    expect(found[0]).toContain(
      `\`https://api.githubcopilot.com/mcp/\` of record \`github\` at registry/github.yaml:${at(GITHUB, 'https://api.githubcopilot.com/mcp/')}`,
    );
    expect(found.filter((line) => line.startsWith('registry/github.yaml:')).length).toBeGreaterThan(0);
    // Another path on the same origin is no claim on it.
    expect(problems({ 'registry/github.yaml': GITHUB, 'registry/demo.yaml': claiming(['  urls:', '    - https://api.githubcopilot.com/other/']) })).toEqual([]);
  });

  // The run's load of registry/ (test/registry-setup.ts) ran this check over every record file; it used to be parsed
  // and validated here again.
  it('the registry as it stands has no shared identity', async () => {
    expect(readdirSync(`${root}registry`).filter((name) => /\.ya?ml$/.test(name)).length).toBeGreaterThan(50);
    const { problems: found } = await loadedRegistry();
    expect(found.filter((problem) => problem.check === 'unique-identities').map(formatProblem)).toEqual([]);
  });
});
