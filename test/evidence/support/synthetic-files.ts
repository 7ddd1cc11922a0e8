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
 * as citations too.
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

/** The text of one synthetic file: `name: "<tool>",` at each cited line (several names share a line when cited together). */
function syntheticFile(tools: ReadonlyArray<{ name: string; line: number }>): string {
  const length = Math.max(...tools.map((tool) => tool.line)) + 3;
  const lines = Array.from({ length }, () => '//');
  for (const tool of tools) {
    const at = tool.line - 1;
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
  const byFile = new Map<string, Array<{ name: string; line: number }>>();
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
    const add = (name: string, file: string, line: number): void => {
      const key = repoFileKey(owner, repo, fixture.commit!, file);
      if (isCited) citedKeys.add(key);
      const list = byFile.get(key) ?? [];
      if (!list.some((entry) => entry.name === name && entry.line === line)) list.push({ name, line });
      byFile.set(key, list);
    };
    for (const tool of fixture.tools) add(tool.name, tool.path!, tool.line!);
    if (!isCited) continue;
    const record = parse(readFileSync(path.join(REGISTRY_DIR, `${id}.yaml`), 'utf8')) as ServerRecord;
    for (const option of record.server.code_options ?? []) {
      if (option.evidence === undefined || option.evidence.path === undefined) continue;
      add([...(option.options ?? []), ...(option.env ?? [])][0]!.replace(/\*$/, ''), option.evidence.path, option.evidence.line!);
      citations += 1;
    }
  }
  const files = new Map<string, string>();
  for (const [key, tools] of byFile) files.set(key, syntheticFile(tools));
  return { files, citations, citedFiles: citedKeys.size, records: cited.length, recordIds: cited };
}
