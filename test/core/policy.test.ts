/**
 * Thresholds shared by every static export (SPEC 3, 8.1) and the
 * ready-made policy files of the build.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../src/core/registry.ts';
import { POLICY_FORMATS, planPolicy, policyFiles, renderPolicy } from '../../src/export/index.ts';
import { decide, describeThresholds, gatewayThresholds, parseThresholds } from '../../src/core/policy.ts';
import { syntheticRecord } from '../export/registry.ts';
import { HOOK_GUARD } from '../../src/export/hook-guard.ts';

describe('parseThresholds', () => {
  it('accepts classes in either case', () => {
    expect(parseThresholds('r1', 'R4')).toEqual({ allowUpTo: 'R1', denyFrom: 'R4' });
    expect(parseThresholds(undefined, undefined)).toEqual({});
  });

  it('refuses --allow-up-to above R1, since R2 and up need a human (SPEC 3)', () => {
    expect(parseThresholds('R2', undefined)).toEqual({
      error: '`--allow-up-to R2` would let tools that need a human run alone; the highest class it accepts is R1 (SPEC 3)',
    });
  });

  it('refuses a deny threshold at or below the allow threshold', () => {
    expect(parseThresholds('R1', 'R1')).toEqual({ error: '`--deny-from R1` must be above `--allow-up-to R1`' });
  });

  it('refuses a value that is not a class', () => {
    expect(parseThresholds(undefined, 'R5')).toEqual({ error: '`--deny-from` must be one of R0, R1, R2, R3, R4; got `R5`' });
  });
});

describe('decide', () => {
  it.each([
    ['R0', 'R0', {}, 'none'],
    ['R1', 'R1', { allowUpTo: 'R1' }, 'allow'],
    ['R1', 'R1', { allowUpTo: 'R0' }, 'none'],
    ['R2', 'R2', { allowUpTo: 'R1' }, 'approve'],
    ['R4', 'R4', {}, 'approve'],
    ['R4', 'R4', { denyFrom: 'R4' }, 'deny'],
    ['R4', 'R0', { denyFrom: 'R4' }, 'approve'],
    ['R4', 'R3', { denyFrom: 'R3' }, 'deny'],
    ['R3', 'R3', { denyFrom: 'R4' }, 'approve'],
  ] as const)('base %s, lowest %s, %o → %s', (base, lowest, thresholds, want) => {
    expect(decide(base, lowest, thresholds)).toBe(want);
  });

  it('describes thresholds for headers', () => {
    expect(describeThresholds({ allowUpTo: 'R1' })).toBe('allow up to R1; approval from R2; no deny');
    expect(describeThresholds({ allowUpTo: 'R0', denyFrom: 'R4' })).toBe(
      'allow up to R0; approval from R1; deny from R4 (tools an argument rule can bring below R4 need approval instead)',
    );
    expect(describeThresholds({})).toBe('no allow list (your own rules decide R0–R1); approval from R2; no deny');
  });

  it('describes --deny-from at or below the approval side without an approval range or a contradictory allow level', () => {
    expect(describeThresholds({ denyFrom: 'R0' })).toBe('deny from R0: every tool is denied, nothing is allowed or sent for approval');
    expect(describeThresholds({ denyFrom: 'R1' })).toBe(
      'no allow list (your own rules decide R0); deny from R1 (tools an argument rule can bring below R1 need approval instead)',
    );
    expect(describeThresholds({ denyFrom: 'R2' })).toBe(
      'no allow list (your own rules decide R0–R1); deny from R2 (tools an argument rule can bring below R2 need approval instead)',
    );
    expect(describeThresholds({ allowUpTo: 'R0', denyFrom: 'R1' })).toBe(
      'allow up to R0; deny from R1 (tools an argument rule can bring below R1 need approval instead)',
    );
  });
});

describe('gatewayThresholds', () => {
  // `--deny-from R1 --allow-up-to R1` is refused, so the default must not produce that pair either.
  it('defaults the allow level to R1, or to the class below --deny-from when that is lower, never at or above it', () => {
    expect(gatewayThresholds({})).toEqual({ allowUpTo: 'R1' });
    expect(gatewayThresholds({ denyFrom: 'R4' })).toEqual({ allowUpTo: 'R1', denyFrom: 'R4' });
    expect(gatewayThresholds({ denyFrom: 'R2' })).toEqual({ allowUpTo: 'R1', denyFrom: 'R2' });
    expect(gatewayThresholds({ denyFrom: 'R1' })).toEqual({ allowUpTo: 'R0', denyFrom: 'R1' });
    expect(gatewayThresholds({ denyFrom: 'R0' })).toEqual({ denyFrom: 'R0' });
    expect(gatewayThresholds({ allowUpTo: 'R0' })).toEqual({ allowUpTo: 'R0' });
  });
});

describe('every format under --deny-from R0 and R1', () => {
  const doc = buildDocument([
    syntheticRecord('db', [
      { name: 'list', class: 'R0' },
      { name: 'save', class: 'R1' },
      { name: 'charge', class: 'R2' },
      { name: 'drop', class: 'R4' },
      { name: 'query', class: 'R4', lowest: 'R0' },
    ]),
  ]);
  const render = (format: (typeof POLICY_FORMATS)[number], denyFrom: 'R0' | 'R1') =>
    renderPolicy(format, planPolicy(doc, { generator: 'rclass 0.1.0', thresholds: { denyFrom } }), ['/usr/bin/node', '/opt/rclass/bin/rclass.mjs']);
  const headerLine = (text: string, marker: string) => text.split('\n').find((line) => line.startsWith(`${marker} Thresholds:`));

  it('has a case for every format', () => {
    expect([...POLICY_FORMATS].sort()).toEqual([
      'cedar',
      'cedar-toolhive',
      'cel',
      'claude-hook',
      'claude-settings',
      'codex-disabled-tools',
      'codex-hook',
      'cursor-cli',
      'cursor-hook',
      'cursor-ide',
      'gemini',
      'gemini-hook',
    ]);
  });

  it('gemini: deny from R0 says so and denies every rule; deny from R1 keeps the ask_user step from R2', () => {
    const r0 = render('gemini', 'R0');
    expect(headerLine(r0, '#')).toBe(
      "# Thresholds: ask_user from R2, deny from R0; each server's other tools (mcp_<server>_*) are denied, tools the record does not list included.",
    );
    // Every rule of a named server's MCP tool denies; the non-interactive rules (interactive = false), for Gemini's own
    // tools and for the servers the policy does not name (mcp_*), keep ask_user, which a non-interactive run refuses.
    const rules = r0.split('[[rule]]');
    const mcpRules = rules.filter((rule) => /^toolName = "mcp_/m.test(rule) && !rule.includes('interactive = false'));
    expect(mcpRules.length).toBeGreaterThan(0);
    expect(mcpRules.every((rule) => rule.includes('decision = "deny"'))).toBe(true);
    expect(rules.filter((rule) => rule.includes('toolName = "mcp_*"'))).toEqual([expect.stringContaining('decision = "ask_user"')]);
    expect(headerLine(render('gemini', 'R1'), '#')).toBe(
      "# Thresholds: ask_user from R2, deny from R1; each server's other tools (mcp_<server>_*) are denied, tools the record does not list included.",
    );
  });

  it('codex-disabled-tools: from R0 every tool is disabled; from R1 the R0 tool and the one a rule can bring to R0 stay on', () => {
    expect(headerLine(render('codex-disabled-tools', 'R0'), '#')).toBe(
      '# Thresholds: tools from R0 up are disabled (argument-dependent ones stay on for the hook); enabled_tools lists the rest, so a tool the record does not list stays off.',
    );
    expect(render('codex-disabled-tools', 'R0')).toContain('disabled_tools = [ "charge", "drop", "list", "query", "save" ]');
    expect(render('codex-disabled-tools', 'R1')).toContain('enabled_tools = [ "list", "query" ]\ndisabled_tools = [ "charge", "drop", "save" ]');
  });

  it('cursor-ide: nothing is allow-listed when everything from R0 or R1 is denied', () => {
    expect(JSON.parse(render('cursor-ide', 'R0'))).toEqual({ mcpAllowlist: [] });
    expect(JSON.parse(render('cursor-ide', 'R1'))).toEqual({ mcpAllowlist: [] });
  });

  it('the agent hook fragments pass --deny-from to the hook they install', () => {
    for (const format of ['gemini-hook', 'codex-hook', 'cursor-hook'] as const) {
      expect(render(format, 'R0')).toContain(`hook --agent ${format.replace('-hook', '')} --deny-from R0`);
      expect(render(format, 'R1')).toContain(`hook --agent ${format.replace('-hook', '')} --deny-from R1`);
    }
  });

  it('cedar: R0 forbids every tool and says so; R1 permits only R0 and says allow up to R0', () => {
    const r0 = render('cedar', 'R0');
    expect(headerLine(r0, '//')).toBe('// Thresholds: deny from R0: every tool is denied, nothing is allowed or sent for approval.');
    expect(r0.match(/^forbid /gm)).toHaveLength(5);
    expect(r0).not.toMatch(/^permit /m);
    const r1 = render('cedar', 'R1');
    expect(headerLine(r1, '//')).toBe('// Thresholds: allow up to R0; deny from R1 (tools an argument rule can bring below R1 need approval instead).');
    expect(r1).toContain('@id("rclass/db/list")\npermit');
    expect(r1).toContain('@id("rclass/db/save")\nforbid');
    expect(r1).toContain('@id("rclass/db/charge")\nforbid');
    expect(r1).toMatch(/@id\("rclass\/db\/query"\)\n@requireApproval/);
  });

  it('cel: R0 allows nothing and says so; R1 allows only R0 tools and says allow up to R0', () => {
    const r0 = render('cel', 'R0');
    expect(headerLine(r0, '#')).toBe('# Thresholds: deny from R0: every tool is denied, nothing is allowed or sent for approval.');
    expect(r0.split('\n').filter((line) => !line.startsWith('#'))).toEqual(['mcpAuthorization:', '  rules:', '    - allow: "false"', '']);
    const r1 = render('cel', 'R1');
    expect(headerLine(r1, '#')).toBe(
      '# Thresholds: allow up to R0; deny from R1 (tools an argument rule can bring below R1 need approval instead); agentgateway has no approval step, so nothing above R0 is allowed.',
    );
    expect(r1).toContain('- allow: mcp.tool.target == "db" && mcp.tool.name in ["list"]\n');
    expect(r1.match(/- allow:/g)).toHaveLength(1);
  });

  it('cedar-toolhive (JSON, no header): R0 forbids every tool; R1 permits only the R0 tool', () => {
    const r0 = JSON.parse(render('cedar-toolhive', 'R0')).cedar.policies as string[];
    expect(r0.filter((text) => text.startsWith('forbid'))).toHaveLength(5);
    expect(r0.filter((text) => text.startsWith('permit'))).toEqual(['permit (principal, action == Action::"call_tool", resource) when { false };']);
    const r1 = JSON.parse(render('cedar-toolhive', 'R1')).cedar.policies as string[];
    expect(r1.filter((text) => text.startsWith('permit'))).toEqual(['permit (principal, action == Action::"call_tool", resource == Tool::"list");']);
    expect(r1.filter((text) => text.startsWith('forbid'))).toHaveLength(3);
  });

  it('claude-settings (JSON, no header): R0 denies every tool; R1 leaves R0 to your rules', () => {
    expect(JSON.parse(render('claude-settings', 'R0')).permissions).toEqual({
      allow: [],
      ask: [],
      deny: ['mcp__db__charge', 'mcp__db__drop', 'mcp__db__list', 'mcp__db__query', 'mcp__db__save'],
    });
    expect(JSON.parse(render('claude-settings', 'R1')).permissions).toEqual({
      allow: [],
      ask: ['mcp__db__query'],
      deny: ['mcp__db__charge', 'mcp__db__drop', 'mcp__db__save'],
    });
  });

  it('cursor-cli (JSON, no header): R0 denies every tool; R1 denies all but the R0 tool and the argument-dependent one', () => {
    expect(JSON.parse(render('cursor-cli', 'R0')).permissions).toEqual({
      allow: [],
      deny: ['Mcp(db:charge)', 'Mcp(db:drop)', 'Mcp(db:list)', 'Mcp(db:query)', 'Mcp(db:save)'],
    });
    expect(JSON.parse(render('cursor-cli', 'R1')).permissions).toEqual({ allow: [], deny: ['Mcp(db:charge)', 'Mcp(db:drop)', 'Mcp(db:save)'] });
  });

  it('claude-hook (JSON, no header): passes the threshold on to rclass hook unchanged', () => {
    for (const denyFrom of ['R0', 'R1'] as const) {
      const command = JSON.parse(render('claude-hook', denyFrom)).hooks.PreToolUse[0].hooks[0].command as string;
      expect(command).toContain(`--deny-from ${denyFrom}`);
      expect(command).not.toContain('--allow-up-to');
    }
  });
});

describe('policyFiles', () => {
  const doc = buildDocument([
    syntheticRecord('db', [
      { name: 'list', class: 'R0' },
      { name: 'drop', class: 'R4' },
    ]),
  ]);
  const files = policyFiles(doc, 'rclass 0.1.0');

  it('names the twelve ready-made files, one per format, with their format and command', () => {
    expect(files.map((file) => [file.file, file.format, file.command])).toEqual([
      ['rclass.cedar', 'cedar', 'rclass policy --format cedar'],
      ['toolhive-authz.json', 'cedar-toolhive', 'rclass policy --format cedar-toolhive'],
      ['agentgateway-mcp-authz.yaml', 'cel', 'rclass policy --format cel'],
      ['claude-settings.json', 'claude-settings', 'rclass policy --format claude-settings'],
      ['claude-hook.json', 'claude-hook', 'rclass policy --format claude-hook'],
      ['cursor-cli.json', 'cursor-cli', 'rclass policy --format cursor-cli --deny-from R4'],
      ['cursor-permissions.json', 'cursor-ide', 'rclass policy --format cursor-ide --allow-up-to R1'],
      ['cursor-hook.json', 'cursor-hook', 'rclass policy --format cursor-hook'],
      ['gemini-policy.toml', 'gemini', 'rclass policy --format gemini'],
      ['gemini-hook.json', 'gemini-hook', 'rclass policy --format gemini-hook'],
      ['codex-disabled-tools.toml', 'codex-disabled-tools', 'rclass policy --format codex-disabled-tools --deny-from R4'],
      ['codex-hook.json', 'codex-hook', 'rclass policy --format codex-hook'],
    ]);
    expect(new Set(files.map((file) => file.format))).toEqual(new Set(POLICY_FORMATS));
  });

  it("writes each new format's real content: the allowlist, the ask_user and disabled_tools rules, and the hook commands", () => {
    const content = (name: string) => files.find((file) => file.file === name)!.content;
    expect(JSON.parse(content('cursor-permissions.json'))).toEqual({ mcpAllowlist: ['db:list'] });
    expect(content('gemini-policy.toml')).toContain('toolName = "mcp_db_drop"\ndecision = "ask_user"\npriority = 800');
    expect(content('gemini-policy.toml')).toContain('toolName = "mcp_db_*"\ndecision = "ask_user"\npriority = 600');
    expect(content('gemini-policy.toml')).not.toContain('toolName = "mcp_db_list"');
    expect(content('codex-disabled-tools.toml')).toContain('[mcp_servers.db]\nenabled_tools = [ "list" ]\ndisabled_tools = [ "drop" ]');
    expect(JSON.parse(content('codex-hook.json')).hooks.PreToolUse[0].hooks[0].command).toBe(
      `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent codex`,
    );
    expect(JSON.parse(content('gemini-hook.json')).hooks.BeforeTool[0].hooks[0].command).toBe(
      `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent gemini`,
    );
    expect(JSON.parse(content('cursor-hook.json')).hooks.beforeMCPExecution[0].command).toBe(
      `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent cursor`,
    );
  });

  it('runs the hook from the PATH in the downloadable fragment, since a download cannot know where rclass is', () => {
    expect(JSON.parse(files.find((file) => file.file === 'claude-hook.json')!.content).hooks.PreToolUse[0].hooks[0].command).toBe(
      `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook`,
    );
  });

  // `rclass policy --help` warns against a PATH lookup; the download cannot avoid one, so it must say so.
  it('describes the downloadable claude-hook.json as an example and says to generate it locally for pinned absolute paths', () => {
    const hook = files.find((file) => file.file === 'claude-hook.json')!;
    expect(hook.target).toBe('Claude Code hooks (an example: generate your own)');
    expect(hook.description).toContain('An example only: it runs `rclass hook` through a PATH lookup');
    expect(hook.description).toContain('`rclass policy --help` warns against');
    expect(hook.description).toContain(
      'generate the file on your own machine with `rclass policy --format claude-hook`, which pins the absolute paths of your Node and your rclass.',
    );
    expect(files.filter((file) => file.description.includes('PATH lookup')).map((file) => file.file)).toEqual([
      'claude-hook.json',
      'cursor-hook.json',
      'gemini-hook.json',
      'codex-hook.json',
    ]);
    expect(files.find((file) => file.file === 'codex-hook.json')!.description).toContain(
      'generate the file on your own machine with `rclass policy --format codex-hook`, which pins the absolute paths of your Node and your rclass, and put it in ~/.codex/hooks.json.',
    );
  });

  it('is deterministic', () => {
    expect(policyFiles(doc, 'rclass 0.1.0')).toEqual(files);
  });
});
