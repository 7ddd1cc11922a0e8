/**
 * `rclass scan --format sarif`: the SARIF 2.1.0 shape, validated against the
 * official schema (test/fixtures/sarif/sarif-schema-2.1.0.json, copied from
 * https://github.com/oasis-tcs/sarif-spec, sarif-2.1/schema/), and the line
 * of each server entry in JSON, JSONC, YAML and TOML configurations.
 * Reports are built here from configuration text and a fake identification:
 * nothing is started.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/clients/parse-text.ts';
import type { ClassCounts } from '../../src/core/record.ts';
import { entryLine, scopePath } from '../../src/scan/entry-line.ts';
import { SARIF_DEFAULT_THRESHOLD, reportSarif } from '../../src/scan/sarif.ts';
import type { ScanReport, ServerResult, ToolResult } from '../../src/scan/types.ts';
import { ROOT } from '../cli/harness.ts';

type Ajv = InstanceType<typeof AjvDraft04>;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
const schema = JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;
const ajv = addFormats(new AjvDraft04({ allErrors: true, strict: false }));
const validate = ajv.compile(schema);

const CURSOR = `{
  // team servers
  "mcpServers": {
    "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },

    "mystery": { "command": "./run.sh" },
  },
}
`;

function counts(tools: readonly ToolResult[]): ClassCounts {
  const result: ClassCounts = { R0: 0, R1: 0, R2: 0, R3: 0, R4: 0 };
  for (const tool of tools) result[tool.class] += 1;
  return result;
}

function server(name: string, fields: Partial<ServerResult>): ServerResult {
  const tools = fields.tools ?? [];
  return {
    name,
    client: 'cursor',
    config: '.cursor/mcp.json',
    scope: 'mcpServers',
    transport: 'stdio',
    status: 'registry',
    tools,
    toolCount: tools.length,
    classes: counts(tools),
    drift: [],
    suggestions: [],
    incomplete: false,
    ...fields,
  };
}

/** A `--list` report of CURSOR: `memory` identified as the memory record (three of its tools), `mystery` unrecognised. */
function cursorReport(): ScanReport {
  const parsed = parseConfigText(CURSOR, { path: '/repo/.cursor/mcp.json', client: 'cursor' });
  expect(parsed.entries.map((entry) => entry.name)).toEqual(['memory', 'mystery']);
  const memoryTools: ToolResult[] = [
    { name: 'delete_entities', class: 'R4', source: 'registry', inRecord: true },
    { name: 'create_entities', class: 'R1', source: 'registry', inRecord: true },
    { name: 'read_graph', class: 'R0', source: 'registry', inRecord: true },
    { name: 'rename_thing', class: 'R2', source: 'registry', inRecord: true },
  ];
  const servers = [
    server('memory', { record: 'memory', recordName: 'Knowledge Graph Memory', identifiedBy: 'config', tools: memoryTools }),
    server('mystery', { status: 'unlisted', tools: [], toolCount: null, unrecognised: 'a launcher inside the project' }),
  ];
  return {
    mode: 'list',
    configs: [{ file: '/repo/.cursor/mcp.json', shown: '.cursor/mcp.json', client: 'cursor', repository: true, notes: [] }],
    servers,
    skipped: [],
    totals: { servers: 1, tools: 4, classes: counts(memoryTools), actAlone: 2, needHuman: 2, unknownServers: 1 },
    complete: true,
    drafts: [],
    notes: [],
    searched: [],
  };
}

const RATIONALES: Record<string, string> = { delete_entities: 'Deletes entities with no copy kept.', rename_thing: 'A rename can be renamed back.' };
const options = { version: '9.9.9', texts: new Map([['/repo/.cursor/mcp.json', CURSOR]]), rationale: (_record: string, tool: string) => RATIONALES[tool] };

interface Result {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number } } }[];
}

function results(log: ReturnType<typeof reportSarif>): Result[] {
  return (log.runs[0] as { results: Result[] }).results;
}

describe('rclass scan --format sarif', () => {
  it('validates against the official SARIF 2.1.0 schema', () => {
    const log = reportSarif(cursorReport(), { ...options, failOn: 'R0' });
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema rejects a log without a version (the validator is live)', () => {
    const { version: _version, ...broken } = reportSarif(cursorReport(), options);
    expect(validate(broken)).toBe(false);
  });

  it('names one rule per class R0–R4 with SPEC 3 descriptions, R4 an error and R2–R3 warnings', () => {
    const run = reportSarif(cursorReport(), options).runs[0] as {
      tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } };
    };
    expect(run.tool.driver.name).toBe('rclass');
    expect(run.tool.driver.version).toBe('9.9.9');
    expect(run.tool.driver.rules.map((rule) => [rule.id, rule.defaultConfiguration.level])).toEqual([
      ['R0', 'note'],
      ['R1', 'note'],
      ['R2', 'warning'],
      ['R3', 'warning'],
      ['R4', 'error'],
    ]);
    expect(run.tool.driver.rules[4]?.shortDescription.text).toBe(
      'R4 Irreversible (never_autonomous): the agent never makes the call alone; a human approves it explicitly, or it is blocked.',
    );
  });

  it('without --fail-on reports R2 and above: one result per reachable tool, and one R4 result for a server with unknown tools', () => {
    expect(SARIF_DEFAULT_THRESHOLD).toBe('R2');
    const found = results(reportSarif(cursorReport(), options));
    expect(found.map((result) => [result.ruleId, result.level, result.locations[0]?.physicalLocation.region.startLine])).toEqual([
      ['R4', 'error', 4],
      ['R2', 'warning', 4],
      ['R4', 'error', 6],
    ]);
    expect(found[0]?.message.text).toBe(
      'R4 Irreversible: tool `delete_entities` of server `memory` (Knowledge Graph Memory). Deletes entities with no copy kept.',
    );
    expect(found[2]?.message.text).toBe('R4 Irreversible: server `mystery` has unknown tools, so every tool counts as R4: a launcher inside the project');
    expect(found[0]?.locations[0]?.physicalLocation.artifactLocation).toEqual({ uri: '.cursor/mcp.json', uriBaseId: '%SRCROOT%' });
  });

  it('--fail-on R4 keeps only R4 results; --fail-on R0 adds R0–R1 as notes', () => {
    expect(results(reportSarif(cursorReport(), { ...options, failOn: 'R4' })).map((result) => result.ruleId)).toEqual(['R4', 'R4']);
    const all = results(reportSarif(cursorReport(), { ...options, failOn: 'R0' }));
    expect(all.map((result) => `${result.ruleId}:${result.level}`)).toEqual(['R4:error', 'R1:note', 'R0:note', 'R2:warning', 'R4:error']);
  });

  it('points at line 1 when the config text is missing, and gives an absolute path as a file URI', () => {
    const report = cursorReport();
    report.configs[0] = { ...report.configs[0]!, shown: '~/.cursor/mcp.json' };
    for (const each of report.servers) each.config = '~/.cursor/mcp.json';
    const found = results(reportSarif(report, { ...options, texts: new Map(), failOn: 'R4' }));
    expect(found[0]?.locations[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'file:///repo/.cursor/mcp.json' }, region: { startLine: 1 } });
    expect(validate(reportSarif(report, { ...options, texts: new Map() }))).toBe(true);
  });
});

describe('the line of a server entry', () => {
  it('reads scopes as the config readers write them', () => {
    expect(scopePath('mcpServers')).toEqual(['mcpServers']);
    expect(scopePath('mcp.servers')).toEqual(['mcp', 'servers']);
    expect(scopePath('projects["/work/a.b"].mcpServers')).toEqual(['projects', '/work/a.b', 'mcpServers']);
    expect(scopePath('mcpServers[2]')).toEqual(['mcpServers', 2]);
  });

  it('finds the key in JSON with a byte order mark, in JSONC, and in a Claude Code project scope', () => {
    expect(entryLine('\uFEFF{"mcpServers":{\n  "time":{"command":"uvx"}\n}}', 'json', 'mcpServers', 'time')).toBe(2);
    expect(entryLine(CURSOR, 'json', 'mcpServers', 'mystery')).toBe(6);
    const claude =
      '{\n  "mcpServers": { "a": {} },\n  "projects": {\n    "/srv/app": {\n      "mcpServers": {\n        "a": { "command": "x" }\n      }\n    }\n  }\n}';
    expect(entryLine(claude, 'json', 'mcpServers', 'a')).toBe(2);
    expect(entryLine(claude, 'json', 'projects["/srv/app"].mcpServers', 'a')).toBe(6);
    expect(entryLine(claude, 'json', 'mcpServers', 'absent')).toBeUndefined();
  });

  it('finds a Continue list item and a Goose key in YAML', () => {
    const cont = 'name: x\nmcpServers:\n  - name: one\n    command: a\n  - name: two\n    command: b\n';
    expect(entryLine(cont, 'yaml', 'mcpServers[1]', 'two')).toBe(5);
    const goose = 'extensions:\n  developer:\n    type: builtin\n  fetch:\n    cmd: uvx\n';
    expect(entryLine(goose, 'yaml', 'extensions', 'fetch')).toBe(4);
  });

  it('finds Codex table headers and inline tables in TOML (best effort), and gives up on what it cannot see', () => {
    const codex = 'model = "x"\n\n[mcp_servers.docs]\ncommand = "a"\n\n[mcp_servers."my server"]\ncommand = "b"\n\n[mcp_servers]\ninline = { command = "c" }\n';
    expect(entryLine(codex, 'toml', 'mcp_servers', 'docs')).toBe(3);
    expect(entryLine(codex, 'toml', 'mcp_servers', 'my server')).toBe(6);
    expect(entryLine(codex, 'toml', 'mcp_servers', 'inline')).toBe(10);
    expect(entryLine('mcp_servers = { dotted = { command = "d" } }\n', 'toml', 'mcp_servers', 'dotted')).toBeUndefined();
  });
});

describe('SARIF fingerprints', () => {
  it('give each tool of one server entry its own fingerprint, unchanged when the entry moves to another line', () => {
    const fingerprints = (report: ScanReport, text: string) =>
      results(reportSarif(report, { ...options, texts: new Map([['/repo/.cursor/mcp.json', text]]) })).map(
        (result) => (result as unknown as { partialFingerprints: Record<string, string> }).partialFingerprints['rclassFinding/v1'],
      );
    const before = fingerprints(cursorReport(), CURSOR);
    expect(new Set(before).size).toBe(3);
    expect(fingerprints(cursorReport(), `\n\n${CURSOR}`)).toEqual(before);
  });
});

describe('rclass scan --format sarif with hostile names (review turn3 row 28)', () => {
  const hostile = '[Click](https://attacker.example/phish)<img src=x onerror=alert(1)>';
  const bidi = 'read\u202Egnp.exe_me';
  function hostileReport(): ScanReport {
    const report = cursorReport();
    const tools: ToolResult[] = [{ name: bidi, class: 'R4', source: 'registry', inRecord: true }];
    report.servers = [
      server(hostile, { record: 'memory', recordName: 'Knowledge Graph Memory', identifiedBy: 'config', tools }),
      server(`evil\u202E\`${hostile}`, { status: 'unlisted', tools: [], toolCount: null, unrecognised: `a launcher ${hostile}` }),
    ];
    return report;
  }

  it('a server name with a markdown link and an <img> tag is escaped in message.text, not kept as markup', () => {
    const [tool, unknown] = results(reportSarif(hostileReport(), options)).map((result) => result.message.text);
    expect(tool).toBe(
      'R4 Irreversible: tool `readgnp.exe_me` of server `\\[Click\\](https://attacker.example/phish)\\<img src=x onerror=alert(1)\\>` (Knowledge Graph Memory). no rationale recorded',
    );
    expect(unknown).toBe(
      "R4 Irreversible: server `evil'\\[Click\\](https://attacker.example/phish)\\<img src=x onerror=alert(1)\\>` has unknown tools, so every tool counts as R4: a launcher \\[Click\\](https://attacker.example/phish)\\<img src=x onerror=alert(1)\\>",
    );
  });

  it('issue 23, third review: the server and tool names in properties lose the right-to-left override and terminal escapes too', () => {
    const [tool, unknown] = results(reportSarif(hostileReport(), options)).map(
      (result) => (result as unknown as { properties: { server: string; tool?: string } }).properties,
    );
    expect(tool!.tool).toBe('readgnp.exe_me');
    expect(unknown!.server).toBe('evil`[Click](https://attacker.example/phish)<img src=x onerror=alert(1)>');
    for (const props of [tool!, unknown!]) expect(JSON.stringify(props)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u001b]/);
  });

  it('a right-to-left override (U+202E) in a tool or server name is removed from message.text, as the text report removes it', () => {
    for (const result of results(reportSarif(hostileReport(), options))) expect(result.message.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(validate(reportSarif(hostileReport(), options)), JSON.stringify(validate.errors)).toBe(true);
  });
});
