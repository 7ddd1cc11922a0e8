/**
 * What a run of the hook did, noted for its code cache (`code-cache.ts`):
 * the kinds of work, and whether V8 flags changed. Kept in one object under
 * a global symbol, because the launcher that writes the cache and the
 * bundle that does the work are separate bundles, each with its own copy of
 * this module. No imports, so noting costs the hook nothing. Node-only.
 */
/** What a run of the bundle noted for the cache; shared between bundles through a global symbol. */
export interface RunNotes {
  /** The kinds of work this run did (see {@link noteCodePath}). */
  paths: Set<string>;
  /** Whether V8 flags changed after the bundle was compiled. */
  flagsChanged: boolean;
}

const NOTES = Symbol.for('rclass.code-cache.notes');

/** This process's notes (made on first use). */
export function runNotes(): RunNotes {
  const holder = globalThis as { [NOTES]?: RunNotes };
  holder[NOTES] ??= { paths: new Set(), flagsChanged: false };
  return holder[NOTES];
}

/**
 * Note a kind of work this process did (`builtin`, `mcp`, `post`, …), so
 * that a code cache that does not cover it is rewritten at exit. Cheap,
 * never throws; does nothing when the bundle runs without a code cache.
 */
export function noteCodePath(label: string): void {
  runNotes().paths.add(label);
}

/** Note that V8 flags were changed while running: no code cache is written by this process. Never throws. */
export function noteFlagsChanged(): void {
  runNotes().flagsChanged = true;
}
