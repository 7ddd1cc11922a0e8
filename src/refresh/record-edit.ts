/**
 * Writing fingerprints and `provenance.live_listing` into a record's YAML
 * text without reformatting it: a `fingerprint:` line is added at the end of
 * each tool's block (or replaces the one there), and a one-line
 * `live_listing:` at the end of the `provenance:` block. Records are written
 * by hand in one layout (`tools:` last, each tool starting `  - name: `);
 * the result is parsed back and must equal the old data plus exactly these
 * fields, or nothing is written.
 */
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';
import type { LiveListing } from '../core/record.ts';

/**
 * Set the fingerprints and the live listing of a record.
 * @param text the record's YAML text
 * @param fingerprints by tool name; tools not named lose any fingerprint they had
 * @returns the new text
 * @throws Error when the layout is not the expected one, or the result does not parse back to exactly the intended data
 */
export function writeFingerprints(text: string, fingerprints: Readonly<Record<string, string>>, listing: LiveListing): string {
  const lines = text.split('\n');
  const out: string[] = [];
  const toolsAt = lines.indexOf('tools:');
  const provenanceAt = lines.indexOf('provenance:');
  if (toolsAt < 0 || provenanceAt < 0 || provenanceAt > toolsAt)
    throw new Error('the record does not have the expected layout (`provenance:` before `tools:` at the top level)');
  // Provenance block: from the line after `provenance:` to the next top-level line.
  let provenanceEnd = provenanceAt + 1;
  while (provenanceEnd < lines.length && (lines[provenanceEnd]!.startsWith(' ') || lines[provenanceEnd] === '')) provenanceEnd += 1;
  while (provenanceEnd > provenanceAt + 1 && lines[provenanceEnd - 1] === '') provenanceEnd -= 1;
  const listingLine = `  live_listing: ${stringify(listing, { flow: true, lineWidth: 0 }).trim()}`;
  for (let i = 0; i < toolsAt; i += 1) {
    if (i > provenanceAt && i < provenanceEnd && lines[i]!.startsWith('  live_listing:')) continue;
    if (i === provenanceEnd) out.push(listingLine);
    out.push(lines[i]!);
  }
  // Provenance directly before `tools:` (a record without gates).
  if (provenanceEnd === toolsAt) out.push(listingLine);
  out.push('tools:');
  // Tool blocks: each from `  - name: X` to the line before the next one.
  let name: string | undefined;
  const block: string[] = [];
  const flush = (): void => {
    if (name === undefined) {
      out.push(...block);
    } else {
      const body = block.filter((line) => !line.startsWith('    fingerprint:'));
      let end = body.length;
      while (end > 1 && (body[end - 1] === '' || body[end - 1]!.startsWith('#'))) end -= 1;
      const fingerprint = fingerprints[name];
      out.push(...body.slice(0, end), ...(fingerprint !== undefined ? [`    fingerprint: ${stringify(fingerprint).trim()}`] : []), ...body.slice(end));
    }
    block.length = 0;
  };
  for (let i = toolsAt + 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const start = /^ {2}- name: (.+)$/.exec(line);
    if (start !== null) {
      flush();
      name = String(parse(start[1]!));
    } else if (line !== '' && !line.startsWith(' ') && !line.startsWith('#')) {
      throw new Error(`a top-level key follows \`tools:\` (line ${i + 1})`);
    }
    block.push(line);
  }
  flush();
  const result = out.join('\n');
  const before = parse(text) as { provenance: Record<string, unknown>; tools: Array<Record<string, unknown>> };
  before.provenance.live_listing = listing;
  for (const tool of before.tools) {
    delete tool.fingerprint;
    const fingerprint = fingerprints[String(tool.name)];
    if (fingerprint !== undefined) tool.fingerprint = fingerprint;
  }
  if (!isDeepStrictEqual(parse(result), before)) throw new Error('the edited record does not read back as the old one plus the fingerprints');
  return result;
}
