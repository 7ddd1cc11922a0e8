/**
 * Thresholds shared by every static export (SPEC 3, 8.1) and the
 * ready-made policy files of the build.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../src/core/registry.ts';
import { policyFiles } from '../../src/export/index.ts';
import { decide, describeThresholds, parseThresholds } from '../../src/export/thresholds.ts';
import { syntheticRecord } from './registry.ts';

describe('parseThresholds', () => {
  it('accepts classes in either case', () => {
    expect(parseThresholds('r1', 'R4')).toEqual({ allowUpTo: 'R1', denyFrom: 'R4' });
    expect(parseThresholds(undefined, undefined)).toEqual({});
  });

  it('refuses --allow-up-to above R1, since R2 and up need a human (SPEC 3)', () => {
    expect(parseThresholds('R2', undefined)).toEqual({ error: '`--allow-up-to R2` would let tools that need a human run alone; the highest class it accepts is R1 (SPEC 3)' });
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
    expect(describeThresholds({ allowUpTo: 'R0', denyFrom: 'R4' })).toBe('allow up to R0; approval from R1; deny from R4');
  });
});

describe('policyFiles', () => {
  const doc = buildDocument([syntheticRecord('db', [{ name: 'list', class: 'R0' }, { name: 'drop', class: 'R4' }])]);
  const files = policyFiles(doc, 'rclass 0.1.0');

  it('names the six ready-made files with their format and command', () => {
    expect(files.map((file) => [file.file, file.format, file.command])).toEqual([
      ['rclass.cedar', 'cedar', 'rclass policy --format cedar'],
      ['toolhive-authz.json', 'cedar-toolhive', 'rclass policy --format cedar-toolhive'],
      ['agentgateway-mcp-authz.yaml', 'cel', 'rclass policy --format cel'],
      ['claude-settings.json', 'claude-settings', 'rclass policy --format claude-settings'],
      ['claude-hook.json', 'claude-hook', 'rclass policy --format claude-hook'],
      ['cursor-cli.json', 'cursor-cli', 'rclass policy --format cursor-cli --deny-from R4'],
    ]);
  });

  it('runs the hook from the PATH in the downloadable fragment, since a download cannot know where rclass is', () => {
    expect(JSON.parse(files.find((file) => file.file === 'claude-hook.json')!.content).hooks.PreToolUse[0].hooks[0].command).toBe('rclass hook');
  });

  it('is deterministic', () => {
    expect(policyFiles(doc, 'rclass 0.1.0')).toEqual(files);
  });
});
