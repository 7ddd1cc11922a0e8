/**
 * `listDownloads`, the list behind the downloads page: the ready-made Claude
 * Code hook file carries a note that it is an example to regenerate locally,
 * since it runs `rclass hook` through a PATH lookup (`rclass policy --help`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentHookDownloadNote } from '../../src/export/agent-hooks.ts';
import { CLAUDE_HOOK_DOWNLOAD_NOTE } from '../../src/export/claude-hook.ts';
import { listDownloads } from '../../src/site/lib/downloads.ts';
import { ROOT, tempDir } from '../cli/harness.ts';

const saved = { RC_ROOT: process.env.RC_ROOT, RC_REGISTRY_JSON: process.env.RC_REGISTRY_JSON, RC_POLICIES_DIR: process.env.RC_POLICIES_DIR };

beforeEach(() => {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ format_version: 1, spec_version: '0.3.0' }));
  const policies = path.join(dir, 'policies');
  mkdirSync(policies);
  writeFileSync(path.join(policies, 'claude-hook.json'), '{"hooks": {}}\n');
  writeFileSync(path.join(policies, 'rclass.cedar'), 'forbid (principal, action, resource);\n');
  for (const name of [
    'codex-disabled-tools.toml',
    'codex-hook.json',
    'cursor-cli.json',
    'cursor-hook.json',
    'cursor-permissions.json',
    'gemini-hook.json',
    'gemini-policy.toml',
  ])
    writeFileSync(path.join(policies, name), '{}\n');
  process.env.RC_ROOT = ROOT;
  process.env.RC_REGISTRY_JSON = path.join(dir, 'registry.json');
  process.env.RC_POLICIES_DIR = policies;
});

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('listDownloads', () => {
  it('marks each hook fragment as an example with the note to generate it locally, titles every policy file, and notes no other file', () => {
    const policies = listDownloads().filter((download) => download.group === 'policies');
    expect(policies.map((download) => [download.sitePath, download.title, download.note])).toEqual([
      ['policies/claude-hook.json', 'Claude Code hooks (an example: generate your own)', CLAUDE_HOOK_DOWNLOAD_NOTE],
      ['policies/codex-disabled-tools.toml', 'Codex disabled_tools', undefined],
      ['policies/codex-hook.json', 'Codex PreToolUse hook (an example: generate your own)', agentHookDownloadNote('codex')],
      ['policies/cursor-cli.json', 'Cursor CLI permissions', undefined],
      [
        'policies/cursor-hook.json',
        'Cursor beforeMCPExecution and beforeShellExecution hooks (an example: generate your own)',
        agentHookDownloadNote('cursor'),
      ],
      ['policies/cursor-permissions.json', 'Cursor IDE permissions.json (mcpAllowlist)', undefined],
      ['policies/gemini-hook.json', 'Gemini CLI BeforeTool hook (an example: generate your own)', agentHookDownloadNote('gemini')],
      ['policies/gemini-policy.toml', 'Gemini CLI policy engine rules', undefined],
      ['policies/rclass.cedar', 'Docker Sandboxes MCP policy (Cedar)', undefined],
    ]);
    expect(CLAUDE_HOOK_DOWNLOAD_NOTE).toContain(
      'generate the file on your own machine with `rclass policy --format claude-hook`, which pins the absolute paths',
    );
  });
});
