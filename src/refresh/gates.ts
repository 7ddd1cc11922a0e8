/**
 * Turning a record's gates (SPEC 5.5) into ways of starting its server.
 * A gate's `description` says in the server's own words how it is set; the
 * refresh reads the first command-line switch (`--flag`, `--flag=value`) or
 * environment assignment (`NAME=value`) written there. A gate whose
 * description names neither is not machine-readable: the report says so,
 * and tools only it exposes cannot be seen.
 */
import type { Gate } from '../core/record.ts';

/** What sets one gate. */
type GateSwitch = { kind: 'arg'; arg: string } | { kind: 'env'; name: string; value: string };

/** How a gate is set, or why it cannot be read. */
export type GateReading = { gate: Gate; switch: GateSwitch } | { gate: Gate; unreadable: string };

const FLAG = /(?:^|[\s(`"'])(--[A-Za-z][A-Za-z0-9-]*(?:=[^\s,;)`"']+)?)/;
const ENV = /\b([A-Z][A-Z0-9_]{2,})=([^\s,;)`"']+)/;

/**
 * How to turn a gate on (for `toolset`, `capability` and `flag` gates that are off by default).
 * A flag written `--x=false` in the description (how to turn a default-on gate off) is read as `--x=true`.
 */
export function readGate(gate: Gate): GateReading {
  const env = ENV.exec(gate.description);
  const flag = FLAG.exec(gate.description);
  // The one written first wins: descriptions lead with the switch they are about.
  // A sentence's final period is not part of the switch.
  if (flag !== null && (env === null || flag.index <= env.index))
    return { gate, switch: { kind: 'arg', arg: flag[1]!.replace(/\.$/, '').replace(/=false$/, '=true') } };
  if (env !== null) return { gate, switch: { kind: 'env', name: env[1]!, value: env[2]!.replace(/\.$/, '') } };
  return { gate, unreadable: `gate \`${gate.id}\` does not name a --flag or NAME=value in its description` };
}

/** The gates a listing must turn on to see every tool: those that expose tools and are off by default. */
export function gatesToTurnOn(gates: readonly Gate[] | undefined): Gate[] {
  return (gates ?? []).filter((gate) => gate.kind !== 'hides' && gate.default !== true);
}
