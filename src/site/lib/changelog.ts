/**
 * The changelog of class changes as the site shows it: `build/changelog.json`
 * (written by the build from `changelog/classes.yaml`, SPEC 2.9), grouped by
 * date, newest first. One group is one entry of the Atom feed.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ClassChange } from '../../records/changelog.ts';
import { changelogJsonPath } from './paths.ts';

export type { ClassChange };

/** The changes of one day. */
export interface ChangeDay {
  /** `YYYY-MM-DD`. */
  date: string;
  changes: ClassChange[];
}

/** Every change, newest first; empty when the build wrote no changelog (a scratch registry). */
function loadChanges(): ClassChange[] {
  const file = changelogJsonPath();
  if (!existsSync(file)) return [];
  const document = JSON.parse(readFileSync(file, 'utf8')) as { changes?: ClassChange[] };
  return [...(document.changes ?? [])].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The changes grouped by date, newest day first, in file order within a day. */
export function changeDays(changes: readonly ClassChange[] = loadChanges()): ChangeDay[] {
  const days = new Map<string, ClassChange[]>();
  for (const change of changes) days.set(change.date, [...(days.get(change.date) ?? []), change]);
  return [...days.entries()].map(([date, list]) => ({ date, changes: list }));
}

/** The anchor of one day on the changelog page: `d-2026-12-01`. */
export function dayAnchor(date: string): string {
  return `d-${date}`;
}

/** One change in words: "R3 → R4", "new rule read-only-pipeline: R0". */
export function changeSummary(change: ClassChange): string {
  const what = change.rule ? `rule ${change.rule}` : 'class';
  if (change.from === 'none') return `new ${what}: ${change.to}`;
  if (change.to === 'none') return `${what} removed (was ${change.from})`;
  return `${what} ${change.from} → ${change.to}`;
}
