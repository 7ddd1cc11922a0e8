// Release gating (SPEC 5.3, 6.4): pre-releases sort before their release
// (SemVer 2.0.0 §11; PEP 440 "Pre-releases"), PyPI versions by PEP 440.
import { describe, expect, it } from 'vitest';
import { releaseBefore, rulesApplyTo } from '../../src/core/version.ts';

describe('rulesApplyTo', () => {
  it('regression: a SemVer pre-release sorts before its release, so a rule for 1.10.1 does not apply to v1.10.1-rc.1', () => {
    expect(rulesApplyTo('1.10.1', 'v1.10.1-rc.1')).toBe(false);
    expect(rulesApplyTo('1.10.1', '1.10.1-beta')).toBe(false);
    expect(rulesApplyTo('1.10.1', 'v1.10.1')).toBe(true);
    expect(rulesApplyTo('1.10.1', '1.10.2-rc.1')).toBe(true);
    expect(rulesApplyTo('v1.2', '1.2.0')).toBe(true);
    expect(rulesApplyTo('1.10.1-rc.2', '1.10.1-rc.1')).toBe(false);
  });

  it('regression: PyPI versions compare by PEP 440 (rc, dev, post, epochs)', () => {
    // PEP 440, "Summary of permitted suffixes and relative ordering": .devN < aN < bN < rcN < release < .postN
    expect(rulesApplyTo('1.10.1', '1.10.1rc1', 'pep440')).toBe(false);
    expect(rulesApplyTo('1.10.1', '1.10.1.dev3', 'pep440')).toBe(false);
    expect(rulesApplyTo('1.10.1', '1.10.1a1', 'pep440')).toBe(false);
    expect(rulesApplyTo('1.10.1', '1.10.1', 'pep440')).toBe(true);
    expect(rulesApplyTo('1.10.1', '1.10.1.post1', 'pep440')).toBe(true);
    expect(rulesApplyTo('1.10', '1.10.0', 'pep440')).toBe(true);
    // SemVer would read 2025.1 as 2025.1.0 and 1!1.0 as unreadable; PEP 440 epochs put 1!1.0 after every epoch-0 version.
    expect(rulesApplyTo('2025.1', '1!1.0', 'pep440')).toBe(true);
    expect(rulesApplyTo('1.0', 'not-a-version', 'pep440')).toBe(false);
  });

  it('regression: a PEP 440 pre-release reaching a SemVer record (msmcp-azure==2.0.5rc1, azure is on npm and PyPI) is unreadable, not coerced to 2.0.5', () => {
    expect(rulesApplyTo('2.0.5', '2.0.5rc1')).toBe(false);
    expect(rulesApplyTo('2.0.5', '2.0.5.dev0')).toBe(false);
    expect(rulesApplyTo('2.0.5', '2.0.5b2')).toBe(false);
    expect(rulesApplyTo('0.0.66', '0.0.66.post1')).toBe(false);
    expect(rulesApplyTo('2.0.5', '2.0.5-rc.1')).toBe(false);
    expect(rulesApplyTo('2.0.5', '2.0.5')).toBe(true);
    expect(releaseBefore('0.3.1', '0.2.5rc1')).toBe(false);
  });

  it('keeps the old answers for unpinned, unreadable and missing minimums', () => {
    expect(rulesApplyTo(undefined, '0.0.1')).toBe(true);
    expect(rulesApplyTo('1.0.0', undefined)).toBe(true);
    expect(rulesApplyTo('1.0.0', null)).toBe(false);
    expect(rulesApplyTo('1.0.0', 'latest-ish')).toBe(false);
  });
});

describe('releaseBefore (server.packages[].before, SPEC 5.3)', () => {
  it('counts a pinned, readable npm release older than before, and no other', () => {
    expect(releaseBefore('0.3.1', '0.2.5')).toBe(true);
    expect(releaseBefore('0.3.1', 'v0.2.99-beta.1')).toBe(true);
    expect(releaseBefore('0.3.1', '0.3.1')).toBe(false);
    expect(releaseBefore('0.3.1', '0.3.3')).toBe(false);
    expect(releaseBefore('0.3.1', '1.0.0')).toBe(false);
  });

  it('regression: a pre-release of before already belongs to the new line (0.3.1-rc.1, 2.0rc1)', () => {
    expect(releaseBefore('0.3.1', '0.3.1-rc.1')).toBe(false);
    expect(releaseBefore('2.0', '2.0rc1', 'pep440')).toBe(false);
    expect(releaseBefore('2.0', '2.0.dev3', 'pep440')).toBe(false);
  });

  it('reads PyPI releases by PEP 440: post-releases and epochs', () => {
    expect(releaseBefore('2.0', '1.9.post1', 'pep440')).toBe(true);
    expect(releaseBefore('2.0', '1!1.0', 'pep440')).toBe(false);
  });

  it('fails closed: unpinned runs the newest release, and an unreadable one may be anything', () => {
    expect(releaseBefore('0.3.1', undefined)).toBe(false);
    expect(releaseBefore('0.3.1', null)).toBe(false);
    expect(releaseBefore('0.3.1', 'next')).toBe(false);
    expect(releaseBefore('2.0', 'not-a-version', 'pep440')).toBe(false);
  });
});
