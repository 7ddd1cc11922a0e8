/**
 * Claude Code exports (SPEC 8.5) against Claude Code's rule semantics:
 * permission rules are checked deny, then ask, then allow, the first match
 * deciding; hook matchers are exact names unless they contain characters
 * other than letters, digits, `_`, `-`, `|`, `,` and spaces, in which case
 * they are unanchored regular expressions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { classRank } from '../../src/core/classes.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { buildDocument } from '../../src/core/registry.ts';
import { HOOK_EVENTS, MCP_MATCHER, type ClaudeHookSettings, hookCommand, renderClaudeHook, shellWord } from '../../src/export/claude-hook.ts';
import { type ClaudeSettings, claudeServerName, claudeToolName, renderClaudeSettings } from '../../src/export/claude-settings.ts';
import { renderCursorCli } from '../../src/export/cursor-cli.ts';
import { planPolicy } from '../../src/export/plan.ts';
import { type Thresholds, lowestClass } from '../../src/export/thresholds.ts';
import { registryDocument, syntheticRecord } from './registry.ts';

/** Whether one permission rule matches a tool name, as Claude Code reads MCP rules. */
function ruleMatches(rule: string, tool: string): boolean {
  if (rule === tool) return true;
  if (/^mcp__[A-Za-z0-9_-]+$/.test(rule) && !rule.slice(5).includes('__')) return tool.startsWith(`${rule}__`);
  if (rule.includes('*')) return new RegExp(`^${rule.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(tool);
  return false;
}

/** Claude Code's decision for a tool: deny, then ask, then allow; `default` when no rule matches. Allow rules with a wildcard before `mcp__<server>__` are skipped, as Claude Code does. */
function claudeDecides(settings: ClaudeSettings, tool: string): 'deny' | 'ask' | 'allow' | 'default' {
  if (settings.permissions.deny.some((rule) => ruleMatches(rule, tool))) return 'deny';
  if (settings.permissions.ask.some((rule) => ruleMatches(rule, tool))) return 'ask';
  const usable = settings.permissions.allow.filter((rule) => !rule.includes('*') || /^mcp__[A-Za-z0-9_-]+__[^*]/.test(rule));
  if (usable.some((rule) => ruleMatches(rule, tool))) return 'allow';
  return 'default';
}

/** Whether a hook matcher matches a tool name, as Claude Code reads matchers. */
function matcherMatches(matcher: string, tool: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  if (/^[A-Za-z0-9_|, -]+$/.test(matcher)) return matcher.split(/[|,]/).map((part) => part.trim()).includes(tool);
  return new RegExp(matcher).test(tool);
}

function expected(base: string, lowest: string, thresholds: Thresholds): 'deny' | 'ask' | 'allow' | 'default' {
  const rank = (c: string) => classRank(c as 'R0');
  if (thresholds.denyFrom !== undefined && rank(base) >= rank(thresholds.denyFrom)) return rank(lowest) < rank(thresholds.denyFrom) ? 'ask' : 'deny';
  if (thresholds.allowUpTo !== undefined && rank(base) <= rank(thresholds.allowUpTo)) return 'allow';
  return rank(base) >= 2 ? 'ask' : 'default';
}

let document: RegistryDocument;
beforeAll(async () => {
  document = await registryDocument();
});

for (const [label, thresholds] of [
  ['default thresholds', {}],
  ['--allow-up-to R1', { allowUpTo: 'R1' }],
  ['--allow-up-to R0 --deny-from R4', { allowUpTo: 'R0', denyFrom: 'R4' }],
  ['--deny-from R3', { denyFrom: 'R3' }],
] as Array<[string, Thresholds]>) {
  describe(`claude-settings, whole registry, ${label}`, () => {
    let settings: ClaudeSettings;
    beforeAll(() => {
      settings = JSON.parse(renderClaudeSettings(planPolicy(document, { generator: 'rclass test', thresholds }))) as ClaudeSettings;
    });

    it('decides every registry tool as its base class implies under deny, then ask, then allow', () => {
      const wrong: string[] = [];
      for (const record of document.servers) {
        for (const tool of record.tools) {
          const want = expected(tool.class, lowestClass(tool), thresholds);
          const got = claudeDecides(settings, claudeToolName(record.id, tool.name));
          if (got !== want) wrong.push(`${record.id}/${tool.name} ${tool.class}: want ${want}, got ${got}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('puts only exact tool names in allow: no wildcard and no bare server name', () => {
      for (const rule of settings.permissions.allow) {
        expect(rule).not.toContain('*');
        expect(rule).toMatch(/^mcp__[A-Za-z0-9_-]+__.+$/);
      }
      if (thresholds.allowUpTo === undefined) expect(settings.permissions.allow).toEqual([]);
    });

    it('writes sorted lists with no duplicates', () => {
      for (const list of Object.values(settings.permissions)) expect(list).toEqual([...new Set(list)].sort());
    });
  });
}

describe('claude-settings with a configuration', () => {
  const doc = buildDocument([syntheticRecord('db', [{ name: 'query', class: 'R4', lowest: 'R0' }, { name: 'list', class: 'R0' }, { name: 'drop', class: 'R4' }])]);
  const servers = [
    { name: 'my.db', recordId: 'db' },
    { name: 'mystery', unrecognised: '`node` is not a package launcher' },
  ];

  it('uses config names (with Claude Code\'s character rule) and asks for every tool of an unrecognised server', () => {
    const settings = JSON.parse(renderClaudeSettings(planPolicy(doc, { generator: 'rclass test', thresholds: { allowUpTo: 'R1' }, servers }))) as ClaudeSettings;
    expect(settings).toEqual({ permissions: { allow: ['mcp__my_db__list'], ask: ['mcp__my_db__drop', 'mcp__my_db__query', 'mcp__mystery'], deny: [] } });
    expect(claudeDecides(settings, 'mcp__mystery__anything')).toBe('ask');
  });

  it('denies an unrecognised server and non-argument-dependent R4 tools with --deny-from R4, but keeps an argument-dependent tool in ask', () => {
    const settings = JSON.parse(renderClaudeSettings(planPolicy(doc, { generator: 'rclass test', thresholds: { denyFrom: 'R4' }, servers }))) as ClaudeSettings;
    expect(settings).toEqual({ permissions: { allow: [], ask: ['mcp__my_db__query'], deny: ['mcp__my_db__drop', 'mcp__mystery'] } });
    expect(claudeDecides(settings, 'mcp__mystery__read')).toBe('deny');
  });

  it('maps names as Claude Code does', () => {
    expect(claudeServerName('my server.v2')).toBe('my_server_v2');
    expect(claudeToolName('sqlite', 'write_query')).toBe('mcp__sqlite__write_query');
  });

  it('is checked by an evaluator that knows a bare server rule and a wildcard', () => {
    expect(ruleMatches('mcp__github', 'mcp__github__create_repository')).toBe(true);
    expect(ruleMatches('mcp__github', 'mcp__github_enterprise__x')).toBe(false);
    expect(ruleMatches('mcp__*', 'mcp__x__y')).toBe(true);
  });
});

describe('claude-hook', () => {
  const fragment = JSON.parse(renderClaudeHook({ launcher: ['/opt/node 20/bin/node', '/opt/rclass/bin/rclass.mjs'], thresholds: { denyFrom: 'R4' } })) as ClaudeHookSettings;

  it('installs PreToolUse, PostToolUse and PostToolUseFailure with the matcher mcp__.* and an explicit timeout in seconds', () => {
    expect(Object.keys(fragment.hooks)).toEqual([...HOOK_EVENTS]);
    for (const event of HOOK_EVENTS) {
      expect(fragment.hooks[event]).toEqual([{ matcher: 'mcp__.*', hooks: [{ type: 'command', command: "'/opt/node 20/bin/node' /opt/rclass/bin/rclass.mjs hook --deny-from R4", timeout: 10 }] }]);
    }
  });

  it('matches mcp__sqlite__write_query, a plugin server\'s tool and a claude.ai connector\'s tool, and no built-in tool', () => {
    expect(matcherMatches(MCP_MATCHER, 'mcp__sqlite__write_query')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'mcp__plugin_kit_github__create_repository')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'mcp__claude_ai_Gmail__send')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'Bash')).toBe(false);
    expect(matcherMatches(MCP_MATCHER, 'WebFetch')).toBe(false);
  });

  it('is checked by an evaluator that treats a bare mcp__<server> matcher as an exact name (BR-09 control)', () => {
    expect(matcherMatches('mcp__github', 'mcp__github__create_repository')).toBe(false);
    expect(matcherMatches('mcp__github__.*', 'mcp__github__create_repository')).toBe(true);
  });

  it('quotes launcher words for the shell and passes thresholds on', () => {
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(hookCommand({ launcher: ['rclass'], thresholds: { allowUpTo: 'R1' } })).toBe('rclass hook --allow-up-to R1');
    expect(() => renderClaudeHook({ launcher: [], thresholds: {} })).toThrow('the hook launcher has no words');
  });
});

describe('cursor-cli', () => {
  const doc = buildDocument([syntheticRecord('db', [{ name: 'query', class: 'R4', lowest: 'R0' }, { name: 'list', class: 'R0' }, { name: 'save', class: 'R1' }, { name: 'drop', class: 'R4' }, { name: 'grant', class: 'R3' }])]);

  it('writes nothing by default: Cursor prompts for every tool not allowed', () => {
    expect(JSON.parse(renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: {} })))).toEqual({ permissions: { allow: [], deny: [] } });
  });

  it('allows up to --allow-up-to and denies from --deny-from, as Mcp(server:tool), leaving argument-dependent and approval tools to the prompt', () => {
    const out = JSON.parse(renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: { allowUpTo: 'R0', denyFrom: 'R3' } })));
    expect(out).toEqual({ permissions: { allow: ['Mcp(db:list)'], deny: ['Mcp(db:drop)', 'Mcp(db:grant)'] } });
  });

  it('denies an unrecognised server as Mcp(server:*) with --deny-from', () => {
    const out = JSON.parse(renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: { denyFrom: 'R4' }, servers: [{ name: 'x', unrecognised: 'unknown' }] })));
    expect(out).toEqual({ permissions: { allow: [], deny: ['Mcp(x:*)'] } });
  });
});
