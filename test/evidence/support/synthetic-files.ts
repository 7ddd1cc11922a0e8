/**
 * Synthetic repository files built from the tool-list fixtures: each cited
 * file gets every tool name at the line its fixture gives, and filler lines
 * (`//`) everywhere else, three more after the last cited line. No real
 * source code is involved. A fixture taken from a published npm package
 * (`package` instead of `commit`) gets no synthetic file: the evidence check
 * reads that package from the npm registry, held to the record's integrity,
 * which no synthetic archive could match; its citations are counted apart.
 * A record's code options that cite evidence (`server.code_options`, SPEC
 * 6.2) get their first spelling at their cited line the same way, and count
 * as citations too. Where the record stores an excerpt (SPEC 5.2), its
 * cited lines hold the excerpt instead (a cut line padded with one `x` on
 * each cut side, which the excerpt's window cuts off again), and the name
 * goes on the nearest filler line within three lines when the excerpt does
 * not hold it, so the stored excerpts match the synthetic files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REGISTRY_DIR } from '../../../scripts/lib/paths.ts';
import type { ServerRecord } from '../../../src/core/record.ts';
import { readToolList, toolListIds } from '../../registry/support/tool-list-fixture.ts';
import { type FakeFiles, repoFileKey } from './fake-github.ts';

/** Synthetic files, and what the registry's records cite. */
export interface SyntheticRepository {
  files: FakeFiles;
  /** Tools cited by records pinned to a commit that have a fixture. */
  citations: number;
  /** Distinct files at a commit cited by those records: what the GitHub stand-in serves. */
  citedFiles: number;
  /** Records pinned to a commit that have a fixture. */
  records: number;
  /** The ids of those records: the registry the GitHub stand-in can answer for (records pinned to a package are read from npm). */
  recordIds: string[];
}

/** One cited tool of a synthetic file, with the excerpt its record stores, if any. */
interface SyntheticTool {
  name: string;
  line: number;
  excerpt?: string;
}

/** A stored excerpt's lines as a file could hold them: a cut side (`…`) padded back with one `x`. */
function uncut(excerpt: string): string[] {
  return excerpt.split('\n').map((text) => text.replace(/^…/, 'x').replace(/…$/, 'x'));
}

/**
 * The text of one synthetic file: each stored excerpt at its cited lines,
 * and `name: "<tool>",` at each other cited line (several names share a
 * line when cited together) or beside an excerpt that lacks the name.
 */
function syntheticFile(tools: readonly SyntheticTool[]): string {
  const length = Math.max(...tools.map((tool) => tool.line + (tool.excerpt?.split('\n').length ?? 1) - 1)) + 3;
  const lines = Array.from({ length }, () => '//');
  for (const tool of tools) {
    if (tool.excerpt === undefined) continue;
    uncut(tool.excerpt).forEach((text, i) => {
      lines[tool.line - 1 + i] = text;
    });
  }
  for (const tool of tools) {
    const at = tool.line - 1;
    if (tool.excerpt !== undefined) {
      if (tool.excerpt.includes(tool.name)) continue;
      const free = [1, -1, 2, -2, 3, -3].map((offset) => at + offset).find((index) => lines[index] === '//');
      if (free !== undefined) lines[free] = `  name: "${tool.name}",`;
      continue;
    }
    lines[at] = lines[at] === '//' ? `  name: "${tool.name}",` : `${lines[at]} name: "${tool.name}",`;
  }
  return `${lines.join('\n')}\n`;
}

/** Build the files of every tool-list fixture, and count what the current registry cites. */
export function syntheticRepository(): SyntheticRepository {
  const recordIds = new Set(
    readdirSync(REGISTRY_DIR)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => name.slice(0, -5)),
  );
  const byFile = new Map<string, SyntheticTool[]>();
  const citedKeys = new Set<string>();
  const cited: string[] = [];
  let citations = 0;
  for (const id of toolListIds()) {
    const fixture = readToolList(id)!;
    // A list taken from a published package is checked against npm (test/evidence/npm-cli.test.ts), not GitHub.
    if (fixture.commit === undefined) continue;
    const isCited = recordIds.has(id);
    if (isCited) {
      cited.push(id);
      citations += fixture.tools.length;
    }
    const [owner, repo] = fixture.repository!.split('/') as [string, string];
    const record = isCited ? (parse(readFileSync(path.join(REGISTRY_DIR, `${id}.yaml`), 'utf8')) as ServerRecord) : undefined;
    const add = (name: string, file: string, line: number, excerpt: string | undefined): void => {
      const key = repoFileKey(owner, repo, fixture.commit!, file);
      if (isCited) citedKeys.add(key);
      const list = byFile.get(key) ?? [];
      if (!list.some((entry) => entry.name === name && entry.line === line)) list.push({ name, line, ...(excerpt !== undefined ? { excerpt } : {}) });
      byFile.set(key, list);
    };
    for (const tool of fixture.tools) {
      const evidence = record?.tools.find((entry) => entry.name === tool.name)?.evidence;
      const excerpt = evidence?.path === tool.path && evidence?.line === tool.line ? evidence?.excerpt : undefined;
      add(tool.name, tool.path!, tool.line!, excerpt);
    }
    if (record === undefined) continue;
    for (const option of record.server.code_options ?? []) {
      if (option.evidence === undefined || option.evidence.path === undefined) continue;
      add([...(option.options ?? []), ...(option.env ?? [])][0]!.replace(/\*$/, ''), option.evidence.path, option.evidence.line!, option.evidence.excerpt);
      citations += 1;
    }
  }
  const files = new Map<string, string>();
  for (const [key, tools] of byFile) files.set(key, syntheticFile(tools));
  return { files, citations, citedFiles: citedKeys.size, records: cited.length, recordIds: cited };
}
