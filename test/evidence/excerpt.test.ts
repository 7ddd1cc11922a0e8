/**
 * The excerpt of a cited line (SPEC 5.2): the cited lines verbatim, trailing
 * white space removed and shared indentation dropped; a line over 160 code
 * points cut to a window starting 40 code points before the tool's name,
 * with `…` where it was cut.
 */
import { describe, expect, it } from 'vitest';
import { EXCERPT_BEFORE, EXCERPT_WIDTH, excerptOf } from '../../scripts/evidence/excerpt.ts';

describe('excerptOf', () => {
  it('quotes the one cited line without its indentation or trailing white space', () => {
    expect(excerptOf(['//', "\t\t'create_comment',  \t", '//'], 2, undefined, ['create_comment'])).toBe("'create_comment',");
  });

  it('a span keeps the indentation of its lines relative to each other', () => {
    const lines = ['    server.tool(', '      "read_file",', '', '    )'];
    expect(excerptOf(lines, 1, 4, ['read_file'])).toBe('server.tool(\n  "read_file",\n\n)');
  });

  it('a cited line past the end of the file, or an end before the line, has no excerpt', () => {
    expect(excerptOf(['a', 'b'], 3, undefined, ['a'])).toBeUndefined();
    expect(excerptOf(['a', 'b'], 1, 3, ['a'])).toBeUndefined();
    expect(excerptOf(['a', 'b'], 2, 1, ['a'])).toBeUndefined();
  });

  it('a line of exactly 160 code points is quoted whole', () => {
    const line = 'a'.repeat(EXCERPT_WIDTH);
    expect(excerptOf([line], 1, undefined, ['zz'])).toBe(line);
  });

  it('a minified line is cut to 160 code points starting 40 before the name, marked on both sides', () => {
    const line = `${'a'.repeat(1000)}name:"delete_all"${'b'.repeat(1000)}`;
    const excerpt = excerptOf([line], 1, undefined, ['delete_all'])!;
    expect(excerpt).toBe(`…${'a'.repeat(EXCERPT_BEFORE - 6)}name:"delete_all"${'b'.repeat(EXCERPT_WIDTH - EXCERPT_BEFORE - 11)}…`);
    expect(Array.from(excerpt)).toHaveLength(EXCERPT_WIDTH + 2);
  });

  it('the window moves left at the end of the line and starts at its start when the name is early', () => {
    const late = `${'a'.repeat(300)}"late_tool"`;
    expect(excerptOf([late], 1, undefined, ['late_tool'])).toBe(`…${late.slice(late.length - EXCERPT_WIDTH)}`);
    const early = `"early_tool"${'b'.repeat(300)}`;
    expect(excerptOf([early], 1, undefined, ['early_tool'])).toBe(`${early.slice(0, EXCERPT_WIDTH)}…`);
  });

  it('a name that is not in the long line puts the window at its start', () => {
    const line = 'c'.repeat(400);
    expect(excerptOf([line], 1, undefined, ['absent'])).toBe(`${'c'.repeat(EXCERPT_WIDTH)}…`);
  });

  it('counts code points, so an emoji before the name is never split', () => {
    const line = `${'😀'.repeat(200)}"tool_x"${'d'.repeat(200)}`;
    const excerpt = excerptOf([line], 1, undefined, ['tool_x'])!;
    // The window starts 40 code points before `tool_x`: 39 emoji and the opening quote.
    expect(excerpt).toBe(`…${'😀'.repeat(EXCERPT_BEFORE - 1)}"tool_x"${'d'.repeat(EXCERPT_WIDTH - EXCERPT_BEFORE - 7)}…`);
  });

  it("a code option's window is placed at the first of its spellings that occurs", () => {
    const line = `${'e'.repeat(300)}--read-only${'f'.repeat(300)}`;
    expect(excerptOf([line], 1, undefined, ['--readonly', '--read-only'])).toBe(
      `…${'e'.repeat(EXCERPT_BEFORE)}--read-only${'f'.repeat(EXCERPT_WIDTH - EXCERPT_BEFORE - 11)}…`,
    );
  });
});
