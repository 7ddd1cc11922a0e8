/**
 * A catalogue server that stops at start for a reason no placeholder can
 * help is reported with that reason in our words (issue 25 item 4), so the
 * report's causes do not count it as "exit without credentials".
 */
import { describe, expect, it } from 'vitest';
import { failureCause } from '../../../src/records/catalogue/store.ts';
import { startHint } from '../../../src/records/catalogue/start-hint.ts';

/** The `bindings` package's error as sqlite3 throws it when its addon was not built (--ignore-scripts): the last lines are those responsible-vibe-mcp 0.1.10 wrote here, folders shortened. */
const SQLITE_TAIL = `Error: Could not locate the bindings file. Tried:
 → /x/node_modules/sqlite3/build/node_sqlite3.node
  tries: [
    '/x/node_modules/sqlite3/addon-build/default/install-root/node_sqlite3.node',
    '/x/node_modules/sqlite3/lib/binding/node-v115-linux-x64/node_sqlite3.node'
  ]
}`;

describe('startHint', () => {
  it("a native addon that only install scripts build is named as such, never with the server's own folders", () => {
    const hint = startHint(SQLITE_TAIL);
    expect(hint).toBe('its error text shows a native addon that only its install scripts build, and the catalogue never runs install scripts');
    expect(hint).not.toContain('/x/');
  });

  it('a refused connection and a missing module are told apart; plain text names nothing', () => {
    expect(startHint("    errno: 'ECONNREFUSED',\n    code: 'ECONNREFUSED',")).toBe('its error text shows it tried to reach a service before answering');
    expect(startHint("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod'")).toBe('its error text shows a module it imports is missing from the install');
    expect(startHint('STRIPE_SECRET_KEY is required')).toBeUndefined();
    expect(startHint('')).toBeUndefined();
  });

  it('the report counts each under its own cause', () => {
    const cause = (hint: string) =>
      failureCause({ registry: 'npm', name: 'x', figure: 1, stage: 'start', reason: `it exited with code 1 during initialize (${hint})` });
    expect(cause(startHint(SQLITE_TAIL)!)).toBe('native addon not built');
    expect(cause(startHint('ECONNREFUSED')!)).toBe('service unreachable at start');
    expect(cause(startHint('Cannot find module')!)).toBe('module missing');
  });
});
