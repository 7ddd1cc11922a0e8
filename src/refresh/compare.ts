/**
 * Comparing what a release lists live with its record: tools the record
 * lacks (new), tools it lists that no run showed (removed, or not seen when
 * a gate exposing them could not be turned on), and tools whose definition
 * has another fingerprint than the record's (changed, SPEC 5.2.1).
 */
import { fingerprintsComparable } from '../core/fingerprint.ts';
import type { ServerRecord, ToolAnnotations } from '../core/record.ts';

/** One tool over every run of a listing. */
export interface SeenTool {
  name: string;
  annotations?: ToolAnnotations;
  /** The fingerprint, when every run that listed the tool gave the same one. */
  fingerprint?: string;
  /** Runs gave different definitions (a flag changes the description), or one had no canonical JSON: no fingerprint. */
  unstable: boolean;
}

/** The differences between a live listing and a record. */
export interface Comparison {
  added: SeenTool[];
  removed: string[];
  /** Record tools not seen, each with the gates that expose it and could not be turned on. */
  notSeen: Array<{ name: string; gates: string[] }>;
  changed: string[];
  /** Record tools that have a fingerprint and were seen with a stable one (compared by definition). */
  compared: number;
}

/**
 * Compare a live listing with a record.
 * @param seen every tool listed by any run
 * @param unexercised ids of gates that expose tools and could not be turned on
 */
export function compareWithRecord(record: ServerRecord, seen: ReadonlyMap<string, SeenTool>, unexercised: ReadonlySet<string>): Comparison {
  const known = new Map(record.tools.map((tool) => [tool.name, tool]));
  const added = [...seen.values()].filter((tool) => !known.has(tool.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  const removed: string[] = [];
  const notSeen: Comparison['notSeen'] = [];
  const changed: string[] = [];
  let compared = 0;
  const comparable = fingerprintsComparable(record);
  for (const tool of record.tools) {
    const live = seen.get(tool.name);
    if (live === undefined) {
      const gates = (tool.gated_by ?? []).filter((id) => unexercised.has(id));
      if (gates.length > 0) notSeen.push({ name: tool.name, gates });
      else removed.push(tool.name);
      continue;
    }
    if (!comparable || tool.fingerprint === undefined || live.fingerprint === undefined) continue;
    compared += 1;
    if (live.fingerprint !== tool.fingerprint) changed.push(tool.name);
  }
  return { added, removed, notSeen, changed, compared };
}

/** Whether a comparison found anything a maintainer must act on. */
export function hasDrift(comparison: Comparison): boolean {
  return comparison.added.length > 0 || comparison.removed.length > 0 || comparison.changed.length > 0;
}
