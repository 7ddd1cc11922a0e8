/**
 * Splitting a command line written as one string into words (SPEC 6.1: "a
 * whole command line written into `command`" is read once split into
 * words). Browser-safe.
 *
 * Only the forms every shell agrees on are read: words separated by spaces
 * or tabs, and `"…"` or `'…'` quoting with no escapes inside. Backslashes
 * are kept as they are, so Windows paths survive. Anything a shell would
 * treat specially (`$`, backticks, `;`, `&`, `|`, `<`, `>`, parentheses,
 * globs, `^`, a newline, an unbalanced quote) makes the line
 * unreadable: different shells would run different things, so the entry
 * cannot be identified.
 */

/** The result of splitting: the words, or why the line cannot be read. */
export type SplitResult = { words: string[] } | { error: string };

const SPECIAL = /[$`;&|<>()*?[\]{}^!\n\r#]/;

/**
 * Split a command line into words.
 * @param line e.g. `npx -y @heroku/mcp-server`
 * @returns the words, or an error naming the character that cannot be read
 */
export function splitCommandLine(line: string): SplitResult {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (const char of line) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\n' || char === '\r') return { error: 'the command line has a line break inside quotes' };
      else current += char;
      continue;
    }
    if (char === ' ' || char === '\t') {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
      continue;
    }
    if (SPECIAL.test(char)) return { error: `the command line contains \`${char === '\n' || char === '\r' ? '\\n' : char}\`, which shells read differently` };
    current += char;
    inWord = true;
  }
  if (quote !== undefined) return { error: 'the command line has an unbalanced quote' };
  if (inWord) words.push(current);
  return { words };
}

/** Whether a word holds anything a shell or `cmd` would interpret (see {@link splitCommandLine}). */
export function hasShellSpecial(word: string): boolean {
  return SPECIAL.test(word);
}
