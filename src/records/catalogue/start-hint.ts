/**
 * Why a catalogue server stopped at start, when its own error text shows a
 * cause that no placeholder can help (issue 25 item 4): a native addon that
 * only its install scripts build (the catalogue never runs them), a service
 * it connects to before it answers, or a module missing from the install.
 * The words are ours; the server's text is never copied (it can hold
 * this machine's folders). Pure: it reads text only.
 */

/** What the error text shows, in our words, first match wins. */
const HINTS: ReadonlyArray<[RegExp, string]> = [
  [
    /Could not locate the bindings file|No native build was found|node_sqlite3\.node|\.node['"]?\s*(?:\]|$)|was compiled against a different Node\.js version|prebuilds?\b.*not found/im,
    'its error text shows a native addon that only its install scripts build, and the catalogue never runs install scripts',
  ],
  [/\bECONNREFUSED\b|\bENOTFOUND\b|\bEAI_AGAIN\b/, 'its error text shows it tried to reach a service before answering'],
  [/\bERR_MODULE_NOT_FOUND\b|Cannot find (?:module|package)\b/, 'its error text shows a module it imports is missing from the install'],
];

/**
 * The cause a server's stderr shows, if one of {@link HINTS} matches.
 * @param stderr the tail of what the server wrote to stderr (may be empty or cut)
 * @returns our words for it, or undefined
 */
export function startHint(stderr: string): string | undefined {
  return HINTS.find(([pattern]) => pattern.test(stderr))?.[1];
}
