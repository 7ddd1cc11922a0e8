/**
 * `rclass scan` shows the effects an unrecorded server's tools suggest from
 * their own definitions (SPEC 13), in text, JSON and SARIF, and still counts
 * every such tool as R4 (SPEC 4.3): the real memory server from npm, run
 * through npx, against a registry without the memory record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { npxProject } from '../npx-project.ts';
import { registryFileWithout, scan as scanIn, writeConfig } from './support.ts';

/** Each scan starts the server through npx, on machines shared with other work: a deadline for the test, nothing it measures. */
const SCAN_DEADLINE_MS = 120_000;

const MEMORY = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };

/**
 * Each scan runs in a folder holding only the memory server (test/npx-project.ts), where npx finds it as a local
 * install: in test/servers npx read all 887 installed packages first, 9.0 processor-seconds a start against 2.4 (issue 30).
 */
const scan = (args: string[]) => scanIn(args, { cwd: npxProject(['@modelcontextprotocol/server-memory']) });

describe('rclass scan: suggestions for a server no record describes', () => {
  let registry: string;
  let config: string;
  beforeAll(async () => {
    registry = await registryFileWithout(['memory']);
    config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY });
  }, SCAN_DEADLINE_MS);

  it(
    "--json gives each of the unrecorded memory server's tools its suggested class and effects, counts all nine as R4, and exits 1 under --fail-on R4",
    async () => {
      const json = await scan([config, '--yes', '--registry', registry, '--json', '--fail-on', 'R4']);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout);
      expect(report).toMatchObject({ threshold_met: true, totals: { tools: 9, classes: { R0: 0, R1: 0, R2: 0, R3: 0, R4: 9 }, act_alone: 0 } });
      const server = report.servers[0];
      expect(server).toMatchObject({ status: 'scanned', record: null, tool_count: 9, classes: { R4: 9 } });
      const tool = (name: string) => server.tools.find((t: { name: string }) => t.name === name);
      expect(tool('read_graph')).toMatchObject({
        class: 'R4',
        source: 'unknown',
        suggested: {
          class: 'R0',
          confidence: 'high',
          disclosure: false,
          effects: [{ effect: 'read', confidence: 'high', because: ['name word "read" (reads, searches, lists or computes)'] }],
        },
      });
      expect(tool('read_graph').suggested.note).toContain('not a class');
      expect(tool('delete_entities')).toMatchObject({ class: 'R4', suggested: { class: 'R4', effects: [{ effect: 'delete' }] } });
      expect(server.tools.every((t: { class: string; suggested?: unknown }) => t.class === 'R4' && t.suggested !== undefined)).toBe(true);
    },
    SCAN_DEADLINE_MS,
  );

  it(
    'the text report lists the suggestions under a heading that says they are not classes, and --fail-on R4 is met',
    async () => {
      const text = await scan([config, '--yes', '--registry', registry, '--fail-on', 'R4']);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain('  R0 0  R1 0  R2 0  R3 0  R4 9');
      expect(text.stdout).toContain("  suggested from the tools' own definitions, not classes (each counts as R4 until a record lists it; SPEC 13):");
      expect(text.stdout).toContain('    read_graph: suggested R0 (read), high confidence');
      expect(text.stdout).toContain('    delete_entities: suggested R4 (delete), medium confidence');
      expect(text.stdout).toContain('9 tools across 1 server. 9 irreversible (R4).');
      expect(text.stdout).toContain('--fail-on R4: met.');
    },
    SCAN_DEADLINE_MS,
  );

  it(
    'each SARIF result stays R4 (error) and carries the suggestion in its message and properties',
    async () => {
      const sarif = await scan([config, '--yes', '--registry', registry, '--format', 'sarif', '--fail-on', 'R4']);
      expect(sarif.code).toBe(1);
      const results = JSON.parse(sarif.stdout).runs[0].results as {
        ruleId: string;
        level: string;
        message: { text: string };
        properties: Record<string, unknown>;
      }[];
      expect(results).toHaveLength(9);
      const readGraph = results.find((r) => r.properties.tool === 'read_graph');
      expect(readGraph).toMatchObject({ ruleId: 'R4', level: 'error', properties: { suggestedClass: 'R0', suggestedEffects: ['read'] } });
      expect(readGraph?.message.text).toContain('Its own definition suggests: suggested R0 (read), high confidence; a suggestion, not a class (SPEC 13).');
    },
    SCAN_DEADLINE_MS,
  );
});
