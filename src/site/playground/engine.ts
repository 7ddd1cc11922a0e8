/**
 * The playground's classifier: the same core library the CLI and the build
 * use (src/core), bundled for the browser, with the registry as data.
 *
 * One call is classified the way `rclass lookup` does it: the SQL parser is
 * loaded first when the tool's rules need it (Classifier.prepare), then the
 * call is checked. A session replays its earlier calls through the same
 * classifier and records each one, so the session guard (SPEC 9) sees what
 * an enforcement point would.
 *
 * The SQL parser (libpg-query, WebAssembly) is loaded only when a call to a
 * tool with a SQL rule is classified; the rest of the playground never
 * downloads it.
 */
import {
  Classifier,
  Registry,
  Session,
  rulesNeedSql,
  type Classification,
  type DeploymentOverride,
  type PreimageCapture,
  type RegistryDocument,
  type ReversibilityClass,
  type ServerRecord,
  type ToolRecord,
} from '../../core/index.ts';
import { loadSqlParser, loadedSqlParser } from '../../core/sql/index.ts';
import type { Call } from './state.ts';
import { installSqlWasmRedirect, prefetchSqlWasm } from './wasm-shim.ts';

/** A session: earlier calls, oldest first, and the egress allowlist (SPEC 9). */
interface SessionInput {
  steps: readonly Call[];
  egressAllow: readonly string[];
}

/** Everything that decides one classification. */
export interface Scenario {
  call: Call;
  /** Without a session the session guard does not run (as `rclass lookup`). */
  session?: SessionInput;
  /** What is known of the release the call goes to (SPEC 5.3); leave the key out for an unpinned server. */
  serverVersion?: string | null;
  /** Deployment overrides (SPEC 5.6, 5.7); the page itself sets none. */
  overrides?: readonly DeploymentOverride[];
  /** The answer of a preimage capture step, when a deployment has one (SPEC 5.6). */
  capture?: PreimageCapture;
}

/** The classification of a scenario's call, and of each earlier call of its session. */
export interface Evaluation {
  result: Classification;
  /** The earlier calls as they were classified when made, in order. */
  steps: Classification[];
  /** The session's worst class before this call, when there is a session. */
  sessionClass?: ReversibilityClass;
}

/**
 * The playground's classifier over one registry. Methods never throw for
 * bad calls: the core answers R4 with source `error` instead (SPEC 4.4).
 */
export class PlaygroundEngine {
  readonly registry: Registry;

  /** @param registry the registry to classify against */
  constructor(registry: Registry) {
    installSqlWasmRedirect();
    this.registry = registry;
  }

  /**
   * An engine over a parsed registry document (`registry.json`, or the
   * playground's slimmed copy of it).
   * @throws TypeError when the document is not a registry document
   */
  static fromDocument(document: RegistryDocument): PlaygroundEngine {
    return new PlaygroundEngine(Registry.fromDocument(document));
  }

  /** An engine over records, as the conformance vectors give them inline. */
  static fromRecords(records: readonly ServerRecord[]): PlaygroundEngine {
    return new PlaygroundEngine(Registry.fromRecords(records));
  }

  /**
   * Start loading the SQL parser now, before any registry is at hand, when
   * the page already knows a call will need it. Classifying later awaits the
   * same load; a failure here is ignored (the rules then fail closed, and a
   * later classification tries again).
   */
  static preloadSqlParser(): void {
    prefetchSqlWasm();
    loadSqlParser().catch(() => undefined);
  }

  /** The registry's tool record, if the server and tool are listed. */
  tool(server: string, tool: string): ToolRecord | undefined {
    return this.registry.server(server)?.tools.get(tool);
  }

  /** Whether classifying these calls needs the SQL parser, which is not loaded yet. */
  needsSqlParser(calls: readonly Call[]): boolean {
    if (loadedSqlParser() !== undefined) return false;
    return calls.some((call) => rulesNeedSql(this.tool(call.server, call.tool)?.rules));
  }

  /**
   * Classify a scenario: load what its calls need, replay the session's
   * earlier calls, then classify the call.
   */
  async evaluate(scenario: Scenario): Promise<Evaluation> {
    const classifier = this.#classifier(scenario);
    const calls = [...(scenario.session?.steps ?? []), scenario.call];
    for (const call of calls) await classifier.prepare(String(call.server), String(call.tool));
    return this.#run(classifier, scenario);
  }

  #classifier(scenario: Scenario): Classifier {
    const capture = scenario.capture;
    return new Classifier(this.registry, {
      overrides: scenario.overrides ?? [],
      ...(capture !== undefined ? { capturePreimage: () => capture } : {}),
    });
  }

  #run(classifier: Classifier, scenario: Scenario): Evaluation {
    const version = 'serverVersion' in scenario ? { serverVersion: scenario.serverVersion } : {};
    if (scenario.session === undefined) {
      return { result: classifier.check(scenario.call.server, scenario.call.tool, scenario.call.arguments, version), steps: [] };
    }
    const session = new Session({ egressAllow: [...scenario.session.egressAllow] });
    const steps: Classification[] = [];
    for (const step of scenario.session.steps) {
      const decided = classifier.check(step.server, step.tool, step.arguments, { session });
      steps.push(decided);
      session.record(decided);
    }
    const sessionClass = session.effectiveClass;
    const result = classifier.check(scenario.call.server, scenario.call.tool, scenario.call.arguments, { session, ...version });
    return { result, steps, sessionClass };
  }
}
