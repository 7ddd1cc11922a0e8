/**
 * The Gemini CLI, Codex and Cursor IDE exports, and the hook install
 * fragments for the three agents: parsed back with a real TOML parser
 * (smol-toml) or JSON, checked against each client's documented shape.
 */
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { planPolicy, renderPolicy } from '../../src/export/index.ts';
import { GEMINI_PRIORITY } from '../../src/export/gemini-policy.ts';
import { HOOK_GUARD } from '../../src/export/hook-guard.ts';
import { registryDocument } from './registry.ts';

async function plan(
  thresholds: { allowUpTo?: 'R0' | 'R1'; denyFrom?: 'R1' | 'R2' | 'R3' | 'R4' } = {},
  servers?: Array<{ name: string; recordId: string } | { name: string; unrecognised: string }>,
) {
  return planPolicy(await registryDocument(), { generator: 'rclass test', thresholds, ...(servers !== undefined ? { servers } : {}) });
}

describe('gemini: policy engine TOML', () => {
  it('asks for R2-R4 tools (ask_user), allows up to --allow-up-to, denies from --deny-from, and gives an unrecognised server one toolName "*" rule', async () => {
    const p = await plan({ allowUpTo: 'R0', denyFrom: 'R4' }, [
      { name: 'mem', recordId: 'memory' },
      { name: 'odd', unrecognised: 'absolute launcher' },
    ]);
    const toml = renderPolicy('gemini', p);
    expect(toml.startsWith('# Gemini CLI policy rules from rclass')).toBe(true);
    const rules = (parse(toml) as { rule: Array<Record<string, unknown>> }).rule;
    const byTool = Object.fromEntries(rules.map((rule) => [String(rule.toolName), [rule.decision, rule.priority]]));
    expect(rules.every((rule) => rule.mcpName === undefined)).toBe(true);
    expect(byTool.mcp_mem_read_graph).toEqual(['allow', GEMINI_PRIORITY.allow]);
    expect(byTool.mcp_mem_delete_entities).toEqual(['deny', GEMINI_PRIORITY.deny]);
    // R1 with --deny-from R4: the catch-all denies, so a listed tool with no decision asks instead.
    expect(byTool.mcp_mem_create_entities).toEqual(['ask_user', GEMINI_PRIORITY.ask_user]);
    expect(byTool['mcp_mem_*']).toEqual(['deny', GEMINI_PRIORITY.catchAll]);
    expect(byTool['mcp_odd_*']).toEqual(['deny', GEMINI_PRIORITY.deny]);
    for (const rule of rules) {
      expect(['allow', 'deny', 'ask_user']).toContain(rule.decision);
      expect(Number.isInteger(rule.priority) && (rule.priority as number) >= 0 && (rule.priority as number) <= 999).toBe(true);
    }
  });

  it('without thresholds every R2-R4 tool asks, no tool is allowed or denied, and the catch-all asks for any tool the record does not list', async () => {
    const rules = (parse(renderPolicy('gemini', await plan({}, [{ name: 'mem', recordId: 'memory' }]))) as { rule: Array<Record<string, unknown>> }).rule;
    expect(rules.filter((rule) => rule.interactive === undefined).map((rule) => [rule.toolName, rule.decision, rule.priority])).toEqual([
      ['mcp_mem_delete_entities', 'ask_user', GEMINI_PRIORITY.ask_user],
      ['mcp_mem_delete_observations', 'ask_user', GEMINI_PRIORITY.ask_user],
      ['mcp_mem_delete_relations', 'ask_user', GEMINI_PRIORITY.ask_user],
      ['mcp_mem_*', 'ask_user', GEMINI_PRIORITY.catchAll],
    ]);
  });

  it('regression: every tool name is one Gemini CLI accepts without a warning (fully qualified; filesystem edit_file gave "Unrecognized tool name" on every start)', async () => {
    const p = await plan({ denyFrom: 'R4' }, [
      { name: 'fs', recordId: 'filesystem' },
      { name: 'mem', recordId: 'memory' },
    ]);
    const rules = (parse(renderPolicy('gemini', p)) as { rule: Array<Record<string, unknown>> }).rule.filter((rule) => rule.interactive === undefined);
    // google-gemini/gemini-cli@5411f113 packages/core/src/tools/tool-names.ts isValidToolName: an MCP name is
    // mcp_<server>_<tool> with both parts in [a-z0-9_.:-], the tool `*` allowed with wildcards; the loader
    // (packages/core/src/policy/toml-loader.ts validateToolName) warns only about names that fail it.
    // Checked against @google/gemini-cli-core 0.61.0's loadPoliciesFromToml: no warnings, and
    // PolicyEngine.check denies mcp_mem_wipe_all through mcp_mem_*.
    for (const rule of rules) {
      expect(rule.mcpName).toBeUndefined();
      expect(String(rule.toolName)).toMatch(/^mcp_[a-z0-9.:-][a-z0-9_.:-]*_(\*|[a-z0-9_.:-]*[a-z0-9.:-][a-z0-9_.:-]*)$/i);
    }
    expect(rules.find((rule) => rule.toolName === 'mcp_fs_edit_file')?.decision).toBe('ask_user');
    expect(rules.find((rule) => rule.toolName === 'mcp_fs_*')).toMatchObject({ decision: 'deny', priority: GEMINI_PRIORITY.catchAll });
    expect(String(rules.find((rule) => rule.toolName === 'mcp_fs_*')!.denyMessage)).toContain('the filesystem record does not list');
  });

  it('regression: a server name Gemini CLI would not accept in a qualified tool name keeps mcpName with the bare tool name', async () => {
    const rules = (parse(renderPolicy('gemini', await plan({}, [{ name: 'my mem', recordId: 'memory' }]))) as { rule: Array<Record<string, unknown>> }).rule;
    expect(rules.filter((rule) => rule.interactive === undefined).at(-1)).toEqual({
      mcpName: 'my mem',
      toolName: '*',
      decision: 'ask_user',
      priority: GEMINI_PRIORITY.catchAll,
    });
  });
});

describe('gemini: non-interactive runs', () => {
  it('regression: web_fetch, and write_file and replace naming rclass state or Gemini settings, get ask_user only when not interactive, so `gemini -p` ends instead of waiting on the hook', async () => {
    const rules = (parse(renderPolicy('gemini', await plan({}, [{ name: 'mem', recordId: 'memory' }]))) as { rule: Array<Record<string, unknown>> }).rule;
    const headless = rules.filter((rule) => rule.interactive === false);
    expect(headless).toEqual([
      { toolName: 'web_fetch', decision: 'ask_user', priority: GEMINI_PRIORITY.ask_user, interactive: false },
      {
        toolName: ['write_file', 'replace'],
        argsPattern: String.raw`\.gemini/settings|\.gemini/policies|/etc/gemini-cli|state/rclass|rclass/sessions|rclass/audit\.jsonl`,
        decision: 'ask_user',
        priority: GEMINI_PRIORITY.ask_user,
        interactive: false,
      },
      { toolName: 'mcp_*', decision: 'ask_user', priority: GEMINI_PRIORITY.unnamedServers, interactive: false },
    ]);
    const pattern = new RegExp(String(headless[1]!.argsPattern));
    expect(pattern.test(JSON.stringify({ file_path: '/home/u/.gemini/settings.json', content: '{}' }))).toBe(true);
    expect(pattern.test(JSON.stringify({ file_path: '/home/u/project/notes.md', content: 'x' }))).toBe(false);
  });

  it('regression: a server the policy does not name (added after it was written) gets ask_user in a non-interactive run, below every named server, so `gemini -p` refuses its calls instead of waiting on the hook for ever', async () => {
    // Checked against @google/gemini-cli-core 0.61.0 (loadPoliciesFromToml: no warnings; PolicyEngine.check with
    // nonInteractive): mcp_other_read_thing -> ask_user through mcp_*, which the scheduler turns into an error
    // there; with no rule it was the engine's default deny, which the hook's ask overrides, and the run waited.
    // Interactive runs match no rule (Gemini CLI's default, then the hook), and mem's tools keep their own rules.
    const rules = (
      parse(renderPolicy('gemini', await plan({ allowUpTo: 'R1' }, [{ name: 'mem', recordId: 'memory' }]))) as { rule: Array<Record<string, unknown>> }
    ).rule;
    const unnamed = rules.filter((rule) => rule.toolName === 'mcp_*');
    expect(unnamed).toEqual([{ toolName: 'mcp_*', decision: 'ask_user', priority: GEMINI_PRIORITY.unnamedServers, interactive: false }]);
    const named = rules.filter((rule) => String(rule.toolName).startsWith('mcp_mem_'));
    expect(named.find((rule) => rule.toolName === 'mcp_mem_read_graph')).toMatchObject({ decision: 'allow' });
    expect(Math.min(...named.map((rule) => Number(rule.priority)))).toBeGreaterThan(GEMINI_PRIORITY.unnamedServers);
  });
});

describe('codex-disabled-tools', () => {
  it('disables tools from --deny-from up under [mcp_servers.<name>] and turns an unrecognised server off', async () => {
    const toml = renderPolicy(
      'codex-disabled-tools',
      await plan({ denyFrom: 'R4' }, [
        { name: 'mem', recordId: 'memory' },
        { name: 'odd', unrecognised: 'x' },
      ]),
    );
    // enabled_tools: the record's other tools, so one the record does not list stays off (SPEC 8.1).
    expect(parse(toml)).toEqual({
      mcp_servers: {
        mem: {
          enabled_tools: [
            'add_observations',
            'create_entities',
            'create_relations',
            'delete_observations',
            'delete_relations',
            'open_nodes',
            'read_graph',
            'search_nodes',
          ],
          disabled_tools: ['delete_entities'],
        },
        odd: { enabled: false },
      },
    });
  });

  it('disables nothing without --deny-from, and says so', async () => {
    const toml = renderPolicy('codex-disabled-tools', await plan({}, [{ name: 'mem', recordId: 'memory' }]));
    expect(parse(toml)).toEqual({});
    expect(toml).toContain('without --deny-from nothing is disabled');
  });
});

describe('cursor-ide: permissions.json', () => {
  it('lists server:tool for tools up to --allow-up-to only', async () => {
    const json = JSON.parse(renderPolicy('cursor-ide', await plan({ allowUpTo: 'R0' }, [{ name: 'mem', recordId: 'memory' }]))) as { mcpAllowlist: string[] };
    expect(json).toEqual({ mcpAllowlist: ['mem:open_nodes', 'mem:read_graph', 'mem:search_nodes'] });
  });
});

describe('hook install fragments', () => {
  it('gemini-hook: BeforeTool and AfterTool on every tool, timeout in milliseconds above the deadline', async () => {
    const json = JSON.parse(renderPolicy('gemini-hook', await plan({ denyFrom: 'R4' }), ['/usr/bin/node', '/opt/rclass/bin/rclass.mjs'])) as {
      hooks: Record<string, Array<{ matcher: string; hooks: Array<Record<string, unknown>> }>>;
    };
    expect(Object.keys(json.hooks)).toEqual(['BeforeTool', 'AfterTool']);
    expect(json.hooks.BeforeTool![0]).toEqual({
      matcher: '.*',
      hooks: [
        {
          type: 'command',
          name: 'rclass',
          command: `/bin/sh -c '${HOOK_GUARD}' rclass-hook /usr/bin/node /opt/rclass/bin/rclass.mjs hook --agent gemini --deny-from R4`,
          timeout: 15000,
        },
      ],
    });
  });

  it('codex-hook: PreToolUse for every tool, timeout in seconds', async () => {
    const json = JSON.parse(renderPolicy('codex-hook', await plan(), ['rclass'])) as unknown;
    expect(json).toEqual({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent codex`,
                timeout: 15,
                statusMessage: 'rclass: classifying the call',
              },
            ],
          },
        ],
      },
    });
  });

  it('cursor-hook: beforeMCPExecution and beforeShellExecution, both with failClosed', async () => {
    const json = JSON.parse(renderPolicy('cursor-hook', await plan(), ['rclass'])) as unknown;
    const hook = { command: `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent cursor`, timeout: 15, failClosed: true };
    expect(json).toEqual({ version: 1, hooks: { beforeMCPExecution: [hook], beforeShellExecution: [hook] } });
  });
});
