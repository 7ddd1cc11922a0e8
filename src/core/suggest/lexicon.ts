/**
 * The suggester's hand-written word lists (SPEC 13): which words of a tool's
 * name point to which effects of the vocabulary (SPEC 2.9.1), and how surely.
 * Nothing here is learned from the registry; how the lists were tuned, and
 * against which half of the registry, is in docs/suggestions/report.md.
 * Browser-safe.
 *
 * Conservative by construction: a word that can mean a lower or a higher
 * effect names the higher one too, at `low` confidence, so the class a
 * suggestion derives is the higher one (a create may write into a space that
 * may be public: SPEC 2.9.2 decision 8).
 */
import type { Effect } from '../effects.ts';

/** How surely a word points to an effect. */
export type Confidence = 'high' | 'medium' | 'low';

/** One effect a word points to. */
interface WordEffect {
  effect: Effect;
  confidence: Confidence;
}

/** A family of words with the same meaning for the suggester. */
export interface WordRule {
  /** What the words do, completing "the name says the tool …". */
  meaning: string;
  words: readonly string[];
  effects: readonly WordEffect[];
}

const e = (effect: Effect, confidence: Confidence): WordEffect => ({ effect, confidence });
const list = (words: string): readonly string[] => words.split(' ');

/** Verbs that only read, search, list or compute. */
export const READ_VERBS: WordRule = {
  meaning: 'reads, searches, lists or computes',
  words: list(
    'get list search find describe read fetch show view retrieve lookup look check inspect explain count summarize analyze analyse validate verify compare estimate calculate browse explore discover query recommend suggest extract parse grep measure observe detect identify translate render diagnose',
  ),
  effects: [e('read', 'high')],
};

/**
 * Words that read when nothing else in the clause names an action: they are
 * often nouns (`monitor` in `monitor_create`, `test` in `test_case_write`).
 */
export const READ_NOUNS: WordRule = {
  meaning: 'names something read, with no other action word',
  words: list(
    'test monitor status stats info details summary history log logs metrics docs documentation help map trace profile plan format research scan audit crawl scrape diff ask reason wait ping preview watch lint learn tail whoami',
  ),
  effects: [e('read', 'medium')],
};

/** Verbs that change only the session's working context (SPEC 2.9.2 decisions 3 and 6). */
const CONTEXT_VERBS: WordRule = {
  meaning: "changes the session's working context",
  words: list('think thinking sequentialthinking navigate goto back forward connect disconnect switch use resize highlight scroll focus activate reconnect'),
  effects: [e('context', 'medium')],
};

/** Words of a write whose audience and restore the name cannot tell; the worst case writes where it may be public. */
const CREATE_VERBS: WordRule = {
  meaning: 'creates something where others may see it',
  words: list(
    'create add new insert make clone copy fork duplicate register init initialize provision import append attach link upsert convert generate build schedule open',
  ),
  effects: [e('shared-write', 'medium'), e('publish', 'low')],
};

/** Words that change what exists, where the old value may be lost. */
const CHANGE_VERBS: WordRule = {
  meaning: 'changes or replaces something',
  words: list(
    'update edit set modify patch change replace rename put write save configure apply sync merge move reorder mark label tag unlabel close reopen resolve transition toggle restore revert reset manage assign unassign commit upgrade migrate promote approve reject complete unarchive pin unpin star unstar lock unlock store record annotate',
  ),
  effects: [e('shared-write', 'medium'), e('overwrite', 'low')],
};

/** Words that remove or destroy. */
const DELETE_VERBS: WordRule = {
  meaning: 'deletes or destroys',
  words: list('delete remove destroy drop purge erase clear truncate wipe unlink uninstall detach unset empty prune discard archive trash rm del'),
  effects: [e('delete', 'medium')],
};

/** Words that deliver something to people (SPEC 2.9.1 `send`). */
const SEND_VERBS: WordRule = {
  meaning: 'delivers something to people',
  words: list('send post reply notify email mail comment invite mention react dm sms respond broadcast message chat forward feedback'),
  effects: [e('send', 'high')],
};

/** Words that place content where the audience may be unbounded. */
const PUBLISH_VERBS: WordRule = {
  meaning: 'publishes or opens something to an audience',
  words: list('publish push release deploy share unpublish expose public'),
  effects: [e('publish', 'medium'), e('widen', 'low')],
};

/** Words that change who can reach something (SPEC 2.9.1 `access`). */
const ACCESS_VERBS: WordRule = {
  meaning: 'changes who has access',
  words: list('grant revoke authorize permit deny allow block unblock ban kick'),
  effects: [e('access', 'high')],
};

/**
 * Words that start, stop or reconfigure a running service. What is started or
 * stopped may be automation that does anything (a pipeline, a job), so the
 * worst case also runs code.
 */
const AVAILABILITY_VERBS: WordRule = {
  meaning: 'starts, stops or reconfigures something running',
  words: list(
    'start stop restart reboot scale cancel kill terminate pause resume enable disable shutdown suspend abort rollback redeploy failover deallocate halt trigger retry rerun stage',
  ),
  effects: [e('availability', 'medium'), e('run-code', 'low')],
};

/** Words that run code or commands the agent supplies. */
const RUN_VERBS: WordRule = {
  meaning: 'runs code or commands',
  words: list('run execute exec eval evaluate shell command cmd invoke script install call bash aggregate'),
  effects: [e('run-code', 'medium')],
};

/** Words that move money. */
const PAY_VERBS: WordRule = {
  meaning: 'moves money',
  words: list('pay charge transfer refund purchase buy payout checkout capture finalize void order'),
  effects: [e('pay-final', 'medium')],
};

/** Words that carry data to a destination, or act on a page. */
const TRANSMIT_VERBS: WordRule = {
  meaning: 'sends data to a destination or acts on a page',
  words: list('upload submit click type fill press hover drag select keyboard mouse act dialog interact'),
  effects: [e('transmit', 'medium')],
};

/** Words that write a local file the server keeps (SPEC 2.9.2 decision 7). */
const FILE_VERBS: WordRule = {
  meaning: 'writes a file',
  words: list('export download screenshot snapshot pdf dump backup recording video tracing'),
  effects: [e('read', 'medium'), e('create-private', 'medium'), e('overwrite', 'low')],
};

/** Words that change physical state. */
const PHYSICAL_VERBS: WordRule = {
  meaning: 'changes physical state',
  words: list('door thermostat light lights device robot'),
  effects: [e('physical', 'low')],
};

/** Every family of action words, in the order the suggester reports them. */
export const ACTION_RULES: readonly WordRule[] = [
  READ_VERBS,
  READ_NOUNS,
  CONTEXT_VERBS,
  FILE_VERBS,
  CREATE_VERBS,
  CHANGE_VERBS,
  DELETE_VERBS,
  SEND_VERBS,
  PUBLISH_VERBS,
  ACCESS_VERBS,
  AVAILABILITY_VERBS,
  RUN_VERBS,
  PAY_VERBS,
  TRANSMIT_VERBS,
  PHYSICAL_VERBS,
];

/** Objects that turn a write into a credential change. */
const CREDENTIAL_OBJECTS: WordRule = {
  meaning: 'writes a credential',
  words: list('key keys token tokens secret secrets credential credentials password apikey certificate cert oauth ssh'),
  effects: [e('credential', 'medium')],
};

/** Objects that turn a write into an access change. */
const ACCESS_OBJECTS: WordRule = {
  meaning: 'changes who has access',
  words: list('member members permission permissions role roles collaborator collaborators access acl policy user users membership rbac'),
  effects: [e('access', 'medium')],
};

/** Objects that turn a write into a message to people. */
const SEND_OBJECTS: WordRule = {
  meaning: 'writes something people are told about',
  words: list('comment comments message messages email reply reaction reactions notification invitation invite review issue thread discussion note'),
  effects: [e('send', 'low')],
};

/** Objects that turn a write into opening something to the public. */
const PUBLIC_OBJECTS: WordRule = {
  meaning: 'changes what the public can see',
  words: list('public visibility sharing share'),
  effects: [e('widen', 'medium')],
};

/** Object families, applied only to a name that also has a write word. */
export const OBJECT_RULES: readonly WordRule[] = [CREDENTIAL_OBJECTS, ACCESS_OBJECTS, SEND_OBJECTS, PUBLIC_OBJECTS];

/** Words of a description or a property name that can only raise a suggestion. */
export const RAISING_WORDS: readonly WordRule[] = [
  {
    meaning: 'says the loss is permanent',
    words: list('permanently irreversible irreversibly unrecoverable undone'),
    effects: [e('delete', 'medium')],
  },
  { meaning: 'says it runs code', words: list('javascript shell bash script command arbitrary'), effects: [e('run-code', 'low')] },
  {
    meaning: 'says it delivers to people',
    words: list('recipient recipients notify notifies notification email sms'),
    effects: [e('send', 'low')],
  },
  { meaning: 'says it is public', words: list('publicly public publish publishes'), effects: [e('publish', 'low')] },
  { meaning: 'says it moves money', words: list('payment charge refund amount transfer'), effects: [e('pay-final', 'low')] },
];

/** Objects that make any call run code: a query language or a script as the argument. */
export const RUN_OBJECTS: WordRule = {
  meaning: 'takes code or a query language',
  words: list('sql graphql cypher javascript script shell command terminal'),
  effects: [e('run-code', 'low')],
};

/** Words between two actions of one name (`get_or_create`). */
export const CLAUSE_BREAKS: ReadonlySet<string> = new Set(['or', 'and', 'then']);

/** Input properties that raise a suggestion: what an argument named so can carry. */
export const PROPERTY_RULES: readonly WordRule[] = [
  { meaning: 'takes code or a command', words: list('command cmd script javascript shell code expression'), effects: [e('run-code', 'low')] },
  { meaning: 'takes recipients', words: list('recipient recipients to cc bcc'), effects: [e('send', 'low')] },
  { meaning: 'takes an amount of money', words: list('amount'), effects: [e('pay-final', 'low')] },
];

/** A read-named tool whose server says it is not read-only (or destructive): the hint is believed when it raises (SPEC 7). */
export const HINTED_WRITE: WordRule = {
  meaning: "the server's own hint says the tool changes something",
  words: [],
  effects: [e('overwrite', 'low')],
};
