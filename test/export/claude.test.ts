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
import { EXEC_FORM_SINCE, supportsExecForm } from '../../src/export/claude-hook.ts';
import { HOOK_GUARD, NODE_HOOK_GUARD } from '../../src/export/hook-guard.ts';
import {
  EVENT_MATCHERS,
  HOOK_DEADLINE_MS,
  HOOK_EVENTS,
  HOOK_TIMEOUT_SECONDS,
  MCP_MATCHER,
  OUTCOME_MATCHER,
  type ClaudeHookSettings,
  hookCommand,
  renderClaudeHook,
  shellWord,
} from '../../src/export/claude-hook.ts';
import { type ClaudeSettings, claudeServerName, claudeToolName, renderClaudeSettings } from '../../src/export/claude-settings.ts';
import { renderCursorCli } from '../../src/export/cursor-cli.ts';
import { planPolicy } from '../../src/export/plan.ts';
import { type Thresholds, lowestClass } from '../../src/core/policy.ts';
import { registryDocument, syntheticRecord, worstCase } from './registry.ts';

/** Whether one permission rule matches a tool name, as Claude Code reads MCP rules. */
function ruleMatches(rule: string, tool: string): boolean {
  if (rule === tool) return true;
  if (/^mcp__[A-Za-z0-9_-]+$/.test(rule) && !rule.slice(5).includes('__')) return tool.startsWith(`${rule}__`);
  if (rule.includes('*'))
    return new RegExp(
      `^${rule
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(tool);
  return false;
}

/**
 * A rule list split for {@link ruleMatches}: every rule matches its own text, so the exact names go in a set and
 * only the rules that can match more (a bare server name, a wildcard) are tried one by one. Asking about every
 * registry tool against lists as long as the registry tried every rule per tool.
 */
interface RuleList {
  names: Set<string>;
  wider: string[];
}

/** The split of each rule list, made once per list. */
const ruleLists = new WeakMap<string[], RuleList>();

function ruleList(rules: string[]): RuleList {
  let list = ruleLists.get(rules);
  if (list === undefined) {
    list = {
      names: new Set(rules),
      wider: rules.filter((rule) => rule.includes('*') || (/^mcp__[A-Za-z0-9_-]+$/.test(rule) && !rule.slice(5).includes('__'))),
    };
    ruleLists.set(rules, list);
  }
  return list;
}

/** Whether any rule of `rules` matches a tool name: `rules.some((rule) => ruleMatches(rule, tool))`. */
function anyMatches(rules: string[], tool: string): boolean {
  const { names, wider } = ruleList(rules);
  return names.has(tool) || wider.some((rule) => ruleMatches(rule, tool));
}

/** The allow rules Claude Code uses: those with a wildcard before `mcp__<server>__` are skipped. */
const usableAllow = new WeakMap<string[], string[]>();

/** Claude Code's decision for a tool: deny, then ask, then allow; `default` when no rule matches. Allow rules with a wildcard before `mcp__<server>__` are skipped, as Claude Code does. */
function claudeDecides(settings: ClaudeSettings, tool: string): 'deny' | 'ask' | 'allow' | 'default' {
  if (anyMatches(settings.permissions.deny, tool)) return 'deny';
  if (anyMatches(settings.permissions.ask, tool)) return 'ask';
  const { allow } = settings.permissions;
  let usable = usableAllow.get(allow);
  if (usable === undefined) {
    usable = allow.filter((rule) => !rule.includes('*') || /^mcp__[A-Za-z0-9_-]+__[^*]/.test(rule));
    usableAllow.set(allow, usable);
  }
  if (anyMatches(usable, tool)) return 'allow';
  return 'default';
}

/** Whether a hook matcher matches a tool name, as Claude Code reads matchers. */
function matcherMatches(matcher: string, tool: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  if (/^[A-Za-z0-9_|, -]+$/.test(matcher))
    return matcher
      .split(/[|,]/)
      .map((part) => part.trim())
      .includes(tool);
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
          const want = expected(worstCase(tool), lowestClass(tool), thresholds);
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
  const doc = buildDocument([
    syntheticRecord('db', [
      { name: 'query', class: 'R4', lowest: 'R0' },
      { name: 'list', class: 'R0' },
      { name: 'drop', class: 'R4' },
    ]),
  ]);
  const servers = [
    { name: 'my.db', recordId: 'db' },
    { name: 'mystery', unrecognised: '`node` is not a package launcher' },
  ];

  it("uses config names (with Claude Code's character rule) and asks for every tool of an unrecognised server", () => {
    const settings = JSON.parse(
      renderClaudeSettings(planPolicy(doc, { generator: 'rclass test', thresholds: { allowUpTo: 'R1' }, servers })),
    ) as ClaudeSettings;
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
  const fragment = JSON.parse(
    renderClaudeHook({ launcher: ['/opt/node 20/bin/node', '/opt/rclass/bin/rclass.mjs'], thresholds: { denyFrom: 'R4' } }),
  ) as ClaudeHookSettings;
  const command = `/bin/sh -c '${HOOK_GUARD}' rclass-hook '/opt/node 20/bin/node' /opt/rclass/bin/rclass.mjs hook --deny-from R4`;

  it('installs SessionStart, PreToolUse for every tool, and PostToolUse and PostToolUseFailure for the tools whose outcome is logged', () => {
    expect(Object.keys(fragment.hooks)).toEqual([...HOOK_EVENTS]);
    expect(HOOK_EVENTS).toEqual(['SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure']);
    for (const event of HOOK_EVENTS) {
      expect(fragment.hooks[event]).toEqual([{ matcher: EVENT_MATCHERS[event], hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] }]);
    }
    expect(fragment.hooks.PreToolUse[0]!.matcher).toBe('');
    expect(fragment.hooks.PostToolUse[0]!.matcher).toBe(OUTCOME_MATCHER);
    expect(fragment.hooks.PostToolUseFailure[0]!.matcher).toBe(OUTCOME_MATCHER);
  });

  it("gives every entry an explicit timeout in seconds larger than the hook's own deadline (BR-11 e)", () => {
    for (const event of HOOK_EVENTS) {
      for (const group of fragment.hooks[event]) {
        for (const hook of group.hooks) {
          expect(Number.isInteger(hook.timeout)).toBe(true);
          expect(hook.timeout * 1000).toBeGreaterThan(HOOK_DEADLINE_MS);
          expect(hook.timeout).toBeLessThan(600);
        }
      }
    }
    expect(() => renderClaudeHook({ launcher: ['rclass'], thresholds: {}, timeoutSeconds: HOOK_DEADLINE_MS / 1000 })).toThrow(
      `above the hook's own ${HOOK_DEADLINE_MS / 1000} s deadline`,
    );
    expect(() => renderClaudeHook({ launcher: ['rclass'], thresholds: {}, timeoutSeconds: 7.5 })).toThrow(RangeError);
  });

  it('BR-09: the written matchers reach mcp__github__create_repository, mcp__pg__query and a plugin tool before and after the call', () => {
    const names = ['mcp__github__create_repository', 'mcp__pg__query', 'mcp__plugin_kit_github__create_repository', 'mcp__claude_ai_Gmail__send'];
    for (const event of ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'] as const) {
      for (const name of names)
        expect(
          fragment.hooks[event].some((group) => matcherMatches(group.matcher, name)),
          `${event} ${name}`,
        ).toBe(true);
    }
  });

  it('sees every built-in tool before the call (the session guard), and after it only the tools that send data out and those that can write', () => {
    for (const tool of ['Read', 'Grep', 'Glob', 'Bash', 'Write', 'WebFetch', 'WebSearch', 'Task'])
      expect(matcherMatches(fragment.hooks.PreToolUse[0]!.matcher, tool)).toBe(true);
    for (const tool of ['WebFetch', 'WebSearch', 'Artifact', 'SendUserFile', 'RemoteTrigger', 'Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit'])
      expect(matcherMatches(OUTCOME_MATCHER, tool), tool).toBe(true);
    for (const tool of ['Read', 'Grep', 'Glob', 'TodoWrite', 'BashOutput', 'WebSearchX']) expect(matcherMatches(OUTCOME_MATCHER, tool), tool).toBe(false);
  });

  it('matches every MCP tool with mcp__.*, and is checked by an evaluator that treats a bare mcp__<server> matcher as an exact name (BR-09 control)', () => {
    expect(matcherMatches(MCP_MATCHER, 'mcp__sqlite__write_query')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'mcp__plugin_kit_github__create_repository')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'mcp__claude_ai_Gmail__send')).toBe(true);
    expect(matcherMatches(MCP_MATCHER, 'Bash')).toBe(false);
    expect(matcherMatches('mcp__github', 'mcp__github__create_repository')).toBe(false);
    expect(matcherMatches('mcp__github__.*', 'mcp__github__create_repository')).toBe(true);
    for (const event of HOOK_EVENTS) for (const group of fragment.hooks[event]) expect(group.matcher).not.toMatch(/^mcp__[A-Za-z0-9_-]+$/);
  });

  it('quotes launcher words for the shell and passes thresholds on', () => {
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(hookCommand({ launcher: ['rclass'], thresholds: { allowUpTo: 'R1' } })).toBe('rclass hook --allow-up-to R1');
    expect(() => renderClaudeHook({ launcher: [], thresholds: {} })).toThrow('the hook launcher has no words');
  });

  it('issue 14, 23: writes exec form for Windows (command + args, one word each, no quoting, no shell), with the launcher Node running the guard since there is no /bin/sh', () => {
    const exec = JSON.parse(
      renderClaudeHook({
        launcher: ['C:\\Program Files\\nodejs\\node.exe', "C:\\Users\\o'neil\\rclass\\bin\\rclass.mjs"],
        thresholds: { denyFrom: 'R4' },
        form: 'exec',
        windows: true,
      }),
    ) as ClaudeHookSettings;
    for (const event of HOOK_EVENTS) {
      expect(exec.hooks[event]).toEqual([
        {
          matcher: EVENT_MATCHERS[event],
          hooks: [
            {
              type: 'command',
              command: 'C:\\Program Files\\nodejs\\node.exe',
              args: [
                '-e',
                NODE_HOOK_GUARD,
                '--',
                'C:\\Program Files\\nodejs\\node.exe',
                "C:\\Users\\o'neil\\rclass\\bin\\rclass.mjs",
                'hook',
                '--deny-from',
                'R4',
              ],
              timeout: HOOK_TIMEOUT_SECONDS,
            },
          ],
        },
      ]);
    }
  });

  it('issue 23: exec form outside Windows runs the launcher through the guard, /bin/sh -c GUARD, one word each', () => {
    const exec = JSON.parse(
      renderClaudeHook({ launcher: ['/opt/node 20/bin/node', "/home/o'neil/rclass/bin/rclass-hook.cjs"], thresholds: { denyFrom: 'R4' }, form: 'exec' }),
    ) as ClaudeHookSettings;
    for (const event of HOOK_EVENTS)
      expect(exec.hooks[event][0]!.hooks[0]).toEqual({
        type: 'command',
        command: '/bin/sh',
        args: ['-c', HOOK_GUARD, 'rclass-hook', '/opt/node 20/bin/node', "/home/o'neil/rclass/bin/rclass-hook.cjs", 'hook', '--deny-from', 'R4'],
        timeout: HOOK_TIMEOUT_SECONDS,
      });
    expect(HOOK_GUARD).not.toMatch(/['\\]/);
  });

  it('issue 14: keeps the POSIX shell form by default, and tells which Claude Code versions take exec form (2.1.139, docs/changelog.md)', () => {
    for (const event of HOOK_EVENTS) expect(fragment.hooks[event][0]!.hooks[0]!.args).toBeUndefined();
    expect(EXEC_FORM_SINCE).toBe('2.1.139');
    expect(supportsExecForm('2.1.219 (Claude Code)')).toBe(true);
    expect(supportsExecForm('2.1.139 (Claude Code)')).toBe(true);
    expect(supportsExecForm('2.1.138 (Claude Code)')).toBe(false);
    expect(supportsExecForm('1.0.99')).toBe(false);
    expect(supportsExecForm('3.0.0')).toBe(true);
    expect(supportsExecForm('unknown')).toBe(false);
  });
});

describe('cursor-cli', () => {
  const doc = buildDocument([
    syntheticRecord('db', [
      { name: 'query', class: 'R4', lowest: 'R0' },
      { name: 'list', class: 'R0' },
      { name: 'save', class: 'R1' },
      { name: 'drop', class: 'R4' },
      { name: 'grant', class: 'R3' },
    ]),
  ]);

  it('writes nothing by default: Cursor prompts for every tool not allowed', () => {
    expect(JSON.parse(renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: {} })))).toEqual({ permissions: { allow: [], deny: [] } });
  });

  it('allows up to --allow-up-to and denies from --deny-from, as Mcp(server:tool), leaving argument-dependent and approval tools to the prompt', () => {
    const out = JSON.parse(renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: { allowUpTo: 'R0', denyFrom: 'R3' } })));
    expect(out).toEqual({ permissions: { allow: ['Mcp(db:list)'], deny: ['Mcp(db:drop)', 'Mcp(db:grant)'] } });
  });

  it('denies an unrecognised server as Mcp(server:*) with --deny-from', () => {
    const out = JSON.parse(
      renderCursorCli(planPolicy(doc, { generator: 'rclass test', thresholds: { denyFrom: 'R4' }, servers: [{ name: 'x', unrecognised: 'unknown' }] })),
    );
    expect(out).toEqual({ permissions: { allow: [], deny: ['Mcp(x:*)'] } });
  });
});
