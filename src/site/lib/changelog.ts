/**
 * The changelog of class changes as the site shows it: `build/changelog.json`
 * (written by the build from `changelog/classes.yaml`, SPEC 2.9), grouped by
 * date, newest first. One group is one entry of the Atom feed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ClassChange } from '../../records/changelog.ts';
import { changelogJsonPath } from './paths.ts';
import { segment } from './urls.ts';

export type { ClassChange };

/** The changes of one day. */
interface ChangeDay {
  /** `YYYY-MM-DD`. */
  date: string;
  changes: ClassChange[];
}

/** Every change, newest first; empty when the build wrote no changelog (a scratch registry). */
function loadChanges(): ClassChange[] {
  const file = changelogJsonPath();
  if (!existsSync(file)) return [];
  const stamp = statSync(file).mtimeMs;
  if (cached?.file === file && cached.stamp === stamp) return cached.changes;
  const document = JSON.parse(readFileSync(file, 'utf8')) as { changes?: ClassChange[] };
  const changes = [...(document.changes ?? [])].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  cached = { file, stamp, changes };
  return changes;
}

/** The last file read, so the 200-odd feeds and pages of one build read it once. */
let cached: { file: string; stamp: number; changes: ClassChange[] } | undefined;

/** The changes grouped by date, newest day first (whatever order they come in), in file order within a day. */
function changeDays(changes: readonly ClassChange[] = loadChanges()): ChangeDay[] {
  const days = new Map<string, ClassChange[]>();
  const newestFirst = [...changes].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  for (const change of newestFirst) days.set(change.date, [...(days.get(change.date) ?? []), change]);
  return [...days.entries()].map(([date, list]) => ({ date, changes: list }));
}

/** The anchor of one day on the changelog page: `d-2026-12-01`. */
export function dayAnchor(date: string): string {
  return `d-${date}`;
}

/** One change in words: "R3 → R4", "new rule read-only-pipeline: R0". */
export function changeSummary(change: ClassChange): string {
  return summary(change.rule ? `rule ${change.rule}` : 'class', change);
}

function summary(what: string, change: ClassChange): string {
  if (change.from === 'none') return `new ${what}: ${change.to}`;
  if (change.to === 'none') return `${what} removed (was ${change.from})`;
  return `${what} ${change.from} → ${change.to}`;
}

/** The changes of one server in one release (one day of the changelog): one entry of the Atom feeds. */
export interface ServerRelease {
  /** `YYYY-MM-DD`, the day the changes were logged. */
  date: string;
  /** Record id. */
  server: string;
  changes: ClassChange[];
}

/**
 * The changes grouped by day and then by server: newest day first, servers
 * by id within a day, changes in file order within a server.
 */
export function serverReleases(changes: readonly ClassChange[] = loadChanges()): ServerRelease[] {
  return changeDays(changes).flatMap((day) => {
    const servers = new Map<string, ClassChange[]>();
    for (const change of day.changes) servers.set(change.server, [...(servers.get(change.server) ?? []), change]);
    return [...servers.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([server, list]) => ({ date: day.date, server, changes: list }));
  });
}

/** The data release a day's changes belong to (SPEC 5.8 writes releases `YYYY.MM.DD`): `2026-12-01` → `2026.12.01`. */
export function releaseOfDay(date: string): string {
  return date.replaceAll('-', '.');
}

/**
 * What one server's changes in one release amount to, in words and most
 * frequent first: `180 × class R3 → R4`, `56 × new rule: R1`. The rule's own
 * id is left out so that a release's changes fold into a few kinds.
 */
export function changeKinds(changes: readonly ClassChange[]): string[] {
  const counts = new Map<string, number>();
  for (const change of changes) {
    const kind = summary(change.rule ? 'rule' : 'class', change);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} × ${kind}`);
}

/** Release rows (one server in one release) on one page of the changelog: the page stays the same size whatever the registry holds. */
export const CHANGELOG_PAGE_SIZE = 100;

/** The changelog page of one server: `changelog/server/<id>/`. */
export function serverChangelogPath(id: string): string {
  return `changelog/server/${segment(id)}/`;
}

/** The Atom feed of one server's class changes: `changelog/server/<id>.xml`. */
export function serverFeedPath(id: string): string {
  return `changelog/server/${segment(id)}.xml`;
}
