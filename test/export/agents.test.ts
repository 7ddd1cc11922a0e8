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
    const byTool = Object.fromEntries(rules.map((rule) => [`${String(rule.mcpName)}/${String(rule.toolName)}`, [rule.decision, rule.priority]]));
    expect(byTool['mem/read_graph']).toEqual(['allow', GEMINI_PRIORITY.allow]);
    expect(byTool['mem/delete_entities']).toEqual(['deny', GEMINI_PRIORITY.deny]);
    expect(byTool['mem/create_entities']).toBeUndefined();
    expect(byTool['odd/*']).toEqual(['deny', GEMINI_PRIORITY.deny]);
    for (const rule of rules) {
      expect(['allow', 'deny', 'ask_user']).toContain(rule.decision);
      expect(Number.isInteger(rule.priority) && (rule.priority as number) >= 0 && (rule.priority as number) <= 999).toBe(true);
    }
  });

  it('without thresholds every R2-R4 tool asks and no tool is allowed or denied', async () => {
    const rules = (parse(renderPolicy('gemini', await plan({}, [{ name: 'mem', recordId: 'memory' }]))) as { rule: Array<Record<string, unknown>> }).rule;
    expect(rules.map((rule) => [rule.toolName, rule.decision])).toEqual([
      ['delete_entities', 'ask_user'],
      ['delete_observations', 'ask_user'],
      ['delete_relations', 'ask_user'],
    ]);
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
    expect(parse(toml)).toEqual({ mcp_servers: { mem: { disabled_tools: ['delete_entities'] }, odd: { enabled: false } } });
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

  it('cursor-hook: beforeMCPExecution with failClosed', async () => {
    const json = JSON.parse(renderPolicy('cursor-hook', await plan(), ['rclass'])) as unknown;
    expect(json).toEqual({
      version: 1,
      hooks: { beforeMCPExecution: [{ command: `/bin/sh -c '${HOOK_GUARD}' rclass-hook rclass hook --agent cursor`, timeout: 15, failClosed: true }] },
    });
  });
});
