/**
 * Argument rules in plain English (SPEC 5.4). Each condition becomes one
 * short clause a reader can check against a call; the wording keeps the
 * details that matter, such as "type included" for `equals`.
 */
import type { ArgumentRule, Predicate } from '../../core/record.ts';
import { classLabel } from './classes.ts';

type Scalar = string | number | boolean | null;

/** A JSON scalar as it must appear in the call, with its type in words. */
function describeScalar(value: Scalar): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'boolean') return `the boolean ${String(value)}`;
  return `the number ${String(value)}`;
}

const DIALECTS: Record<string, string> = { postgresql: 'PostgreSQL', sqlite: 'SQLite', mysql: 'MySQL' };

/** One condition as a segmented clause: text parts and code parts alternate. */
export interface Clause {
  /** Pieces of the sentence; `code: true` pieces are argument names or values. */
  parts: Array<{ text: string; code?: boolean }>;
  /** The SPEC section that defines the condition. */
  section: string;
}

/**
 * Describe one condition.
 * @returns a clause such as "`dryRun` is the boolean true"
 */
export function describePredicate(predicate: Predicate): Clause {
  if ('equals' in predicate) {
    const { arg, value } = predicate.equals;
    return { parts: [{ text: arg, code: true }, { text: ` is ${describeScalar(value)}, type included` }], section: '5.4' };
  }
  if ('one_of' in predicate) {
    const { arg, values } = predicate.one_of;
    return { parts: [{ text: arg, code: true }, { text: ` is one of ${values.map(describeScalar).join(', ')} (type included)` }], section: '5.4' };
  }
  if ('absent' in predicate) {
    return { parts: [{ text: predicate.absent.arg, code: true }, { text: ' is not passed at all (passing null counts as passing it)' }], section: '5.4' };
  }
  if ('sql_read_only' in predicate) {
    const { arg, dialect } = predicate.sql_read_only;
    return {
      parts: [{ text: arg, code: true }, { text: ` holds exactly one SQL statement that only reads, under every reading of ${DIALECTS[dialect] ?? dialect}` }],
      section: '5.4.1',
    };
  }
  if ('mongo_pipeline_read_only' in predicate) {
    return {
      parts: [
        { text: predicate.mongo_pipeline_read_only.arg, code: true },
        { text: ' is an aggregation pipeline that only reads: no $out or $merge stage and no server-side JavaScript anywhere in it' },
      ],
      section: '5.4.4',
    };
  }
  if ('aws_cli_read_only' in predicate) {
    return {
      parts: [
        { text: predicate.aws_cli_read_only.arg, code: true },
        { text: ' is an AWS CLI command, or a list of them, each ' },
        { text: 'aws <service> <operation>', code: true },
        { text: ' with an operation the server lists as read-only, followed only by harmless options' },
      ],
      section: '5.4.5',
    };
  }
  if ('url_http' in predicate) {
    return {
      parts: [
        { text: predicate.url_http.arg, code: true },
        { text: ' is an unambiguous http or https URL (never ' },
        { text: 'javascript:', code: true },
        { text: ', ' },
        { text: 'data:', code: true },
        { text: ' or ' },
        { text: 'file:', code: true },
        { text: ')' },
      ],
      section: '5.4.2',
    };
  }
  const { arg, hosts } = predicate.url_host_in;
  return {
    parts: [
      { text: arg, code: true },
      { text: ` is an unambiguous http or https URL on ${hosts.join(', ')} or a subdomain of ${hosts.length === 1 ? 'it' : 'one of them'}` },
    ],
    section: '5.4.2',
  };
}

/** The rule's effect in one line: "Lowers the class to R0 No effect when:". */
export function ruleHeadline(rule: ArgumentRule): string {
  return rule.when.length === 1 ? `Lowers the class to ${classLabel(rule.class)} when` : `Lowers the class to ${classLabel(rule.class)} when all of these hold`;
}
