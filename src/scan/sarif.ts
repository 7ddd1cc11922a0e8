/**
 * The scan report as SARIF 2.1.0 (`rclass scan --format sarif`), for GitHub
 * code scanning and other SARIF viewers. Format: OASIS SARIF 2.1.0
 * (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html); the
 * output is validated against the official schema in test/scan/sarif.test.ts.
 *
 * - One rule per class, `R0` to `R4`, described by SPEC 3.
 * - One result per reachable tool at or above the threshold (`--fail-on`,
 *   or {@link SARIF_DEFAULT_THRESHOLD}); a server whose tools are unknown
 *   (unrecognised in `--list`, failed, not started, invalid) gives one R4
 *   result for the server, since all its tools count as R4 (SPEC 4.3).
 * - `level`: `error` for R4, `warning` for R2 and R3, `note` for R0 and R1.
 * - Location: the configuration file and the line of the server entry's key
 *   ({@link entryLine}); line 1 when it cannot be found (TOML is best effort).
 *   A file given as a relative path is a URI relative to `%SRCROOT%` (the
 *   folder the scan ran in); any other is a `file://` URI.
 * - `partialFingerprints["rclassFinding/v1"]`: a hash of the file, scope,
 *   server and tool, not of the line, so an alert keeps its identity when
 *   lines move. Without it, github/codeql-action's upload-sarif derives a
 *   fingerprint from the line's text, which is the same for every tool of
 *   one server entry (they share its line).
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { CLASSES, CLASS_NAMES, type ReversibilityClass, classRank } from '../core/classes.ts';
import { DOCUMENTATION_MARK } from '../core/registry.ts';
import { CLIENT_NAMES } from './scan.ts';
import { suggestionText } from './report.ts';
import { entryLine, formatOfFile } from './entry-line.ts';
import { terminalSafe } from './redact.ts';
import type { ScanReport, ScannedConfig, ServerResult, ToolResult } from './types.ts';

/** The threshold when no `--fail-on` is given: R2, every class that needs a human under the default policy (SPEC 3). */
export const SARIF_DEFAULT_THRESHOLD: ReversibilityClass = 'R2';

/** The SARIF version and schema written. */
const SARIF_VERSION = '2.1.0';
const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** SPEC 3's "Meaning" column, one sentence per class. */
const RULE_TEXT: Readonly<Record<ReversibilityClass, string>> = {
  R0: 'No effect (act): the agent may make the call.',
  R1: 'Restorable (act_then_notify): the agent may make the call; the user is told, so a restore can follow.',
  R2: 'Compensable (approve_or_budget): a human approves, or the call runs within a budget the user set.',
  R3: 'Hard to recover (approve_each_time): a human approves this call; standing approval does not carry over.',
  R4: 'Irreversible (never_autonomous): the agent never makes the call alone; a human approves it explicitly, or it is blocked.',
};

type Level = 'error' | 'warning' | 'note';

/** The SARIF level of a class: error for R4, warning for R2–R3, note below. */
function sarifLevel(cls: ReversibilityClass): Level {
  return cls === 'R4' ? 'error' : classRank(cls) >= classRank('R2') ? 'warning' : 'note';
}

/** What {@link reportSarif} needs beside the report. */
export interface SarifOptions {
  /** Results at or above this class; default {@link SARIF_DEFAULT_THRESHOLD}. */
  failOn?: ReversibilityClass;
  /** The `rclass` version, for `tool.driver.version`. */
  version: string;
  /** Each configuration's text, by its absolute path (`ScannedConfig.file`); a missing text gives line 1. */
  texts: ReadonlyMap<string, string>;
  /** A tool's rationale from its record, when there is one. */
  rationale: (record: string, tool: string) => string | undefined;
}

/** A SARIF log (the fields written here; see the schema for the rest). */
export interface SarifLog {
  $schema: string;
  version: typeof SARIF_VERSION;
  runs: Record<string, unknown>[];
}

function artifactLocation(config: ScannedConfig | undefined, shown: string): Record<string, string> {
  const relative = !/^([/\\~]|[A-Za-z]:)/.test(shown);
  if (relative) return { uri: shown.split(/[\\/]/).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
  return { uri: pathToFileURL(config?.file ?? shown).href };
}

/** A stable, line-free identity for one finding: sha256 of its parts, hex, 32 characters. */
function fingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

/**
 * Outside text (a server's or tool's name, a reason naming a configuration) as
 * a SARIF plain-text message holds it: terminal escapes, controls and every
 * bidirectional or invisible format character removed as the text report
 * removes them ({@link terminalSafe}), and the characters a viewer could read
 * as markup escaped with a backslash: `\`, `[` and `]`, which SARIF 2.1.0
 * section 3.11.6 requires so that `[text](url)` is no embedded link, and `<`
 * and `>`, which a markdown or HTML renderer would read as a tag (CommonMark
 * escapes any ASCII punctuation). A backtick, which would end the code span
 * the message puts a name in, becomes `'`; a newline becomes a space.
 */
function sarifText(text: string): string {
  return terminalSafe(text)
    .replace(/\n/g, ' ')
    .replace(/`/g, "'")
    .replace(/[\\[\]<>]/g, '\\$&');
}

function toolMessage(server: ServerResult, tool: ToolResult, options: SarifOptions): string {
  const who = server.localRecord !== undefined ? `local record ${server.record ?? ''}, ${server.localRecord}` : (server.recordName ?? server.record);
  const why =
    tool.source === 'registry' && server.record !== undefined
      ? (options.rationale(server.record, tool.name) ?? 'no rationale recorded')
      : tool.inRecord === false
        ? 'the record does not list this tool (drift), so it counts as R4'
        : tool.source === 'changed'
          ? 'its definition changed since the record was checked (its fingerprint differs, SPEC 5.2.1), so it counts as R4'
          : `the server is not identified (${server.unrecognised ?? 'no record'}), so every tool counts as R4`;
  const suggested =
    tool.suggested === undefined ? '' : ` Its own definition suggests: ${sarifText(suggestionText(tool.suggested))}; a suggestion, not a class (SPEC 13).`;
  const mark = tool.source === 'registry' && server.recordBasis === 'documentation' ? ` Class ${DOCUMENTATION_MARK} (SPEC 5.1).` : '';
  return `${tool.class} ${CLASS_NAMES[tool.class]}: tool \`${sarifText(tool.name)}\` of server \`${sarifText(server.name)}\`${who !== undefined ? ` (${sarifText(who)})` : ''}. ${sarifText(why)}${mark}${suggested}`;
}

function unknownMessage(server: ServerResult): string {
  const why = server.reason ?? server.unrecognised ?? 'it is not identified';
  return `R4 ${CLASS_NAMES.R4}: server \`${sarifText(server.name)}\` has unknown tools, so every tool counts as R4: ${sarifText(why)}`;
}

/**
 * The report as a SARIF 2.1.0 log with one run.
 * @param report a finished scan (`--list` or full)
 * @returns a JSON-ready SARIF log; nothing here reads a file or throws for report content
 */
export function reportSarif(report: ScanReport, options: SarifOptions): SarifLog {
  const threshold = options.failOn ?? SARIF_DEFAULT_THRESHOLD;
  const configs = new Map(report.configs.map((config) => [config.shown, config]));
  const lines = new Map<string, number>();
  const locationOf = (server: ServerResult) => {
    const config = configs.get(server.config);
    const key = `${server.config}\u0000${server.scope}\u0000${server.name}`;
    let line = lines.get(key);
    if (line === undefined) {
      const text = config === undefined ? undefined : options.texts.get(config.file);
      line = (text === undefined ? undefined : entryLine(text, formatOfFile(server.config, server.client), server.scope, server.name)) ?? 1;
      lines.set(key, line);
    }
    return [{ physicalLocation: { artifactLocation: artifactLocation(config, server.config), region: { startLine: line } } }];
  };
  const results: Record<string, unknown>[] = [];
  const push = (cls: ReversibilityClass, text: string, server: ServerResult, tool?: string, suggested?: ToolResult['suggested']) => {
    results.push({
      ruleId: cls,
      ruleIndex: classRank(cls),
      level: sarifLevel(cls),
      message: { text },
      locations: locationOf(server),
      partialFingerprints: { 'rclassFinding/v1': fingerprint([server.config, server.scope, server.name, tool ?? '']) },
      // Names as the configuration and the server give them, without the terminal escapes, controls and
      // invisible characters a viewer printing the property would act on (third review of issue 23).
      properties: {
        server: terminalSafe(server.name),
        client: CLIENT_NAMES[server.client],
        ...(tool !== undefined ? { tool: terminalSafe(tool) } : {}),
        ...(server.record !== undefined ? { record: server.record } : {}),
        ...(server.recordBasis !== undefined ? { evidenceBasis: server.recordBasis } : {}),
        ...(server.localRecord !== undefined ? { localRecord: server.localRecord } : {}),
        ...(suggested !== undefined ? { suggestedClass: suggested.class, suggestedEffects: suggested.effects.map((entry) => entry.effect) } : {}),
      },
    });
  };
  for (const server of report.servers) {
    if (server.toolCount === null) {
      push('R4', unknownMessage(server), server);
      continue;
    }
    for (const tool of server.tools) {
      if (classRank(tool.class) >= classRank(threshold)) push(tool.class, toolMessage(server, tool, options), server, tool.name, tool.suggested);
    }
  }
  const notifications = report.configs
    .filter((config) => config.problem !== undefined)
    .map((config) => ({ level: 'error', message: { text: `${sarifText(config.shown)}: cannot be read: ${sarifText(config.problem ?? '')}` } }));
  return {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: 'rclass',
            version: options.version,
            rules: CLASSES.map((cls) => ({
              id: cls,
              name: CLASS_NAMES[cls].replace(/(^|\s)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase()),
              shortDescription: { text: `${cls} ${RULE_TEXT[cls]}` },
              defaultConfiguration: { level: sarifLevel(cls) },
            })),
          },
        },
        invocations: [{ executionSuccessful: report.complete, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
        results,
        properties: { mode: report.mode, threshold, complete: report.complete },
      },
    ],
  };
}
