/**
 * "At or near": a tool's name must appear within 3 lines of its cited line,
 * as a whole token, or (for names a server prefixes when it registers them)
 * without its first word where that is defined (SPEC 5.2).
 */
import { describe, expect, it } from 'vitest';
import { NEAR_LINES, findNear, holdsToken, mentionMatcher, splitLines } from '../../scripts/evidence/near.ts';

/** A file of `length` filler lines with `text` placed at the given 1-based lines. */
function file(length: number, placed: Record<number, string>): string[] {
  return Array.from({ length }, (_, index) => placed[index + 1] ?? '//');
}

describe('findNear', () => {
  it('the window is 3 lines either side', () => {
    expect(NEAR_LINES).toBe(3);
  });

  it('finds the name on the cited line itself', () => {
    expect(findNear(file(10, { 5: '  name: "read_file",' }), 'read_file', 5)).toEqual({ found: true, line: 5 });
  });

  it('accepts the name 3 lines above or below the cited line', () => {
    expect(findNear(file(20, { 7: 'name: "read_file"' }), 'read_file', 10)).toEqual({ found: true, line: 7 });
    expect(findNear(file(20, { 13: 'name: "read_file"' }), 'read_file', 10)).toEqual({ found: true, line: 13 });
  });

  it('rejects the name 4 lines away and says where it is', () => {
    expect(findNear(file(20, { 14: 'name: "read_file"' }), 'read_file', 10)).toEqual({ found: false, reason: 'not-near', nearest: 14 });
    expect(findNear(file(20, { 6: 'name: "read_file"' }), 'read_file', 10)).toEqual({ found: false, reason: 'not-near', nearest: 6 });
  });

  it('names the closest other mention when there are several', () => {
    expect(findNear(file(40, { 2: '"read_file"', 30: '"read_file"' }), 'read_file', 20)).toEqual({ found: false, reason: 'not-near', nearest: 30 });
  });

  it('reports a name that appears nowhere', () => {
    expect(findNear(file(10, {}), 'read_file', 5)).toEqual({ found: false, reason: 'not-near', nearest: undefined });
  });

  it("reports a cited line past the end of the file with the file's length", () => {
    expect(findNear(file(10, { 10: 'read_file' }), 'read_file', 11)).toEqual({ found: false, reason: 'past-end', lineCount: 10 });
  });

  it('prefers the cited line over a mention one line away', () => {
    expect(findNear(file(10, { 4: '"edit_file"', 5: '"edit_file"' }), 'edit_file', 5)).toEqual({ found: true, line: 5 });
  });
});

describe('mentionMatcher', () => {
  it('a name inside a longer token is not a mention', () => {
    const mentions = mentionMatcher('click');
    expect([mentions('name: "click_at",'), mentions('doubleclick'), mentions('click-through'), mentions("name: 'click',")]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('a prefixed name counts where its rest is defined as a Python, JavaScript or Go function', () => {
    const mentions = mentionMatcher('jira_get_issue');
    expect([mentions('async def get_issue('), mentions('function get_issue (ctx) {'), mentions('func get_issue() {')]).toEqual([true, true, true]);
  });

  it('a prefixed name counts where its rest is a whole quoted string', () => {
    expect(mentionMatcher('API-get-user')('    "operationId": "get-user",')).toBe(true);
    expect(mentionMatcher('API-get-user')('    "operationId": "get-users",')).toBe(false);
  });

  it('the rest of a prefixed name as a plain word or a call is not a mention', () => {
    const mentions = mentionMatcher('confluence_search');
    expect([mentions('results = search(query)'), mentions('# search the space'), mentions('def search_user(')]).toEqual([false, false, false]);
    expect(mentions('async def search(')).toBe(true);
  });

  it('a name with no `_` or `-` has no shorter form', () => {
    expect(mentionMatcher('sequentialthinking')('"thinking"')).toBe(false);
  });

  it('a name with a dot is matched as written', () => {
    expect([holdsToken('name: "files.read",', 'files.read'), holdsToken('name: "files.read_all",', 'files.read')]).toEqual([true, false]);
  });
});

describe('splitLines', () => {
  it('numbers lines as GitHub does: CRLF is one break, a final newline adds no line', () => {
    expect(splitLines('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual(['']);
  });
});
