/**
 * The effect vocabulary and the derivation of a class from effects
 * (SPEC 2.9). Browser-safe: no Node built-ins.
 *
 * A call's class is the highest class among its effects. The vocabulary is
 * closed: records may only name the ids below, and `registry.json` carries
 * the same table so other implementations can derive classes from it.
 */
import { CLASSES, type ReversibilityClass, classRank } from './classes.ts';

/** One entry of the effect vocabulary (SPEC 2.9.1). */
export interface EffectDefinition {
  /** The effect's id as records name it, e.g. `"shared-write"`. */
  readonly id: string;
  /** The one class this effect has under the tests of SPEC 2.1. */
  readonly class: ReversibilityClass;
  /** What a call with this effect can do, completing "the call can …". */
  readonly description: string;
  /** Whether the effect makes the tool a disclosure (SPEC 2.8). */
  readonly disclosure: boolean;
}

/** The closed effect vocabulary, lowest class first (SPEC 2.9.1). */
export const EFFECTS = [
  { id: 'read', class: 'R0', disclosure: false, description: 'read, search, list or compute, and return the result to the agent' },
  { id: 'context', class: 'R0', disclosure: false, description: 'change only the working context: state the server keeps for the calling session alone' },
  {
    id: 'metered',
    class: 'R0',
    disclosure: false,
    description: 'use a service billed per unit at a price fixed by a plan accepted in advance, however many units',
  },
  {
    id: 'create-private',
    class: 'R1',
    disclosure: false,
    description: "create a new object or local file only the user's account can see and the same account can delete",
  },
  { id: 'edit-restorable', class: 'R1', disclosure: false, description: "change an object only the user's account can see, with the prior state recorded" },
  {
    id: 'trash',
    class: 'R1',
    disclosure: false,
    description: "move an object only the user's account can see into a trash or archive the same account can restore from",
  },
  {
    id: 'shared-write',
    class: 'R2',
    disclosure: false,
    description: 'create, change or remove something in a space other people can already see, sending nothing to them, revertible by the same account',
  },
  {
    id: 'compensable',
    class: 'R2',
    disclosure: false,
    description: 'make a change the same account cannot restore exactly but can offset by a known action of bounded cost',
  },
  {
    id: 'pay-refundable',
    class: 'R2',
    disclosure: false,
    description: 'move money or buy something, as what the call is for, where the same account can refund, cancel or void it',
  },
  { id: 'access', class: 'R3', disclosure: false, description: 'grant, change or revoke the access of a principal the call names' },
  { id: 'credential', class: 'R3', disclosure: false, description: 'create, rotate, revoke or delete a credential, or store a live credential in plain text' },
  {
    id: 'availability',
    class: 'R3',
    disclosure: false,
    description: 'start, stop, restart, scale, rename or reconfigure a running service, or end work others use',
  },
  { id: 'physical', class: 'R3', disclosure: false, description: 'change physical state' },
  {
    id: 'delete-recoverable',
    class: 'R3',
    disclosure: false,
    description: 'delete something only an administrator, support, a backup restore or a search of unrecorded leftovers can bring back',
  },
  { id: 'delete', class: 'R4', disclosure: false, description: 'delete or destroy something with no copy or undo the user can reach' },
  { id: 'overwrite', class: 'R4', disclosure: false, description: 'replace content or a value with no copy of the old one the user can reach' },
  {
    id: 'send',
    class: 'R4',
    disclosure: true,
    description: 'deliver a message, email, comment, reaction, mention, invitation, assignment or notification to people',
  },
  { id: 'publish', class: 'R4', disclosure: true, description: 'place content where the audience may be public or unbounded' },
  {
    id: 'widen',
    class: 'R4',
    disclosure: true,
    description: 'open something to an audience not named one by one: the public, anyone with a link, a whole organisation',
  },
  { id: 'transmit', class: 'R4', disclosure: true, description: 'send data, other than in the URL of a GET, to a destination the agent chooses' },
  {
    id: 'pay-final',
    class: 'R4',
    disclosure: false,
    description: 'move money or buy something, as what the call is for, with no refund the same account can use',
  },
  { id: 'run-code', class: 'R4', disclosure: false, description: 'run code or commands the agent supplies' },
] as const satisfies readonly EffectDefinition[];

/** An effect id of the vocabulary (SPEC 2.9.1). */
export type Effect = (typeof EFFECTS)[number]['id'];

/**
 * The placeholder a machine-written draft puts where a person must name the
 * effects (rclass scan --write-drafts, npm run refresh). It is not in the
 * vocabulary: it derives R4, and the record check rejects it until someone
 * reads the tool's source.
 */
export const DRAFT_EFFECT = 'unclassified';

/** Every effect id, in vocabulary order. */
export const EFFECT_IDS: readonly Effect[] = EFFECTS.map((e) => e.id);

const BY_ID: ReadonlyMap<string, EffectDefinition> = new Map(EFFECTS.map((e) => [e.id, e]));

/**
 * Whether a value names an effect of the vocabulary.
 * @param value anything
 * @returns true only for an exact effect id (case-sensitive)
 */
export function isEffect(value: unknown): value is Effect {
  return typeof value === 'string' && BY_ID.has(value);
}

/**
 * The class that a set of effects gives: the highest class among them
 * (SPEC 2.9). Unknown ids and an empty list fail closed to R4, so a caller
 * that skips validation never gets a lower class than the truth.
 * @param effects effect ids, in any order, duplicates allowed
 * @returns `"R0"` … `"R4"`
 */
export function deriveClass(effects: readonly string[]): ReversibilityClass {
  if (effects.length === 0) return 'R4';
  let rank = 0;
  for (const id of effects) {
    const found = BY_ID.get(id);
    if (found === undefined) return 'R4';
    rank = Math.max(rank, classRank(found.class));
  }
  return CLASSES[rank] ?? 'R4';
}

/**
 * Whether a set of effects makes a disclosure (SPEC 2.8, 2.9.1): true when
 * any effect is `send`, `publish`, `widen` or `transmit`, or when an id is
 * unknown (fail closed).
 * @param effects effect ids
 */
export function isDisclosure(effects: readonly string[]): boolean {
  return effects.some((id) => BY_ID.get(id)?.disclosure ?? true);
}
