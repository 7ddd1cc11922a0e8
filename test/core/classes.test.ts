import { describe, expect, it } from 'vitest';
import { CLASSES, CLASS_NAMES, DEFAULT_POLICY, classRank, isBelow, isClass, parseClass, worseClass } from '../../src/core/index.ts';

describe('classes (SPEC 2, 3)', () => {
  it('orders R0 below R4', () => {
    expect(CLASSES.map(classRank)).toEqual([0, 1, 2, 3, 4]);
    expect(isBelow('R1', 'R2')).toBe(true);
    expect(isBelow('R2', 'R2')).toBe(false);
    expect(worseClass('R1', 'R3')).toBe('R3');
  });

  it('names each class and its default policy as the spec does', () => {
    expect(CLASSES.map((c) => `${c} ${CLASS_NAMES[c]} ${DEFAULT_POLICY[c]}`)).toEqual([
      'R0 No effect act',
      'R1 Restorable act_then_notify',
      'R2 Compensable approve_or_budget',
      'R3 Hard to recover approve_each_time',
      'R4 Irreversible never_autonomous',
    ]);
  });

  it('parses user input and rejects anything else', () => {
    expect(parseClass(' r3 ')).toBe('R3');
    expect(parseClass('R5')).toBeUndefined();
    expect(isClass('toString')).toBe(false);
    expect(() => classRank('R9' as never)).toThrow(TypeError);
  });
});
