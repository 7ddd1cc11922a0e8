/** The build's summary table: servers, tools, tools per class and per effect. */
import { CLASS_NAMES, CLASSES } from '../../src/core/classes.ts';
import { countClasses } from '../../src/core/registry.ts';
import type { RegistryDocument } from '../../src/core/record.ts';

/**
 * Render the summary printed at the end of the build: one line per server
 * with its per-class counts, then the totals per class and per effect.
 */
export function renderSummary(document: RegistryDocument): string {
  const width = Math.max(6, ...document.servers.map((record) => record.id.length));
  const header = `${'server'.padEnd(width)}  tools  ${CLASSES.map((c) => c.padStart(4)).join('')}  status`;
  const lines = [header, '-'.repeat(header.length)];
  for (const record of document.servers) {
    const counts = countClasses(record);
    lines.push(
      `${record.id.padEnd(width)}  ${String(record.tools.length).padStart(5)}  ${CLASSES.map((c) => String(counts[c]).padStart(4)).join('')}  ${record.provenance.status}`,
    );
  }
  const { totals } = document;
  lines.push('-'.repeat(header.length));
  lines.push(`${'total'.padEnd(width)}  ${String(totals.tools).padStart(5)}  ${CLASSES.map((c) => String(totals.classes[c]).padStart(4)).join('')}`);
  lines.push('');
  lines.push(`${totals.servers} servers, ${totals.tools} tools. ${CLASSES.map((c) => `${c} ${CLASS_NAMES[c]}: ${totals.classes[c]}`).join(' · ')}`);
  lines.push(`Tools per effect (SPEC 2.9): ${document.effects.map((e) => `${e.id} ${totals.effects[e.id] ?? 0}`).join(' · ')}`);
  const drafts = document.servers.filter((record) => record.provenance.status === 'draft').length;
  if (drafts > 0) lines.push(`${drafts} of ${totals.servers} records are drafts: checked against source by their author, not yet reviewed by a second person.`);
  return lines.join('\n');
}
