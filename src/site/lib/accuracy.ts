/**
 * The history of blind re-reads as the site's accuracy page shows it:
 * docs/reviews/accuracy.json (written by `npm run reread -- compare
 * --record`, src/records/reread.ts), newest first.
 */
import { readFileSync } from 'node:fs';
import { fromRoot } from './paths.ts';

/** How many of how many agreed. */
export interface Tally {
  agree: number;
  of: number;
}

/** One re-read, as the ledger holds it. */
export interface Reread {
  date: string;
  reader: string;
  report: string;
  answers?: string;
  commit?: string;
  spec_version: string;
  sampling: string;
  tools: number;
  servers: number;
  class: Tally;
  effects: Tally | null;
  jaccard: number | null;
  registry_stricter: number;
  registry_looser: number;
  changed_after: string[];
  open: string[];
}

/** Every re-read, newest first (the ledger's order reversed, so two of one day keep theirs). */
export function loadRereads(): Reread[] {
  const ledger = JSON.parse(readFileSync(fromRoot('docs', 'reviews', 'accuracy.json'), 'utf8')) as { rereads: Reread[] };
  return [...ledger.rereads].reverse();
}

/** A tally as a percentage with one decimal, e.g. `94.5%`. */
export function percent(tally: Tally): string {
  return `${((tally.agree / Math.max(1, tally.of)) * 100).toFixed(1)}%`;
}
