/**
 * The hook's registry index (src/node/registry-index.ts, issue 24 item 5):
 * the identities split by kind of entry, each file read only when an entry
 * of its kind is identified, must index exactly what `buildIdentityIndex`
 * indexes from the records, and a missing file must stop loading rather
 * than leave servers silently unrecognised.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseEntry } from '../../src/clients/parse.ts';
import {
  type IdentitySection,
  buildIdentityIndex,
  identifyEntry,
  identityIndexToJson,
  identitySections,
  lazyIdentityIndex,
} from '../../src/clients/identify/index.ts';
import { Registry } from '../../src/core/registry.ts';
import type { ServerRecord } from '../../src/core/record.ts';
import { loadRegistryIndex, prebuiltIdentityIndex } from '../../src/node/registry-index.ts';
import { writeRegistryIndex } from '../../scripts/steps/registry-index.ts';
import { tempDir } from '../cli/harness.ts';
import { loadedRegistry } from '../loaded-registry.ts';

let records: ServerRecord[] = [];
beforeAll(async () => {
  records = (await loadedRegistry()).records;
});

/** The real registry's index, written as the build writes it, in a scratch folder. */
async function writtenIndex(): Promise<string> {
  const document = Registry.fromRecords(records).document;
  const text = JSON.stringify(document);
  return writeRegistryIndex(JSON.parse(text), text, path.join(tempDir(), 'registry-index'));
}

describe('the registry index the hook reads', () => {
  it("its identity files index exactly what buildIdentityIndex builds from the registry's records, and the identities registry knows every id", async () => {
    const dir = await writtenIndex();
    const loaded = await loadRegistryIndex(dir);
    const prebuilt = prebuiltIdentityIndex(loaded!.identities);
    // In the document's order (by id), as the build indexes them.
    expect(identityIndexToJson(prebuilt!)).toEqual(identityIndexToJson(buildIdentityIndex(Registry.fromRecords(records).document.servers)));
    expect([...loaded!.identities.servers()].map((server) => server.record.id)).toEqual(records.map((record) => record.id).sort());
    expect(loaded!.identityRecords().find((record) => record.id === 'memory')?.server).toEqual(records.find((record) => record.id === 'memory')?.server);
  });

  it('identifying an npx entry reads the npm identities and never the URL, image or PyPI ones', () => {
    const sections = identitySections(identityIndexToJson(buildIdentityIndex(records)));
    const read: IdentitySection[] = [];
    const index = lazyIdentityIndex((section) => {
      read.push(section);
      return sections[section];
    });
    const entry = normaliseEntry('claude-desktop', 'memory', 'mcpServers', { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] });
    const found = identifyEntry(entry, index);
    expect(found.status === 'recognised' ? found.recordId : found).toBe('memory');
    expect(read.filter((section) => ['urls', 'images', 'pypi'].includes(section))).toEqual([]);
    expect(read).toContain('npm');
  });

  it('an index missing one of its identity files is refused when loaded, naming npm run build, rather than identifying nothing of that kind', async () => {
    const dir = await writtenIndex();
    rmSync(path.join(dir, 'match-urls.json'));
    await expect(loadRegistryIndex(dir)).rejects.toThrow(/lacks a file; run `npm run build`/);
  });
});
