/**
 * The order of the header's as-you-type suggestions (issue 27 item 3).
 * Browser-safe and pure, so the ranking is unit-tested without a browser.
 *
 * How a candidate matches the query decides first, then what it is:
 * 1. a name that matches exactly or by prefix before one found only by a
 *    tolerated typo (fuzzy: MiniSearch's edit distance, scripts/suggest.ts);
 * 2. within each, servers before tools;
 * 3. then a maintained server (and its tools) before an archived one
 *    (`server.archived`, SPEC 5.3), so the maintained Redis server ranks
 *    above the archived reference server with the id `redis`;
 * 4. then an exact name before a prefix, the search engine's score (higher
 *    first), the shorter name, and the name in code-point order.
 *
 * A name matches exactly when its words (lib/name-words.ts) are the query's
 * words; by prefix when its words start with the query's (`slack post` →
 * `slack_post_message`) or each query word begins one of its words, the last
 * query word possibly unfinished (`issue crea` → `create_issue`).
 */
import { nameWords } from './name-words.ts';

/** One suggestion before ranking. */
export interface Candidate {
  kind: 'server' | 'tool';
  /** The names it is matched by: a server's id and name, a tool's name. */
  names: string[];
  archived: boolean;
  /** The search engine's relevance; higher is better. */
  score: number;
  /** What the list shows first; ties are broken on it. */
  label: string;
}

/** How a candidate's names match a query. */
type Match = 'exact' | 'prefix' | 'fuzzy';

/** How the best of `names` matches `query`. */
export function matchOf(query: string, names: readonly string[]): Match {
  const q = nameWords(query);
  if (q.length === 0) return 'fuzzy';
  const joined = q.join(' ');
  let best: Match = 'fuzzy';
  for (const name of names) {
    const words = nameWords(name);
    const whole = words.join(' ');
    if (whole === joined) return 'exact';
    if (whole.startsWith(joined) || q.every((word) => words.some((candidate) => candidate.startsWith(word)))) best = 'prefix';
  }
  return best;
}

/**
 * The candidates in suggestion order (see the module comment), at most
 * `limit` of them.
 */
export function rankSuggestions<T extends Candidate>(query: string, candidates: readonly T[], limit = 8): T[] {
  const keyed = candidates.map((candidate) => {
    const match = matchOf(query, candidate.names);
    return {
      candidate,
      key: [match === 'fuzzy' ? 1 : 0, candidate.kind === 'server' ? 0 : 1, candidate.archived ? 1 : 0, match === 'exact' ? 0 : 1] as const,
    };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    if (a.candidate.score !== b.candidate.score) return b.candidate.score - a.candidate.score;
    if (a.candidate.label.length !== b.candidate.label.length) return a.candidate.label.length - b.candidate.label.length;
    return a.candidate.label < b.candidate.label ? -1 : a.candidate.label > b.candidate.label ? 1 : 0;
  });
  return keyed.slice(0, limit).map(({ candidate }) => candidate);
}
