/**
 * Local records (SPEC 5.10): reading a folder, validating each file as the
 * registry's records are validated, refusing what claims a public record's
 * identity, accepting a draft's suggestions, and layering the rest over the
 * real registry.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { Classifier } from '../../src/core/classify.ts';
import { Registry } from '../../src/core/registry.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { layerRegistry } from '../../src/node/layered-registry.ts';
import { loadLocalRecords } from '../../src/node/local-records.ts';
import { acceptSuggestions } from '../../src/records/accept-suggestions.ts';
import { formatProblem } from '../../src/records/problems.ts';
import { catalogueDraft } from '../../src/records/catalogue/draft.ts';
import type { CatalogueListing } from '../../src/records/catalogue/types.ts';
import { ROOT, tempDir } from '../cli/harness.ts';
import { loadedRegistry } from '../loaded-registry.ts';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'local-records');

let publicRecords: ServerRecord[] = [];
beforeAll(async () => {
  publicRecords = (await loadedRegistry()).records;
});

/** A folder holding copies of the named fixtures. */
function folderWith(...names: string[]): string {
  const dir = tempDir();
  for (const name of names) copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
  return dir;
}

/** The real catalogue listing of @angiejones/mcp-selenium, drafted as the site's "classify this server" link serves it. */
function seleniumDraft(): string {
  const listing = JSON.parse(readFileSync(path.join(ROOT, 'catalogue', 'npm', 'angiejones--mcp-selenium.json'), 'utf8')) as CatalogueListing;
  return catalogueDraft(listing);
}

describe('local records (SPEC 5.10)', () => {
  it('a local record of a server no public record claims is used, with its file', async () => {
    const dir = folderWith('acme-notes.yaml');
    const local = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(local.problems.map(formatProblem)).toEqual([]);
    expect(local.records.map((record) => record.id)).toEqual(['acme-notes']);
    expect(local.files.get('acme-notes')).toBe(path.join(dir, 'acme-notes.yaml'));
  });

  it("a local record claiming a public record's package is refused, naming both, and the public record keeps its answer", async () => {
    const dir = folderWith('acme-notes.yaml', 'claims-memory.yaml');
    const local = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(local.records.map((record) => record.id)).toEqual(['acme-notes']);
    expect(local.problems.map(formatProblem)).toEqual([
      `${path.join(dir, 'claims-memory.yaml')}:9:13  error  [local-identity]  local record \`claims-memory\` claims the npm package \`@modelcontextprotocol/server-memory\`, which the public record \`memory\` claims; a local record may only add servers, so it is not used and \`memory\` keeps its answer`,
    ]);
    expect(local.conflicts).toEqual([
      { file: path.join(dir, 'claims-memory.yaml'), local: 'claims-memory', public: 'memory', what: 'the npm package `@modelcontextprotocol/server-memory`' },
    ]);
    const layered = layerRegistry(Registry.fromRecords(publicRecords), local);
    const c = await new Classifier(layered).checkAsync('memory', 'delete_entities', {});
    expect(c.class).toBe('R4');
    expect(c.source).toBe('registry');
  });

  it('a local record whose id is a public record id is refused', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'memory.yaml'), readFileSync(path.join(FIXTURES, 'acme-notes.yaml'), 'utf8').replace('id: acme-notes', 'id: memory'));
    const local = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(local.records).toEqual([]);
    expect(local.problems.map((problem) => `${problem.line}:${problem.column} ${problem.check}`)).toEqual(['2:5 local-identity']);
  });

  it('two local records claiming one package are both refused', async () => {
    const dir = folderWith('acme-notes.yaml');
    writeFileSync(path.join(dir, 'acme-copy.yaml'), readFileSync(path.join(dir, 'acme-notes.yaml'), 'utf8').replace('id: acme-notes', 'id: acme-copy'));
    const local = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(local.records).toEqual([]);
    expect(local.problems.map((problem) => `${path.basename(problem.file)}:${problem.line} ${problem.check}`)).toEqual([
      'acme-copy.yaml:9 unique-identities',
      'acme-notes.yaml:9 unique-identities',
    ]);
  });

  it('a missing default folder is no problem, a named one is, and a file that is not YAML data is reported at its line and column', async () => {
    const missing = path.join(tempDir(), 'nothing-here');
    expect((await loadLocalRecords(missing, publicRecords, { named: false })).problems).toEqual([]);
    expect((await loadLocalRecords(missing, publicRecords, { named: true })).problems.map(formatProblem)).toEqual([
      `${missing}:1:1  error  [local-records]  the local records folder does not exist`,
    ]);
    const dir = folderWith('acme-notes.yaml');
    writeFileSync(path.join(dir, 'broken.yaml'), 'id: broken\nname: [unclosed\n');
    mkdirSync(path.join(dir, 'folder.yaml'));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a record');
    const local = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(local.records.map((record) => record.id)).toEqual(['acme-notes']);
    expect(local.problems.map((problem) => `${path.basename(problem.file)}:${problem.line}:${problem.column} ${problem.check}`)).toEqual([
      'broken.yaml:3:1 yaml-syntax',
    ]);
  });

  it("a catalogue draft's suggested marks keep it out until the user accepts them: effects unmarked and ordered, the class derived, unclassified tools left out", async () => {
    const draft = seleniumDraft();
    const dir = tempDir();
    writeFileSync(path.join(dir, 'angiejones--mcp-selenium.yaml'), draft);
    const refused = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(refused.records).toEqual([]);
    expect(refused.problems.some((problem) => problem.check === 'unknown-effect' && problem.message.includes('`suggested-read`'))).toBe(true);

    const accepted = acceptSuggestions(parse(draft), '2026-12-06');
    expect(accepted.leftOut).toEqual(['alert', 'diagnostics', 'frame', 'window']);
    const tools = (accepted.record as ServerRecord).tools;
    expect(tools.find((tool) => tool.name === 'get_cookies')).toMatchObject({
      class: 'R0',
      effects: ['read'],
      rationale: "Accepted on 2026-12-06 as the user's own judgement: the effects rclass suggested from the tool's own definition, not read from source.",
    });
    expect(tools.find((tool) => tool.name === 'delete_cookie')).toMatchObject({ class: 'R4', effects: ['delete'] });
    writeFileSync(path.join(dir, 'angiejones--mcp-selenium.yaml'), JSON.stringify(accepted.record));
    const used = await loadLocalRecords(dir, publicRecords, { named: true });
    expect(used.problems.map(formatProblem)).toEqual([]);
    const layered = layerRegistry(Registry.fromRecords(publicRecords), used);
    expect((await new Classifier(layered).checkAsync('angiejones--mcp-selenium', 'get_cookies', {})).class).toBe('R0');
    expect((await new Classifier(layered).checkAsync('angiejones--mcp-selenium', 'alert', {})).source).toBe('unknown');
  });
});
