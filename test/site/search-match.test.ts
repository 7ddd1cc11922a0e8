/**
 * The search page tells Pagefind's fallback from a real match (issue 27
 * item 3, lib/search-match.ts). The marked words are those Pagefind 1.6.0
 * marked in the first results of this site's index for each query (read
 * from `data().content` at `data().locations` in the browser).
 */
import { describe, expect, it } from 'vitest';
import { keyLength, markedWords, pagefindMatches } from '../../src/site/lib/search-match.ts';

describe('Pagefind’s fallback to a shorter word is not a match', () => {
  it('"aaaa", matched through the word "a" on every server page, matches nothing', () => {
    expect(pagefindMatches('aaaa', ['a', 'A', 'a', 'A'])).toBe(false);
  });

  it('"asdf", matched through "as", matches nothing', () => {
    expect(pagefindMatches('asdf', ['as', 'as'])).toBe(false);
  });

  it('"githbu", matched through "git" (which also marks GitHub through its part git), matches nothing', () => {
    expect(
      pagefindMatches('githbu', ['Git', 'git', 'git_addStages', 'git_blameReturns', 'GitMCP', "GitMCP's", 'GitHub', "GitHub's", 'Sourceidosal/git-mcp']),
    ).toBe(false);
  });

  it('"slakc", matched through "sla" in jira_get_issue_sla, matches nothing', () => {
    expect(pagefindMatches('slakc', ['jira_get_issue_slaComputes', 'SLA'])).toBe(false);
  });

  it('"xyzzy", matched through the xy of browser_mouse_click_xy, matches nothing', () => {
    expect(pagefindMatches('xyzzy', ['browser_mouse_click_xyClicks', 'browser_mouse_drag_xyPresses,'])).toBe(false);
  });

  it('a second word that only the fallback matched makes the whole query no match: "delete aaaa"', () => {
    expect(pagefindMatches('delete aaaa', ['delete', 'a', 'deletes', 'A'])).toBe(false);
  });
});

describe('real matches stay matches', () => {
  it('"deleted" is found by delete, deletes and deleted (the stemmer drops -ed)', () => {
    expect(pagefindMatches('deleted', ['delete-mail-attachment', 'delete_branch', 'deletes', 'deleted'])).toBe(true);
  });

  it('"copied" is found by copies, though copy alone shares only three letters', () => {
    expect(pagefindMatches('copied', ['copy', 'copies', 'copy.', 'copy_documentIt'])).toBe(true);
  });

  it('"write_file" is found in the grid’s run-together text, though every marked word also holds its part "write"', () => {
    expect(pagefindMatches('write_file', ['write_fileIt', 'write_file', 'write_fileRewrites'])).toBe(true);
  });

  it('"github" is found by GitHub and github alike', () => {
    expect(pagefindMatches('github', ['GitHub', 'GitHub).', "GitHub's", 'github_support_docs_searchPer'])).toBe(true);
  });

  it('"repositories" is found by repository and repositories', () => {
    expect(pagefindMatches('repositories', ['repositories', 'checkRepositoryAsks', 'repository'])).toBe(true);
  });

  it('"chatting" is found by chat and chats (the stemmer undoubles the t of chatt-ing), not told "no server or tool matches"', () => {
    expect(pagefindMatches('chatting', ['chats.', 'chat,', 'chats', 'create-chatCreates', 'chat', '/chats/{chat-id}'])).toBe(true);
  });

  it('"zipped" is found by zip, and "blogging" by blog', () => {
    expect(pagefindMatches('zipped', ['zip', '<artifactName>.zip'])).toBe(true);
    expect(pagefindMatches('blogging', ['Blog', "Blog's", 'apps/cloudflare-blog', 'blog'])).toBe(true);
  });

  it('an undoubled ending does not let the fallback through: "asdffed", matched through "as", matches nothing', () => {
    expect(pagefindMatches('asdffed', ['as', 'as'])).toBe(false);
  });

  it('a query without words, or an answer without marked words, is no match', () => {
    expect(pagefindMatches('--', ['a'])).toBe(false);
    expect(pagefindMatches('github', [])).toBe(false);
  });
});

describe('the parts', () => {
  it('a marked word is the content’s word at a location, split on white space as Pagefind’s excerpt splits it', () => {
    expect(markedWords('Reads a file.\nwrite_fileIt replaces', [1, 3, 9])).toEqual(['a', 'write_fileIt']);
  });

  it('a query word shares all of its letters up to four, else all but its last three', () => {
    expect([keyLength('git'), keyLength('aaaa'), keyLength('githbu'), keyLength('deleted'), keyLength('repositories')]).toEqual([3, 4, 4, 4, 9]);
  });

  it('a query word with a doubled consonant before -ing or -ed shares only its stem: chatting 4 (chat), zipped 3 (zip), running 3 (run)', () => {
    expect([keyLength('chatting'), keyLength('zipped'), keyLength('running'), keyLength('dropped')]).toEqual([4, 3, 3, 4]);
  });
});
