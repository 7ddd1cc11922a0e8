/**
 * Whether Pagefind's answer to a query on the search page is a real match
 * (issue 27 item 3). Pagefind (pagefind_web/src/search.rs,
 * `find_word_extensions`) looks up each query word as a prefix of indexed
 * words; when no indexed word starts with it, it falls back to the longest
 * indexed word that is a prefix of the query word, so "aaaa" matches every
 * page through the word "a", "asdf" through "as", and "githbu" the git
 * servers through "git". This module tells such an answer from a real one,
 * from the words Pagefind marked in the results it returned. Browser-safe
 * and pure.
 *
 * A query word (lib/name-words.ts, so `write_file` is write and file) is
 * found when
 * 1. some marked word has a form that shares the query word's first
 *    {@link keyLength} letters (Pagefind's stemmer drops endings such as
 *    -s, -ed, -ing, so `deleted` is found by `delete`, and undoubles the
 *    consonant before -ing and -ed, so `chatting` is found by `chat`), and
 * 2. no form shorter than that, itself a beginning of the query word, is in
 *    every marked word (the fallback's single short word: "a" for "aaaa",
 *    "git" for "githbu", which also marks "GitHub" through its part "git").
 * A marked word's forms are its words (lib/name-words.ts: `GitHub's` → git,
 * hub, s), its runs of letters and digits (github, s) and those joined
 * (githubs).
 */
import { nameWords } from './name-words.ts';

/**
 * A doubled consonant before -ing or -ed, which Pagefind's English stemmer
 * (Snowball Porter2, step 1b) undoubles after dropping the ending:
 * `chatting` → chat, `zipped` → zip.
 */
const UNDOUBLED = /(?:bb|dd|ff|gg|mm|nn|pp|rr|tt)(ing|ed)$/u;

/**
 * Letters of a query word a marked word must share for the query word to be
 * found: all of a word of up to four letters, else all but the last three
 * (the longest common English endings the stemmer drops), at least four;
 * fewer when the stemmer also undoubles a consonant before -ing or -ed, down
 * to the stem (`chatting` shares chat, `zipped` zip).
 * @param word a query word, lower case
 */
export function keyLength(word: string): number {
  const length = [...word].length;
  const key = Math.min(length, Math.max(4, length - 3));
  const ending = UNDOUBLED.exec(word)?.[1];
  return ending === undefined ? key : Math.min(key, length - ending.length - 1);
}

/**
 * The words of a Pagefind result its search marked: the words of the
 * result's `content`, split on white space as Pagefind's excerpt splits it,
 * at its `locations`.
 * @param content the result's content (`data().content`)
 * @param locations the word positions Pagefind matched (`data().locations`)
 */
export function markedWords(content: string, locations: readonly number[]): string[] {
  const words = content.split(/[\r\n\s]+/g);
  return locations.map((at) => words[at]).filter((word): word is string => word !== undefined && word !== '');
}

/** A marked word's forms: its words, its runs of letters and digits, and those runs joined. */
function forms(marked: string): Set<string> {
  const runs = marked.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set([...nameWords(marked), ...runs, runs.join('')]);
}

/** Length of the common beginning of two strings, in code points. */
function common(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return n;
}

/**
 * Whether every word of `query` is found among the words Pagefind marked
 * (see the module comment); false for a query without words or with no
 * marked word.
 * @param query the query as typed
 * @param marked the marked words of the results read (see {@link markedWords})
 */
export function pagefindMatches(query: string, marked: readonly string[]): boolean {
  const words = nameWords(query);
  if (words.length === 0 || marked.length === 0) return false;
  const markedForms = marked.map(forms);
  return words.every((word) => {
    const key = keyLength(word);
    const long = markedForms.some((set) => [...set].some((form) => common(form, word) >= key));
    if (!long) return false;
    const chars = [...word];
    for (let length = 1; length < key; length += 1) {
      const short = chars.slice(0, length).join('');
      if (markedForms.every((set) => set.has(short))) return false;
    }
    return true;
  });
}
