/**
 * Asks per hundred calls (issue 28, item 5): how often the default policy
 * (SPEC 3; src/core/policy.ts `decide` with no thresholds: R0–R1 act, R2 and
 * up ask, nothing denied) acts, asks or denies over a replay of sessions
 * built from the registry's own servers, with the session guard (SPEC 9) on
 * as the hook and the proxy run it (no egress allowlist).
 *
 * Every tool of build/registry.json falls in one of four kinds by its
 * effects (SPEC 2.9): `send` (marked `egress`, or an effect `send`,
 * `publish`, `transmit` or `widen`), `delete` (`delete`, `overwrite`,
 * `trash` or `delete-recoverable`), `read` (only `read` and `context`), and
 * `edit` (anything else). The calls of a session are drawn in the
 * proportions of those kinds among the registry's tools, measured each run
 * and printed: the registry is the measurable distribution at hand (no
 * published study gives per-call proportions of MCP traffic; the one found,
 * Stein's "How are AI Agents Used? Evidence From 177,000 MCP Tools", counts
 * tools and downloads, not calls), and it is printed so a reader can judge
 * it. Each session uses one or two servers picked at random, and each call a
 * tool of the drawn kind on them (the kinds a session's servers lack are
 * drawn again among the others), with arguments `{}`: argument rules see
 * no arguments, so a call gets what its rules give a call without any
 * (mostly the base class, the worst case).
 *
 * Deterministic: a seeded generator (mulberry32, seed 28), so the same
 * registry gives the same figures. The figures are compared with
 * bench/asks-baseline.json; the script exits 1 when asks per hundred rose
 * (a noisier gate), and `--update-baseline` rewrites the baseline after a
 * change that is meant to move it. Not a timed benchmark.
 *
 * Usage: `npx tsx bench/asks.ts [--update-baseline]` after `npm run build`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Classifier, Registry, Session, type RegistryDocument } from '../src/core/index.ts';
import { decide } from '../src/core/policy.ts';
import type { ToolRecord } from '../src/core/record.ts';
import { REGISTRY_JSON } from '../scripts/lib/paths.ts';

const BASELINE = fileURLToPath(new URL('asks-baseline.json', import.meta.url));
const SEED = 28;
const SESSIONS = 400;
const CALLS_PER_SESSION = 25;

const KINDS = ['read', 'edit', 'send', 'delete'] as const;
type Kind = (typeof KINDS)[number];
type Action = 'act' | 'ask' | 'deny';

const SEND_EFFECTS = new Set(['send', 'publish', 'transmit', 'widen']);
const DELETE_EFFECTS = new Set(['delete', 'overwrite', 'trash', 'delete-recoverable']);
const READ_EFFECTS = new Set(['read', 'context']);

/** The kind of one tool, from its effects and egress marking. */
function kindOf(tool: ToolRecord): Kind {
  const effects = tool.effects ?? [];
  if (tool.egress !== undefined || effects.some((e) => SEND_EFFECTS.has(e))) return 'send';
  if (effects.some((e) => DELETE_EFFECTS.has(e))) return 'delete';
  if (effects.length > 0 && effects.every((e) => READ_EFFECTS.has(e))) return 'read';
  return 'edit';
}

/** mulberry32: a small seeded generator of floats in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Figures {
  seed: number;
  sessions: number;
  calls: number;
  /** The registry the replay drew from. */
  servers: number;
  tools: number;
  /** The share of each kind among the registry's tools, which is also the calls' mix (per hundred). */
  mix: Record<Kind, number>;
  /** The calls' mix as replayed (per hundred): sessions whose servers lack a kind draw the others more often. */
  callMix: Record<Kind, number>;
  /** Acts, asks and denials per hundred calls. */
  perHundred: Record<Action, number>;
  /** Asks per hundred calls of each kind. */
  asksPerHundredByKind: Record<Kind, number>;
  /** Asks per hundred calls that the session guard raised (egress after a read, SPEC 9.2). */
  guardAsksPerHundred: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

function replay(document: RegistryDocument): Figures {
  const classifier = new Classifier(Registry.fromDocument(document));
  const byServer = document.servers.map((record) => {
    const tools: Record<Kind, string[]> = { read: [], edit: [], send: [], delete: [] };
    for (const tool of record.tools) tools[kindOf(tool)].push(tool.name);
    return { id: record.id, tools };
  });
  const counts: Record<Kind, number> = { read: 0, edit: 0, send: 0, delete: 0 };
  for (const server of byServer) for (const kind of KINDS) counts[kind] += server.tools[kind].length;
  const total = KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  const random = generator(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const actions: Record<Action, number> = { act: 0, ask: 0, deny: 0 };
  const asksByKind: Record<Kind, number> = { read: 0, edit: 0, send: 0, delete: 0 };
  const callsByKind: Record<Kind, number> = { read: 0, edit: 0, send: 0, delete: 0 };
  let guardAsks = 0;
  let calls = 0;
  for (let s = 0; s < SESSIONS; s += 1) {
    const servers = random() < 0.5 ? [pick(byServer)] : [pick(byServer), pick(byServer)];
    const available = KINDS.filter((kind) => servers.some((server) => server.tools[kind].length > 0));
    const weight = available.reduce((sum, kind) => sum + counts[kind], 0);
    const session = new Session();
    for (let c = 0; c < CALLS_PER_SESSION; c += 1) {
      let draw = random() * weight;
      let kind = available[available.length - 1]!;
      for (const candidate of available) {
        draw -= counts[candidate];
        if (draw < 0) {
          kind = candidate;
          break;
        }
      }
      const server = pick(servers.filter((candidate) => candidate.tools[kind].length > 0));
      const tool = pick(server.tools[kind]);
      const decided = classifier.check(server.id, tool, {}, { session });
      session.record(decided);
      const decision = decide(decided.class, decided.class, {});
      const action: Action = decision === 'deny' ? 'deny' : decision === 'approve' ? 'ask' : 'act';
      actions[action] += 1;
      callsByKind[kind] += 1;
      if (action === 'ask') {
        asksByKind[kind] += 1;
        if (decided.source === 'session') guardAsks += 1;
      }
      calls += 1;
    }
  }
  const per = (n: number, of: number) => (of === 0 ? 0 : round((100 * n) / of));
  return {
    seed: SEED,
    sessions: SESSIONS,
    calls,
    servers: document.servers.length,
    tools: total,
    mix: Object.fromEntries(KINDS.map((kind) => [kind, per(counts[kind], total)])) as Record<Kind, number>,
    callMix: Object.fromEntries(KINDS.map((kind) => [kind, per(callsByKind[kind], calls)])) as Record<Kind, number>,
    perHundred: { act: per(actions.act, calls), ask: per(actions.ask, calls), deny: per(actions.deny, calls) },
    asksPerHundredByKind: Object.fromEntries(KINDS.map((kind) => [kind, per(asksByKind[kind], callsByKind[kind])])) as Record<Kind, number>,
    guardAsksPerHundred: per(guardAsks, calls),
  };
}

const figures = replay(JSON.parse(readFileSync(REGISTRY_JSON, 'utf8')) as RegistryDocument);
console.log(
  `replay: ${figures.sessions} sessions × ${CALLS_PER_SESSION} calls = ${figures.calls} calls over ${figures.servers} servers, ${figures.tools} tools (seed ${figures.seed})`,
);
console.log(`mix (share of the registry's tools, per hundred): ${KINDS.map((kind) => `${kind} ${figures.mix[kind]}`).join(', ')}`);
console.log(`calls as replayed, per hundred: ${KINDS.map((kind) => `${kind} ${figures.callMix[kind]}`).join(', ')}`);
console.log(`per hundred calls: act ${figures.perHundred.act}, ask ${figures.perHundred.ask}, deny ${figures.perHundred.deny}`);
console.log(`asks per hundred calls of each kind: ${KINDS.map((kind) => `${kind} ${figures.asksPerHundredByKind[kind]}`).join(', ')}`);
console.log(`asks per hundred calls raised by the session guard (egress after a read): ${figures.guardAsksPerHundred}`);

if (process.argv.includes('--update-baseline')) {
  writeFileSync(BASELINE, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`baseline written: ${BASELINE}`);
} else {
  let baseline: Figures | undefined;
  try {
    baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Figures;
  } catch {
    console.log('no baseline yet: run with --update-baseline to store one');
  }
  if (baseline !== undefined) {
    const delta = round(figures.perHundred.ask - baseline.perHundred.ask);
    console.log(
      `baseline: ask ${baseline.perHundred.ask} per hundred (${baseline.servers} servers, ${baseline.tools} tools); now ${figures.perHundred.ask} (${delta >= 0 ? '+' : ''}${delta})`,
    );
    if (delta > 0) {
      console.log('the gate asks more often than the baseline: if that is intended, run `npx tsx bench/asks.ts --update-baseline` and say why in the commit');
      process.exitCode = 1;
    }
  }
}
