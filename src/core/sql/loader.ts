// Lazy loading of libpg-query (the PostgreSQL parser compiled to WebAssembly).
// Browser-safe: the package is only reached through a dynamic import, so code
// that never classifies SQL never downloads the 1.7 MB module. In a browser the
// host page must make `libpg-query.wasm` fetchable (see the fetch shim in the
// project notes).

/**
 * The parser contract used by {@link analyzeSql}. `parse` returns libpg-query's
 * parse result (`{ version, stmts: [{ stmt: { SelectStmt: … } }] }`) or throws.
 * `scan`, when present, returns libpg-query's scanner output
 * (`{ version, tokens: [{ start, end, text, … }] }`, offsets in UTF-8 bytes) or
 * throws; the analysis uses it to check its own lexer against the real one.
 */
export interface SqlParser {
  parse(sql: string): unknown;
  scan?(sql: string): unknown;
}

interface PgQueryModule {
  loadModule(): Promise<void>;
  parseSync(sql: string): unknown;
  scanSync(sql: string): unknown;
  SqlError: abstract new (...args: never[]) => Error;
}

let pending: Promise<SqlParser> | undefined;
let loaded: SqlParser | undefined;

function wrap(mod: PgQueryModule): SqlParser {
  // After an error that is not an ordinary SQL error (a stack overflow or a
  // WebAssembly trap), the module's memory may be inconsistent: later calls
  // could fail or, in principle, misread. The wrapper then refuses every call.
  let broken: string | undefined;
  const guard = <T>(fn: () => T): T => {
    if (broken !== undefined) throw new Error(`sql parser disabled after an internal error (${broken})`);
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof mod.SqlError)) {
        broken = e instanceof Error ? e.name : 'non-error thrown';
      }
      throw e;
    }
  };
  return {
    parse: (sql) => guard(() => mod.parseSync(sql)),
    scan: (sql) => guard(() => mod.scanSync(sql)),
  };
}

/**
 * Load libpg-query once (dynamic `import('libpg-query')` plus its WASM) and
 * resolve the shared {@link SqlParser}; later calls resolve the same object.
 * Rejects when the module cannot be loaded (a failed load may be retried by
 * calling again). The parser refuses all calls after an internal failure (see
 * SPEC 5.4.1, bounded work). Implements SPEC 5.4.1.
 */
export function loadSqlParser(): Promise<SqlParser> {
  if (loaded) return Promise.resolve(loaded);
  if (!pending) {
    pending = (async () => {
      const mod = (await import('libpg-query')) as unknown as PgQueryModule;
      await mod.loadModule();
      const parser = wrap(mod);
      loaded = parser;
      return parser;
    })();
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** The parser if {@link loadSqlParser} has already resolved, else undefined. Synchronous, never throws. SPEC 5.4.1. */
export function loadedSqlParser(): SqlParser | undefined {
  return loaded;
}
