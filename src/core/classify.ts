/**
 * The classifier (SPEC 4): one tool call in, its class, the reason and the
 * default policy decision out. It never throws; anything it cannot decide is
 * R4 (fail closed).
 */
import { CLASS_NAMES, DEFAULT_POLICY, type PolicyDecision, type ReversibilityClass, isBelow } from './classes.ts';
import { isDisclosure } from './effects.ts';
import { egressAllowed } from './egress.ts';
import { type DeploymentOverride, type PreimageCapturer, indexOverrides } from './overrides.ts';
import type { RecordStatus, ServerRecord, ToolRecord } from './record.ts';
import { type Registry, evidencePlace, evidenceUrl } from './registry.ts';
import { type RuleOutcome, evaluateRule, rulesNeedAws, rulesNeedSql } from './rules.ts';
import { loadAwsOperations, loadedAwsOperations } from './aws/index.ts';
import type { Session } from './session.ts';
import { loadSqlParser, loadedSqlParser } from './sql/index.ts';
import { releaseBefore, schemeOf, type ServerVersion, rulesApplyTo } from './version.ts';
import { messageOf } from './errors.ts';

/**
 * Where a class came from:
 * - `registry`: the tool's base class in its record;
 * - `rule`: an argument rule of the record lowered it;
 * - `override`: a deployment override set the base class (SPEC 5.7);
 * - `preimage`: a deployment captured the prior state (SPEC 5.6);
 * - `session`: the session guard raised it (SPEC 9);
 * - `unknown`: no record names the server or the tool (SPEC 4.3);
 * - `error`: the input or the classifier failed (SPEC 4.4).
 */
export type ClassificationSource = 'registry' | 'rule' | 'override' | 'preimage' | 'session' | 'unknown' | 'error';

/** The answer for one tool call. */
export interface Classification {
  server: string;
  tool: string;
  class: ReversibilityClass;
  /** The class's name in words, e.g. `Irreversible`. */
  name: string;
  source: ClassificationSource;
  /** The argument rule that decided the class, when one did. */
  rule?: string;
  /** One sentence: why this class. */
  rationale: string;
  /** The default policy decision for the class (SPEC 3). */
  policy: PolicyDecision;
  /** The record's review status, when a record was found. */
  status?: RecordStatus;
  /**
   * `documentation` when the record rests on the vendor's published tool
   * reference rather than source (SPEC 5.1); absent otherwise. Whoever shows
   * the class shows the mark `DOCUMENTATION_MARK` (registry.ts) with it.
   */
  basis?: 'documentation';
  /** The tool's base class in the registry, when it has one. */
  base_class?: ReversibilityClass;
  /** Permalink to the evidence, when a record was found. */
  evidence?: string;
  /** Where in the evidence the tool is defined, in words (`path line N`), when a record was found. */
  evidence_at?: string;
  /** The effects behind the class: the firing rule's, else the tool's (SPEC 2.9); absent when the record lists none. */
  effects?: string[];
  /** The record's reason for stating a class other than the one its effects derive (SPEC 2.9.3). */
  record_override?: string;
  /** For an R1 or R2 answer: the tool of the same server that restores or compensates the call (SPEC 2.9.3). */
  undo?: string;
  /** Every rule of the tool, with which conditions held (absent when the tool has none). */
  rules?: RuleOutcome[];
  /** Further facts that shaped the answer (ignored rules, override reasons, preimage references). */
  notes?: string[];
}

/** Per-call options. */
export interface CheckOptions {
  /** The session the call belongs to, for the session guard (SPEC 9). */
  session?: Session;
  /** What is known of the server's release (SPEC 5.3); unpinned when omitted. */
  serverVersion?: ServerVersion;
}

/** Options for a classifier. */
export interface ClassifierOptions {
  /** Deployment overrides (SPEC 5.6, 5.7). */
  overrides?: readonly DeploymentOverride[];
  /** Captures prior state for preimage overrides; without it they never apply. */
  capturePreimage?: PreimageCapturer;
}

/**
 * The package of a record that names `before` (SPEC 5.3) when `version` is
 * not a release before it, compared as identification compares it: PEP 440
 * for a PyPI package, else SemVer.
 */
function movedPackage(record: ServerRecord, version: string): { name: string; before: string } | undefined {
  for (const pkg of record.server.packages ?? []) {
    if (pkg.before !== undefined && !releaseBefore(pkg.before, version, schemeOf(pkg.registry))) return { name: pkg.name, before: pkg.before };
  }
  return undefined;
}

function result(
  server: string,
  tool: string,
  cls: ReversibilityClass,
  source: ClassificationSource,
  rationale: string,
  extra?: Partial<Classification>,
): Classification {
  return { server, tool, class: cls, name: CLASS_NAMES[cls], source, rationale, policy: DEFAULT_POLICY[cls], ...extra };
}

/**
 * Whether a tool's worst case is a disclosure (SPEC 2.8): marked so in
 * `registry.json`, or, for a document that carries only effects, derived
 * from them (SPEC 2.9.1).
 */
function disclosesAtWorst(entry: ToolRecord): boolean {
  return entry.disclosure === true || (entry.effects !== undefined && isDisclosure(entry.effects));
}

function asArguments(args: unknown): Record<string, unknown> | undefined {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) return undefined;
  return args as Record<string, unknown>;
}

/**
 * Classifies tool calls against a registry. Create one per registry and
 * deployment; it keeps no per-call state, so one instance can serve many
 * sessions.
 */
export class Classifier {
  readonly registry: Registry;
  readonly #overrides: Map<string, DeploymentOverride>;
  readonly #capture: PreimageCapturer | undefined;

  constructor(registry: Registry, options: ClassifierOptions = {}) {
    this.registry = registry;
    this.#overrides = indexOverrides(options.overrides ?? []);
    this.#capture = options.capturePreimage;
  }

  /**
   * Classify one call (SPEC 4).
   * @param server the record id of the server, e.g. `sqlite`
   * @param tool the tool name exactly as in `tools/list`, e.g. `write_query`
   * @param args the call's arguments (a JSON object; undefined or null count as `{}`)
   * @param options the session and server release, if known
   * @returns the classification; never throws (an internal error is R4 with source `error`)
   */
  check(server: string, tool: string, args?: unknown, options: CheckOptions = {}): Classification {
    try {
      return this.#check(String(server), String(tool), args, options);
    } catch (error) {
      return result(String(server), String(tool), 'R4', 'error', 'The classifier failed on this call, so it is treated as irreversible (SPEC 4.4).', {
        notes: [messageOf(error)],
      });
    }
  }

  /**
   * Like {@link check}, but first loads what this tool's rules need (the SQL
   * parser, the AWS operation list), so those rules are decided rather than
   * failing closed.
   */
  async checkAsync(server: string, tool: string, args?: unknown, options: CheckOptions = {}): Promise<Classification> {
    await this.prepare(server, tool);
    return this.check(server, tool, args, options);
  }

  /**
   * Load what the tool's rules need (the SQL parser, the list of read-only
   * AWS operations) before a synchronous
   * {@link check}. Resolves even if loading fails; the rules then fail closed.
   */
  async prepare(server: string, tool: string): Promise<void> {
    const found = this.registry.server(server)?.tools.get(tool);
    if (found && rulesNeedSql(found.rules) && loadedSqlParser() === undefined) {
      try {
        await loadSqlParser();
      } catch {
        // The sql_read_only condition reports the parser as not loaded.
      }
    }
    if (found && rulesNeedAws(found.rules) && loadedAwsOperations() === undefined) {
      try {
        await loadAwsOperations();
      } catch {
        // The aws_cli_read_only condition reports the list as not loaded.
      }
    }
  }

  #check(server: string, tool: string, rawArgs: unknown, options: CheckOptions): Classification {
    const args = asArguments(rawArgs);
    if (args === undefined) {
      return result(
        server,
        tool,
        'R4',
        'error',
        'The call arguments are not a JSON object, so the call cannot be classified and is treated as irreversible (SPEC 4.4).',
      );
    }
    const indexed = this.registry.server(server);
    if (indexed === undefined) {
      return result(
        server,
        tool,
        'R4',
        'unknown',
        `No registry record names the server \`${server}\`; an unknown server is irreversible until classified (SPEC 4.3).`,
      );
    }
    const record = indexed.record;
    const entry = indexed.tools.get(tool);
    if (entry === undefined) {
      return result(
        server,
        tool,
        'R4',
        'unknown',
        `The ${record.id} record does not list the tool \`${tool}\`; an unlisted tool is irreversible until classified (SPEC 4.3).`,
        {
          status: record.provenance.status,
        },
      );
    }
    const moved = typeof options.serverVersion === 'string' ? movedPackage(record, options.serverVersion) : undefined;
    if (moved !== undefined) {
      return result(
        server,
        tool,
        'R4',
        'unknown',
        `Release ${options.serverVersion} of \`${moved.name}\` is not older than ${moved.before}, from which the package runs another server than the ${record.id} record describes (SPEC 5.3); its tools are unknown and irreversible until classified (SPEC 4.3).`,
        { status: record.provenance.status },
      );
    }
    // The hot path: no override lookups without overrides, no spreads, notes allocated only when needed.
    let notes: string[] | undefined;
    const note = (text: string): void => {
      notes ??= [];
      notes.push(text);
    };
    const override = this.#overrides.size > 0 ? this.#overrides.get(`${server}\u0000${entry.name}`) : undefined;
    let cls: ReversibilityClass = entry.class;
    let source: ClassificationSource = 'registry';
    let rationale = entry.rationale;
    if (override?.class !== undefined && override.class !== entry.class) {
      if (isBelow(override.class, entry.class) && disclosesAtWorst(entry)) {
        note(`deployment override to ${override.class} ignored: the worst case is a disclosure, which nothing lowers (SPEC 5.7)`);
      } else {
        note(`deployment override: ${override.reason}`);
        cls = override.class;
        source = 'override';
        rationale = override.reason;
      }
    }
    let ruleId: string | undefined;
    let effects = entry.effects;
    let outcomes: RuleOutcome[] | undefined;

    const rules = entry.rules;
    if (rules !== undefined && rules.length > 0) {
      // A server published on PyPI (and not on npm) is versioned by PEP 440 (SPEC 6.4).
      const packages = record.server.packages ?? [];
      const scheme = packages.some((p) => p.registry === 'pypi') && !packages.some((p) => p.registry === 'npm') ? 'pep440' : 'semver';
      if (rulesApplyTo(record.server.min_version, options.serverVersion, scheme)) {
        outcomes = new Array<RuleOutcome>(rules.length);
        for (let i = 0; i < rules.length; i += 1) {
          const outcome = evaluateRule(rules[i]!, args);
          outcomes[i] = outcome;
          if (outcome.fired && isBelow(outcome.class, cls)) {
            cls = outcome.class;
            source = 'rule';
            ruleId = outcome.id;
            effects = rules[i]!.effects;
            rationale = rules[i]!.reason;
          }
        }
      } else {
        note(
          options.serverVersion === null
            ? `argument rules ignored: the server's version could not be read and the record was checked against ${record.server.min_version}`
            : `argument rules ignored: version ${String(options.serverVersion)} is older than ${record.server.min_version}, the release the record was checked against`,
        );
      }
    }

    if (override?.preimage === true && isBelow('R1', cls)) {
      const preimage = this.#preimage(server, entry, args, override, note);
      if (preimage !== undefined) {
        cls = 'R1';
        source = 'preimage';
        ruleId = undefined;
        rationale = preimage;
      }
    }

    const session = options.session;
    if (session?.hasRead && entry.egress !== undefined && cls !== 'R4') {
      const verdict = egressAllowed(entry.egress, args, session.egressAllow, session.registrableDomain);
      if (!verdict.allowed) {
        note(`session guard: ${verdict.reason}`);
        cls = 'R4';
        source = 'session';
        ruleId = undefined;
        rationale =
          'The session has already read data, and this call can carry it to a destination the agent chose that is not on the egress allowlist (SPEC 9).';
      }
    }

    const answer: Classification = {
      server,
      tool,
      class: cls,
      name: CLASS_NAMES[cls],
      source,
      rationale,
      policy: DEFAULT_POLICY[cls],
      status: record.provenance.status,
      base_class: entry.class,
      evidence: entry.evidence.url ?? evidenceUrl(record, entry.evidence),
      evidence_at: evidencePlace(entry.evidence),
    };
    if (record.provenance.documentation !== undefined) answer.basis = 'documentation';
    if (ruleId !== undefined) answer.rule = ruleId;
    if (effects !== undefined && (source === 'registry' || source === 'rule')) answer.effects = effects;
    if (entry.override !== undefined) answer.record_override = entry.override;
    if (entry.undo !== undefined && (cls === 'R1' || cls === 'R2')) answer.undo = entry.undo;
    if (outcomes !== undefined) answer.rules = outcomes;
    if (notes !== undefined) answer.notes = notes;
    return answer;
  }

  #preimage(server: string, entry: ToolRecord, args: Record<string, unknown>, override: DeploymentOverride, note: (text: string) => void): string | undefined {
    if (disclosesAtWorst(entry)) {
      note('preimage override ignored: the worst case is a disclosure, which a saved copy cannot recall (SPEC 5.6)');
      return undefined;
    }
    if (this.#capture === undefined) {
      note('preimage override not applied: no capture is configured');
      return undefined;
    }
    const capture = this.#capture(server, entry.name, args);
    if (!capture.captured) {
      note(`preimage capture failed: ${capture.detail ?? 'no reason given'}`);
      return undefined;
    }
    note(`preimage captured: ${capture.ref ?? 'no reference given'}`);
    return `The deployment saved the prior state before this call (${override.reason}), so it can be written back (SPEC 5.6).`;
  }
}
