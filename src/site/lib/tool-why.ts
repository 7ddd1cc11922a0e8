/**
 * The words of a tool's reason fold in the grids (components/ToolWhy.astro,
 * issue 27 item 2). Browser-safe and pure.
 */
import type { ToolRecord } from './registry.ts';

/**
 * The fold's summary: "Why R4", and for a tool whose effects differ from the
 * same action on other servers (`differs`, SPEC 2.9.4) "Why R4 · differs
 * elsewhere", so a class that would look like an error says so while closed.
 * @param tool a tool of a record (its class and optional `differs`)
 * @returns the summary's text, e.g. "Why R4" or "Why R4 · differs elsewhere"; throws nothing
 */
export function whySummary(tool: Pick<ToolRecord, 'class' | 'differs'>): string {
  return tool.differs ? `Why ${tool.class} · differs elsewhere` : `Why ${tool.class}`;
}
