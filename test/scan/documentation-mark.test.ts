/**
 * A record resting on the vendor's documentation (SPEC 5.1) carries the mark
 * "from the vendor's documentation, not from source" wherever a class of it
 * is shown: `rclass lookup` (text and `--json`), and `rclass scan --list` in
 * text, `--json` and SARIF, for each documented URL form of the hosted
 * server. Records resting on source carry no mark. In-process; starts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';
import { registryFile } from './support.ts';

const MARK = "from the vendor's documentation, not from source";

function put(file: string, value: unknown): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

async function cli(...argv: string[]) {
  const { file: registry } = await registryFile();
  return runCli([...argv, '--registry', registry], { env: { HOME: tempDir(), PATH: process.env.PATH ?? '' } });
}

describe("the vendor's documentation mark", () => {
  it('rclass lookup shows the mark on the class line and `basis: documentation` in --json, and neither for a record resting on source', async () => {
    const text = await cli('lookup', 'deepwiki', 'ask_question');
    expect(text.stdout.split('\n')[0]).toBe(`R0 No effect (registry), ${MARK}`);
    expect(text.stdout).toContain('evidence: the vendor\'s documentation, https://docs.devin.ai/de/work-with-devin/deepwiki-mcp: "ask_question - Stellt');
    const json = JSON.parse((await cli('lookup', 'deepwiki', 'ask_question', '--json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ class: 'R0', basis: 'documentation', evidence: 'https://docs.devin.ai/de/work-with-devin/deepwiki-mcp' });
    const source = await cli('lookup', 'memory', 'read_graph');
    expect(source.stdout).not.toContain(MARK);
    expect(JSON.parse((await cli('lookup', 'memory', 'read_graph', '--json')).stdout)).not.toHaveProperty('basis');
  });

  it('rclass scan --list recognises both documented DeepWiki endpoints and marks their classes in text, JSON and SARIF', async () => {
    const file = put(path.join(tempDir(), '.cursor', 'mcp.json'), {
      mcpServers: {
        http: { url: 'https://mcp.deepwiki.com/mcp' },
        sse: { url: 'https://mcp.deepwiki.com/sse' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.deepwiki.com/mcp'] },
      },
    });
    const text = await cli('scan', '--list', file, '--client', 'cursor');
    expect(text.stdout.split('\n').filter((line) => line.includes(MARK))).toHaveLength(3);
    const json = JSON.parse((await cli('scan', '--list', file, '--client', 'cursor', '--json')).stdout) as {
      servers: Array<{ name: string; record: string | null; record_basis?: string; record_mark?: string }>;
    };
    expect(json.servers.map((server) => [server.name, server.record, server.record_basis, server.record_mark])).toEqual([
      ['bridged', 'deepwiki', 'documentation', MARK],
      ['http', 'deepwiki', 'documentation', MARK],
      ['sse', 'deepwiki', 'documentation', MARK],
    ]);
    const sarif = JSON.parse((await cli('scan', '--list', file, '--client', 'cursor', '--format', 'sarif', '--fail-on', 'R0')).stdout) as {
      runs: Array<{ results: Array<{ message: { text: string }; properties: Record<string, unknown> }> }>;
    };
    const results = sarif.runs[0]!.results;
    expect(results).toHaveLength(9);
    for (const result of results) {
      expect(result.message.text).toContain(`Class ${MARK} (SPEC 5.1).`);
      expect(result.properties.evidenceBasis).toBe('documentation');
    }
  });
});
