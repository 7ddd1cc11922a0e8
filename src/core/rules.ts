/**
 * Evaluation of argument rules (SPEC 5.4). A rule fires when every one of
 * its conditions holds; the call then has the rule's class. Conditions never
 * throw: anything they cannot decide counts as not holding, so the tool
 * keeps its higher base class (fail closed).
 */
import type { ReversibilityClass } from './classes.ts';
import type { ArgumentRule, Predicate } from './record.ts';
import { analyzeAwsCommand, loadedAwsOperations } from './aws/index.ts';
import { analyzePipeline } from './mongo.ts';
import { analyzeSql, loadedSqlParser } from './sql/index.ts';
import { checkHttpUrl, checkUrl } from './url/index.ts';

/** The outcome of one condition of one rule. */
export interface ConditionOutcome {
  /** Predicate name, e.g. `sql_read_only`. */
  predicate: string;
  /** The argument it looks at. */
  arg: string;
  /** Whether it held for this call. */
  held: boolean;
  /** Why, in a short lowercase phrase. */
  detail: string;
}

/** The outcome of one rule for one call. */
export interface RuleOutcome {
  id: string;
  class: ReversibilityClass;
  fired: boolean;
  conditions: ConditionOutcome[];
}

/** Call arguments: a plain JSON object. */
export type CallArguments = Readonly<Record<string, unknown>>;

function sameScalar(actual: unknown, expected: string | number | boolean | null): boolean {
  // Strict JSON equality: the type must match, so "true" is not true and 1 is not "1".
  if (expected === null) return actual === null;
  return typeof actual === typeof expected && actual === expected;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  if (value === undefined) return 'absent';
  try {
    const text = JSON.stringify(value);
    return text === undefined ? typeof value : text.length > 40 ? `a ${Array.isArray(value) ? 'list' : typeof value}` : text;
  } catch {
    return typeof value;
  }
}

/**
 * Evaluate one condition against the call's arguments (SPEC 5.4).
 * Never throws.
 */
export function evaluatePredicate(predicate: Predicate, args: CallArguments): ConditionOutcome {
  if ('equals' in predicate) {
    const { arg, value } = predicate.equals;
    const present = Object.hasOwn(args, arg);
    const held = present && sameScalar(args[arg], value);
    return {
      predicate: 'equals',
      arg,
      held,
      detail: held ? `${arg} is ${JSON.stringify(value)}` : `${arg} is ${present ? describe(args[arg]) : 'absent'}, not ${JSON.stringify(value)}`,
    };
  }
  if ('one_of' in predicate) {
    const { arg, values } = predicate.one_of;
    const present = Object.hasOwn(args, arg);
    const held = present && values.some((value) => sameScalar(args[arg], value));
    return {
      predicate: 'one_of',
      arg,
      held,
      detail: held
        ? `${arg} is ${describe(args[arg])}, one of the listed values`
        : `${arg} is ${present ? describe(args[arg]) : 'absent'}, not one of the listed values`,
    };
  }
  if ('absent' in predicate) {
    const { arg } = predicate.absent;
    const held = !Object.hasOwn(args, arg);
    return { predicate: 'absent', arg, held, detail: held ? `${arg} is absent` : `${arg} is present` };
  }
  if ('sql_read_only' in predicate) {
    const { arg, dialect } = predicate.sql_read_only;
    if (!Object.hasOwn(args, arg)) return { predicate: 'sql_read_only', arg, held: false, detail: `${arg} is absent` };
    const parser = loadedSqlParser();
    if (parser === undefined)
      return { predicate: 'sql_read_only', arg, held: false, detail: 'the SQL parser is not loaded, so the statement was not analysed' };
    const verdict = analyzeSql(args[arg], dialect, parser);
    return {
      predicate: 'sql_read_only',
      arg,
      held: verdict.readOnly,
      detail: verdict.readOnly ? `${arg} is one read-only ${dialect} statement` : `${arg} is not read-only: ${verdict.reason}`,
    };
  }
  if ('url_host_in' in predicate) {
    const { arg, hosts } = predicate.url_host_in;
    if (!Object.hasOwn(args, arg)) return { predicate: 'url_host_in', arg, held: false, detail: `${arg} is absent` };
    const verdict = checkUrl(args[arg], hosts);
    return {
      predicate: 'url_host_in',
      arg,
      held: verdict.allowed,
      detail: verdict.allowed ? `${arg} host ${verdict.host ?? ''} is listed` : `${arg} is not an allowed URL: ${verdict.reason}`,
    };
  }
  if ('url_http' in predicate) {
    const { arg } = predicate.url_http;
    if (!Object.hasOwn(args, arg)) return { predicate: 'url_http', arg, held: false, detail: `${arg} is absent` };
    const verdict = checkHttpUrl(args[arg]);
    return {
      predicate: 'url_http',
      arg,
      held: verdict.allowed,
      detail: verdict.allowed ? `${arg} is an http(s) url` : `${arg} is not a plain http(s) url: ${verdict.reason}`,
    };
  }
  if ('mongo_pipeline_read_only' in predicate) {
    const { arg } = predicate.mongo_pipeline_read_only;
    if (!Object.hasOwn(args, arg)) return { predicate: 'mongo_pipeline_read_only', arg, held: false, detail: `${arg} is absent` };
    const verdict = analyzePipeline(args[arg]);
    return {
      predicate: 'mongo_pipeline_read_only',
      arg,
      held: verdict.readOnly,
      detail: verdict.readOnly ? `${arg} is a pipeline of read-only stages` : `${arg} is not read-only: ${verdict.reason}`,
    };
  }
  if ('aws_cli_read_only' in predicate) {
    const { arg } = predicate.aws_cli_read_only;
    if (!Object.hasOwn(args, arg)) return { predicate: 'aws_cli_read_only', arg, held: false, detail: `${arg} is absent` };
    const operations = loadedAwsOperations();
    if (operations === undefined)
      return {
        predicate: 'aws_cli_read_only',
        arg,
        held: false,
        detail: 'the list of read-only AWS operations is not loaded, so the command was not analysed',
      };
    const verdict = analyzeAwsCommand(args[arg], operations);
    return {
      predicate: 'aws_cli_read_only',
      arg,
      held: verdict.readOnly,
      detail: verdict.readOnly ? `${arg} is a read-only AWS CLI command` : `${arg} is not read-only: ${verdict.reason}`,
    };
  }
  const name = Object.keys(predicate as object)[0] ?? 'nothing';
  return { predicate: name, arg: '', held: false, detail: `unknown predicate \`${name}\`` };
}

/**
 * Evaluate a rule: every condition is evaluated (so the caller can show which
 * held and which did not), and the rule fires only if all hold.
 */
export function evaluateRule(rule: ArgumentRule, args: CallArguments): RuleOutcome {
  const conditions = rule.when.map((predicate) => evaluatePredicate(predicate, args));
  return { id: rule.id, class: rule.class, fired: conditions.length > 0 && conditions.every((c) => c.held), conditions };
}

/** Whether any condition of any rule needs the list of read-only AWS operations (SPEC 5.4.5). */
export function rulesNeedAws(rules: readonly ArgumentRule[] | undefined): boolean {
  return rules?.some((rule) => rule.when.some((predicate) => 'aws_cli_read_only' in predicate)) ?? false;
}

/** Whether any condition of any rule needs the SQL parser. */
export function rulesNeedSql(rules: readonly ArgumentRule[] | undefined): boolean {
  return rules?.some((rule) => rule.when.some((predicate) => 'sql_read_only' in predicate)) ?? false;
}
