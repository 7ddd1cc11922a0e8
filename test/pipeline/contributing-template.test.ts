/**
 * The annotated record template in CONTRIBUTING.md is a record people copy:
 * it must pass the real validator, so the docs cannot drift from the checks.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/records/problems.ts';
import { loadRegistryDir } from '../../src/records/read-dir.ts';

const contributing = await readFile(new URL('../../CONTRIBUTING.md', import.meta.url), 'utf8');

/** Every ```yaml fenced block of the file, in order. */
function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ya?ml[^\S\n]*\n([\s\S]*?)^```[^\S\n]*$/gm)].map((match) => match[1]!);
}

const templates = yamlBlocks(contributing).filter((block) => /^id: /m.test(block));

describe('CONTRIBUTING.md record template', () => {
  it('has exactly one record template, with the schema modeline of a file in registry/', () => {
    expect(templates).toHaveLength(1);
    expect(templates[0]!.split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/record.schema.json');
  });

  it('passes the validator as registry/<id>.yaml, with every tool accepted', async () => {
    const template = templates[0]!;
    const id = /^id: (\S+)$/m.exec(template)![1]!;
    expect(id).toBe('example-server');
    const dir = await mkdtemp(path.join(tmpdir(), 'rclass-contributing-'));
    await writeFile(path.join(dir, `${id}.yaml`), template);
    const { records, problems } = await loadRegistryDir(dir, 'registry');
    expect(problems.map(formatProblem)).toEqual([]);
    expect(records.map((record) => record.id)).toEqual(['example-server']);
    expect(records[0]!.tools.map((tool) => tool.name)).toEqual(['delete_ticket', 'fetch_attachment', 'post_comment', 'run_query']);
  });
});
