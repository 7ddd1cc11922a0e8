/**
 * The scan report as text for people and as JSON for programs, and the
 * `--fail-on` test. Nothing here prints an argument, an `env` or header
 * value, or what a server wrote (except redacted stderr, when asked for).
 *
 * JSON field names are stable: `mode`, `complete`, `fail_on`,
 * `threshold_met`, `configs[]`, `servers[]`, `skipped[]`, `totals`,
 * `drafts[]`, `notes[]`.
 */
import { type ReversibilityClass, classRank } from '../core/classes.ts';
import { DOCUMENTATION_MARK } from '../core/registry.ts';
import { terminalSafe } from './redact.ts';
import { CLIENT_NAMES } from './scan.ts';
import type { ScanReport, ServerResult, ToolResult } from './types.ts';

const CLASSES = ['R0', 'R1', 'R2', 'R3', 'R4'] as const;

/** The worst class anything reachable reaches: a server whose tools are unknown counts as R4. */
function worstClass(report: ScanReport): ReversibilityClass | undefined {
  let worst: ReversibilityClass | undefined;
  for (const server of report.servers) {
    const cls: ReversibilityClass | undefined = server.toolCount === null ? 'R4' : [...CLASSES].reverse().find((c) => server.classes[c] > 0);
    if (cls !== undefined && (worst === undefined || classRank(cls) > classRank(worst))) worst = cls;
  }
  return worst;
}

/** Whether `--fail-on CLASS` is met: anything reachable at or above it (an unidentified or unlisted server counts as R4). */
export function thresholdMet(report: ScanReport, failOn: ReversibilityClass): boolean {
  const worst = worstClass(report);
  return worst !== undefined && classRank(worst) >= classRank(failOn);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function countsLine(server: ServerResult): string {
  return CLASSES.map((cls) => `${cls} ${server.classes[cls]}`).join('  ');
}

function toolNames(server: ServerResult, cls: ReversibilityClass): string {
  return server.tools
    .filter((tool) => tool.class === cls)
    .map((tool) => (tool.inRecord === false ? `${tool.name} (not in the record)` : tool.source === 'changed' ? `${tool.name} (definition changed)` : tool.name))
    .join(', ');
}

function serverBlock(server: ServerResult): string[] {
  const lines: string[] = [];
  const who =
    server.record !== undefined
      ? `${server.recordName ?? server.record}${server.localRecord !== undefined ? ` (local record ${server.record}, ${server.localRecord})` : ''}${server.identifiedBy === 'assume' ? ` (assumed: --assume ${server.name}=${server.record})` : server.mapping !== undefined ? ` (by the server mapping at ${server.mapping})` : ''}`
      : 'unrecognised';
  const where = `${CLIENT_NAMES[server.client]}, ${server.config}`;
  switch (server.status) {
    case 'invalid':
    case 'failed':
    case 'not-started': {
      const label = server.status === 'invalid' ? 'invalid entry' : server.status === 'failed' ? 'not scanned' : 'not started';
      lines.push(`${server.name}  ${server.status === 'invalid' && server.record === undefined ? '' : `${who} · `}${label} (${where})`);
      lines.push(`  ${server.reason ?? 'unknown reason'}; it counts as R4`);
      if (server.serverErrors !== undefined) {
        lines.push('  server output (redacted, best effort):');
        for (const line of server.serverErrors.split('\n')) lines.push(`    | ${line}`);
      }
      if (server.status === 'failed' && server.serverErrors === undefined) lines.push('  (--show-server-errors shows what it wrote, redacted)');
      return lines;
    }
    case 'unlisted':
      lines.push(`${server.name}  unrecognised · tools unknown (${where})`);
      lines.push(`  every tool counts as R4: ${server.unrecognised ?? 'it is not identified'}`);
      // A Goose built-in or a Zed extension has no transport rclass knows (`unknown`): it is not a remote server.
      if (server.transport === 'http' || server.transport === 'sse' || server.transport === 'ws')
        lines.push('  a remote server: rclass does not connect to it');
      return lines;
    default:
      break;
  }
  const from = server.localRecord !== undefined ? 'from the local record' : 'from the registry';
  const source = server.status === 'registry' ? (server.transport === 'stdio' ? `, ${from}` : `, ${from} (remote, not connected)`) : '';
  lines.push(`${server.name}  ${who} · ${plural(server.toolCount ?? 0, 'tool')}${source} (${where})`);
  lines.push(`  ${countsLine(server)}${server.recordBasis === 'documentation' ? ` · ${DOCUMENTATION_MARK}` : ''}`);
  if (server.gatedBy !== undefined) lines.push(`  started behind \`${server.gatedBy}\`, which gates each call by its class`);
  if (server.record === undefined && server.unrecognised !== undefined) lines.push(`  unrecognised, so every tool counts as R4: ${server.unrecognised}`);
  const r4 = toolNames(server, 'R4');
  if (r4 !== '') lines.push(`  irreversible (R4): ${r4}`);
  const r3 = toolNames(server, 'R3');
  if (r3 !== '') lines.push(`  approval each time (R3): ${r3}`);
  if (server.filteredOut !== undefined && server.filteredOut.tools.length > 0) {
    lines.push(
      `  filtered out by the client's ${server.filteredOut.by.map((key) => `\`${key}\``).join(' and ')}, so not reachable and not counted: ${server.filteredOut.tools.join(', ')}`,
    );
  }
  if (server.drift.length > 0)
    lines.push(`  drift: the record does not list ${server.drift.join(', ')}; counted as R4 (--write-drafts DIR drafts the record update)`);
  if (server.changed !== undefined && server.changed.length > 0)
    lines.push(
      `  definition changed since the record was checked: ${server.changed.join(', ')}; counted as R4 (the record describes a tool of the same name with another description, schema or annotations)`,
    );
  lines.push(...suggestedLines(server));
  for (const suggestion of server.suggestions) {
    lines.push(
      `  its tool names look like record \`${suggestion.record}\` (${suggestion.matched} of ${suggestion.of}); names never identify a server, but if it is that one, rerun with --assume ${server.name}=${suggestion.record}`,
    );
  }
  return lines;
}

/**
 * The effects suggested for the tools no record describes (SPEC 13), one line
 * each, under a heading that says they are suggestions and still count as R4.
 */
function suggestedLines(server: ServerResult): string[] {
  const tools = server.tools.filter((tool) => tool.suggested !== undefined);
  if (tools.length === 0) return [];
  return [
    `  suggested from the tools' own definitions, not classes (each counts as R4 until a record lists it; SPEC 13):`,
    ...tools.map((tool) => `    ${tool.name}: ${suggestionText(tool.suggested)}`),
  ];
}

/** A suggestion in words, e.g. `suggested R4 (shared-write, publish), low confidence`. */
export function suggestionText(suggested: ToolResult['suggested']): string {
  if (suggested === undefined) return 'no suggestion';
  if (suggested.effects.length === 0) return 'suggested R4: no word of its definition points to an effect';
  return `suggested ${suggested.class} (${suggested.effects.map((entry) => entry.effect).join(', ')}), ${suggested.confidence} confidence`;
}

/**
 * The report as text, passed as a whole through {@link terminalSafe}.
 * @param failOn `--fail-on`, to say whether it was met
 */
export function formatReport(report: ScanReport, failOn?: ReversibilityClass): string {
  const out: string[] = [];
  if (report.configs.length === 0) {
    out.push(report.searched.length > 0 ? 'No MCP client configuration found. Looked for:' : 'No MCP client configuration was read.');
    for (const file of report.searched) out.push(`  ${file}`);
  }
  for (const config of report.configs) {
    if (config.problem !== undefined) out.push(`${config.shown}: cannot be read: ${config.problem}`);
    for (const note of config.notes) out.push(`${config.shown}: ${note}`);
  }
  if (out.length > 0) out.push('');
  for (const server of report.servers) out.push(...serverBlock(server), '');
  if (report.skipped.length > 0) {
    out.push('Not scanned, because the client does not run them:');
    for (const skipped of report.skipped) out.push(`  ${skipped.name} (${skipped.config}): ${skipped.why}`);
    out.push('');
  }
  const t = report.totals;
  if (report.servers.length > 0) {
    out.push(`${plural(t.tools, 'tool')} across ${plural(t.servers, 'server')}. ${t.classes.R4} irreversible (R4).`);
    if (t.unknownServers > 0) out.push(`${plural(t.unknownServers, 'more server')} with unknown tools ${t.unknownServers === 1 ? 'counts' : 'count'} as R4.`);
    out.push(`Under the default policy an agent may act alone on ${t.actAlone} (R0–R1); the other ${t.needHuman} need a human.`);
    out.push('Each tool is counted at the worst class its arguments can reach (its base class); unknown tools and servers count as R4.');
    if (report.servers.some((server) => server.recordStatus === 'draft' && server.localRecord === undefined && server.toolCount !== null)) {
      out.push('Draft records were used: their classes were checked against the source by one author and not yet reviewed by a second person.');
    }
    if (report.servers.some((server) => server.localRecord !== undefined && server.toolCount !== null))
      out.push("Local records were used: your own statements (SPEC 5.10), not the public registry's; `rclass records list` shows them.");
    if (report.mode === 'list')
      out.push(
        "--list started nothing: tool counts are the records' full lists, and tools a newer release added (drift) cannot be seen. Run a full scan where you trust the configuration to see them.",
      );
  }
  for (const draft of report.drafts) out.push(`Wrote a draft record: ${draft}`);
  for (const note of report.notes) out.push(`Note: ${note}`);
  if (!report.complete) out.push('The scan is incomplete (exit 3): something above could not be read, identified or listed.');
  if (failOn !== undefined) out.push(`--fail-on ${failOn}: ${thresholdMet(report, failOn) ? 'met' : 'not met'}.`);
  // The output boundary: whatever a field holds (config text, reasons, names), no control or formatting character reaches the terminal.
  return `${terminalSafe(out.join('\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The report as JSON (stable field names, snake_case). */
export function reportJson(report: ScanReport, failOn?: ReversibilityClass): Record<string, unknown> {
  return {
    mode: report.mode,
    complete: report.complete,
    fail_on: failOn ?? null,
    threshold_met: failOn === undefined ? null : thresholdMet(report, failOn),
    configs: report.configs.map((config) => ({
      file: config.shown,
      client: config.client ?? null,
      repository: config.repository,
      notes: config.notes,
      ...(config.problem !== undefined ? { problem: config.problem } : {}),
    })),
    servers: report.servers.map((server) => ({
      name: server.name,
      client: server.client,
      config: server.config,
      scope: server.scope,
      transport: server.transport,
      status: server.status,
      record: server.record ?? null,
      record_name: server.recordName ?? null,
      record_status: server.recordStatus ?? null,
      ...(server.localRecord !== undefined ? { local_record: server.localRecord } : {}),
      ...(server.recordBasis !== undefined ? { record_basis: server.recordBasis, record_mark: DOCUMENTATION_MARK } : {}),
      identified_by: server.identifiedBy ?? null,
      mapping: server.mapping ?? null,
      subject: server.subject ?? null,
      ...(server.gatedBy !== undefined ? { gated_by: server.gatedBy } : {}),
      unrecognised: server.unrecognised ?? null,
      reason: server.reason ?? null,
      tool_count: server.toolCount,
      classes: server.classes,
      tools: server.tools.map((tool) => ({
        name: tool.name,
        class: tool.class,
        source: tool.source,
        ...(tool.inRecord !== undefined ? { in_record: tool.inRecord } : {}),
        ...(tool.hintClass !== undefined ? { hint_class: tool.hintClass } : {}),
        ...(tool.suggested !== undefined
          ? {
              suggested: {
                note: 'a suggestion from the tool definition, not a class: the tool counts at `class` (SPEC 13)',
                class: tool.suggested.class,
                confidence: tool.suggested.confidence,
                disclosure: tool.suggested.disclosure,
                effects: tool.suggested.effects,
              },
            }
          : {}),
      })),
      drift: server.drift,
      changed: server.changed ?? [],
      ...(server.filteredOut !== undefined ? { filtered_out: server.filteredOut } : {}),
      suggestions: server.suggestions,
      incomplete: server.incomplete,
      ...(server.serverInfo !== undefined ? { server_info: server.serverInfo } : {}),
      ...(server.serverErrors !== undefined ? { server_errors: server.serverErrors } : {}),
    })),
    skipped: report.skipped,
    totals: {
      servers: report.totals.servers,
      tools: report.totals.tools,
      classes: report.totals.classes,
      act_alone: report.totals.actAlone,
      need_human: report.totals.needHuman,
      unknown_servers: report.totals.unknownServers,
    },
    drafts: report.drafts,
    notes: report.notes,
  };
}
