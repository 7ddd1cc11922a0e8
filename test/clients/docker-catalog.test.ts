/**
 * Docker's MCP catalog images (`mcp/<name>` on Docker Hub, listed in
 * docker/mcp-registry `servers/<name>/server.yaml` with the repository they
 * are built from) are recognised as the record of that repository (issue 24).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildIdentityIndex, identifyEntry } from '../../src/clients/identify/index.ts';
import { normaliseEntry } from '../../src/clients/parse.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { ROOT } from '../cli/harness.ts';

const REGISTRY = path.join(ROOT, 'registry');
const records = readdirSync(REGISTRY)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => parse(readFileSync(path.join(REGISTRY, file), 'utf8')) as ServerRecord);
const index = buildIdentityIndex(records);

function docker(...args: string[]) {
  return identifyEntry(normaliseEntry('claude-desktop', 's', 'mcpServers', { command: 'docker', args: ['run', '-i', '--rm', ...args] }), index);
}

describe("Docker's mcp/* catalog images of recorded servers", () => {
  it('recognises each image the catalog builds from a recorded repository as that record', () => {
    const expected: Record<string, string> = {
      'mcp/atlassian': 'atlassian',
      'mcp/heroku': 'heroku',
      'mcp/neon': 'neon',
      'mcp/clickhouse': 'clickhouse',
      'mcp/browserbase': 'browserbase',
      'mcp/tavily': 'tavily',
    };
    for (const [image, record] of Object.entries(expected)) {
      expect(docker('-e', 'API_KEY', image), image).toMatchObject({ status: 'recognised', recordId: record, version: undefined });
      expect(docker(`docker.io/${image}:latest`), image).toMatchObject({ status: 'recognised', recordId: record });
    }
  });

  it('keeps the container safeguards for them: a mount over the image, or another entrypoint, is unrecognised', () => {
    expect(docker('-v', '/tmp/evil:/app', 'mcp/tavily')).toMatchObject({ status: 'unrecognised' });
    expect(docker('--entrypoint', 'sh', 'mcp/heroku')).toMatchObject({ status: 'unrecognised' });
  });

  it('leaves catalog images built from another repository than the record’s unrecognised (mcp/brave-search, mcp/pinecone)', () => {
    expect(docker('mcp/brave-search')).toMatchObject({ status: 'unrecognised' });
    expect(docker('mcp/pinecone')).toMatchObject({ status: 'unrecognised' });
  });
});
