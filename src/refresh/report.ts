/**
 * The refresh report as JSON (stable field names, for the workflow and
 * other tools) and as Markdown (for the pull request and docs/refresh/).
 * Every text from a server (tool names) passes {@link safeText}; values of
 * launch variables never appear (runs show variable names only).
 */
import { safeText } from '../core/safe-text.ts';
import type { RefreshReport, ServerRefresh } from './types.ts';

const EXIT_MEANING = { 0: 'nothing changed', 1: 'drift found', 3: 'incomplete: a server could not be looked up, installed, started or listed' } as const;

/** The report as a JSON value. */
export function reportJson(report: RefreshReport): unknown {
  return {
    format_version: 1,
    mode: report.mode,
    date: report.date,
    exit_code: report.exitCode,
    totals: totals(report),
    servers: report.servers.map((server) => ({
      id: server.id,
      source: server.source,
      subject: server.subject,
      status: server.status,
      pinned: server.pinned ?? null,
      latest: server.latest ?? null,
      listed_version: server.listedVersion ?? null,
      reason: server.reason ?? null,
      launch: server.launch ?? null,
      runs: server.runs.map((run) => ({
        label: run.label,
        switches: run.shown,
        ok: run.ok,
        tools: run.tools,
        ...(run.failure !== undefined ? { failure: run.failure.message } : {}),
      })),
      gates_not_turned_on: server.gatesNotTurnedOn,
      added: server.added.map((tool) => tool.name),
      removed: server.removed,
      not_seen: server.notSeen,
      changed: server.changed,
      compared_by_fingerprint: server.compared,
      definitions_differ_between_runs: server.unstable,
      draft: server.draft ?? null,
      notes: server.notes,
      seconds: server.seconds,
    })),
  };
}

function totals(report: RefreshReport): Record<string, number> {
  const count: Record<string, number> = { servers: report.servers.length, current: 0, 'newer-same-tools': 0, drift: 0, behind: 0, incomplete: 0, skipped: 0 };
  for (const server of report.servers) count[server.status] = (count[server.status] ?? 0) + 1;
  return count;
}

const code = (text: string): string => `\`${safeText(text).replace(/`/g, "'")}\``;
const cell = (text: string): string => safeText(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function versions(server: ServerRefresh): string {
  const pinned = server.pinned === undefined ? '?' : `${server.pinned.version} (${server.pinned.from})`;
  const latest =
    server.latest === undefined
      ? '?'
      : `${server.latest.version}${server.latest.tag !== undefined && server.latest.tag !== server.latest.version ? ` (${server.latest.tag})` : ''}`;
  return `${pinned} → ${latest}`;
}

function details(server: ServerRefresh): string[] {
  const lines = [
    `### ${server.id}`,
    '',
    `${server.source} ${code(server.subject)}: ${server.status}, ${versions(server)}${server.listedVersion !== undefined ? `; listed ${server.listedVersion}` : ''}.`,
    '',
  ];
  if (server.reason !== undefined) lines.push(`- Why: ${cell(server.reason)}`);
  if (server.launch !== undefined)
    lines.push(
      `- Started from: ${server.launch === 'gates' ? "the record's gates" : code(server.launch)}; ${server.runs.length} run${server.runs.length === 1 ? '' : 's'}: ${server.runs.map((run) => `${cell(run.label)} ${code(run.shown)} ${run.ok ? `${run.tools} tools` : `failed (${cell(run.failure?.message ?? '')})`}`).join('; ')}`,
    );
  if (server.gatesNotTurnedOn.length > 0)
    lines.push(
      `- Gates no run turned on (their description names no --flag or NAME=value, or no launch-hint run sets it): ${server.gatesNotTurnedOn.map(code).join(', ')}`,
    );
  if (server.added.length > 0) lines.push(`- New tools (${server.added.length}): ${server.added.map((tool) => code(tool.name)).join(', ')}`);
  if (server.removed.length > 0) lines.push(`- Removed tools (${server.removed.length}): ${server.removed.map(code).join(', ')}`);
  if (server.changed.length > 0) lines.push(`- Definition changed (${server.changed.length}): ${server.changed.map(code).join(', ')}`);
  if (server.notSeen.length > 0)
    lines.push(`- Not seen, their gate could not be turned on: ${server.notSeen.map((tool) => `${code(tool.name)} (${tool.gates.join(', ')})`).join(', ')}`);
  if (server.listedVersion !== undefined)
    lines.push(
      `- Compared by fingerprint: ${server.compared} tool${server.compared === 1 ? '' : 's'}${server.compared === 0 ? ' (the record has no fingerprints, so only names were compared)' : ''}`,
    );
  if (server.unstable.length > 0) lines.push(`- Listed with different definitions by different runs (no fingerprint): ${server.unstable.map(code).join(', ')}`);
  if (server.draft !== undefined) lines.push(`- Draft: ${code(server.draft)}`);
  for (const note of server.notes) lines.push(`- Note: ${cell(note)}`);
  lines.push('');
  return lines;
}

/** The report as Markdown. */
export function reportMarkdown(report: RefreshReport): string {
  const t = totals(report);
  const lines = [
    `# Registry refresh, ${report.date}`,
    '',
    report.mode === 'latest'
      ? "Each record's pinned release against the newest one (npm `latest`, or GitHub releases and tags for records without an npm package). Where a newer npm release exists, it was installed with `--ignore-scripts`, started once per run of its launch hints or gates with dummy credentials, and its `tools/list` compared with the record."
      : "Each npm record's pinned release, installed with `--ignore-scripts`, started once per run of its launch hints and listed, for the fingerprints of its tools (SPEC 5.2.1).",
    '',
    "A listing sees what the known switches expose: a newer release can add a flag or toolset that neither the launch hints nor the record's gates name, and the tools behind it stay unseen until someone reads that release's source.",
    '',
    `Exit ${report.exitCode}: ${EXIT_MEANING[report.exitCode]}. ${t.servers} records: ${t.current} current, ${t['newer-same-tools']} newer with the same tools, ${t.drift} drift, ${t.behind} behind (not listable here), ${t.incomplete} incomplete, ${t.skipped} skipped.`,
    '',
    '| Record | Source | Pinned → newest | Status | New | Removed | Changed |',
    '|---|---|---|---|---|---|---|',
    ...report.servers.map(
      (server) =>
        `| ${server.id} | ${server.source} ${cell(server.subject)} | ${cell(versions(server))} | ${server.status} | ${server.added.length} | ${server.removed.length} | ${server.changed.length} |`,
    ),
    '',
  ];
  const shown = report.servers.filter((server) => (server.status !== 'current' && server.status !== 'skipped') || server.notes.length > 0);
  if (shown.length > 0) lines.push('## Details', '', ...shown.flatMap(details));
  return `${lines.join('\n').trimEnd()}\n`;
}
