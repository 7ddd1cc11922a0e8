/**
 * A synthetic registry N times the size of the real one (default 10), for
 * measuring how the build scales. Each real record is copied N times with
 * made-up names: the same shape (tool count, classes, rules, gates,
 * annotations, rationale lengths, notes), new ids, repositories, packages,
 * commits and tool names. The copies pass the same validation as real
 * records, so the whole pipeline runs on them.
 *
 * Usage: tsx scripts/synthetic-registry.ts [--factor 10] [--out build/bench/synthetic/registry]
 * Writes one `<id>.yaml` per record into the output folder (emptied first).
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { isDocumentationEvidence, type ServerRecord, type ToolRecord } from '../src/core/record.ts';
import { BUILD_DIR } from './lib/paths.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';

/** Where the synthetic records go unless told otherwise. */
export const SYNTHETIC_DIR = join(BUILD_DIR, 'bench', 'synthetic', 'registry');

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'cr', 'dr', 'gl', 'pl', 'st', 'tr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A pronounceable made-up word of about `length` letters, fixed by `seed`. */
export function madeUpWord(seed: string, length: number): string {
  const bytes = digest(seed);
  let word = '';
  for (let i = 0; word.length < Math.max(3, length); i += 2) {
    word += ONSETS[bytes[i % bytes.length]! % ONSETS.length]! + VOWELS[bytes[(i + 1) % bytes.length]! % VOWELS.length]!;
  }
  return word.slice(0, Math.max(3, length));
}

/** A 40-hex commit fixed by `seed`. */
function fakeCommit(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

/** Rename a tool part by part (`write_file` → `brazo_gleat`), keeping separators and lengths. */
function renameTool(name: string, seed: string): string {
  return name.replace(/[A-Za-z0-9]+/g, (part) => madeUpWord(`${seed}:${part}`, part.length));
}

/**
 * One made-up copy of a record.
 * @param record a valid record
 * @param copy the copy number, 0-based
 */
export function syntheticCopy(record: ServerRecord, copy: number): ServerRecord {
  const seed = `${record.id}#${copy}`;
  const stem = madeUpWord(seed, 7);
  const id = `${stem}-${madeUpWord(`${seed}/kind`, 5)}-${copy}`.slice(0, 48);
  const owner = `${madeUpWord(`${seed}/owner`, 6)}-labs`;
  const repository = `${owner}/${id}`;
  const { server } = record;
  const used = new Set<string>();
  // Every tool's new name first, so an `undo` (which names another tool of the record) follows the renaming.
  const renamed = new Map<string, string>();
  for (const tool of record.tools) {
    let name = renameTool(tool.name, seed);
    for (let n = 2; used.has(name); n += 1) name = `${renameTool(tool.name, seed)}_${n}`;
    used.add(name);
    renamed.set(tool.name, name);
  }
  const tools: ToolRecord[] = record.tools.map((tool) => {
    const name = renamed.get(tool.name)!;
    // Quoted documentation keeps its page and quote; a source citation loses its repository and derived permalink.
    const evidence = isDocumentationEvidence(tool.evidence) ? tool.evidence : (({ repository: _cited, url: _url, ...rest }) => rest)(tool.evidence);
    return {
      ...tool,
      name,
      ...(tool.undo !== undefined ? { undo: renamed.get(tool.undo) ?? tool.undo } : {}),
      evidence,
      annotations: tool.annotations && { ...tool.annotations, ...(tool.annotations.title ? { title: name.replace(/_/g, ' ') } : {}) },
    };
  });
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const title = `${stem[0]!.toUpperCase()}${stem.slice(1)}`;
  const packageName = (p: { registry: string }, i: number) => (p.registry === 'npm' ? `@${owner}/${id}${i ? `-${i}` : ''}` : `${id}${i ? `-${i}` : ''}`);
  // The provenance names packages too (the live listing's, the evidence package's): they follow the renaming.
  const renamedPackages = new Map((server.packages ?? []).map((p, i) => [`${p.registry}:${p.name}`, packageName(p, i)]));
  // Both name npm packages (SPEC 5.1, 5.2.1).
  const renamePackage = (name: string) => renamedPackages.get(`npm:${name}`) ?? name;
  const { provenance } = record;
  const listing = provenance.live_listing;
  const syntheticProvenance = {
    ...provenance,
    ...(provenance.documentation !== undefined
      ? {}
      : provenance.package === undefined
        ? { commit: fakeCommit(seed) }
        : { package: { ...provenance.package, name: renamePackage(provenance.package.name) } }),
    ...(listing !== undefined && 'package' in listing ? { live_listing: { ...listing, package: renamePackage(listing.package) } } : {}),
  };
  return {
    id,
    name: `${title} (synthetic copy ${copy + 1} of ${record.id})`.slice(0, 120),
    description: record.description,
    server: {
      repository,
      ...(server.path ? { path: server.path } : {}),
      ...(server.homepage ? { homepage: `https://${id}.example.com/` } : {}),
      ...(server.packages
        ? {
            packages: server.packages.map((p, i) => ({ registry: p.registry, name: packageName(p, i) })),
          }
        : {}),
      ...(server.images ? { images: server.images.map((_, i) => `ghcr.io/${owner}/${id}${i ? `-${i}` : ''}`) } : {}),
      ...(server.urls ? { urls: server.urls.map((url) => `https://${id}.example.com${new URL(url).pathname}`) } : {}),
      ...(server.min_version ? { min_version: server.min_version } : {}),
    },
    provenance: syntheticProvenance,
    ...(record.gates ? { gates: record.gates } : {}),
    tools,
  };
}

/**
 * Write `factor` made-up copies of every valid record in `registry/`.
 * @returns the folder written and the counts
 * @throws Error when the real registry has problems (fix those first)
 */
export async function writeSyntheticRegistry(options: { factor?: number; out?: string } = {}): Promise<{ dir: string; records: number; tools: number }> {
  const factor = options.factor ?? 10;
  const dir = resolve(options.out ?? SYNTHETIC_DIR);
  const { records, problems } = await loadRegistryDir();
  if (problems.length > 0) throw new Error(`registry/ has ${problems.length} problems; run \`npm run check\``);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let tools = 0;
  let written = 0;
  for (let copy = 0; copy < factor; copy += 1) {
    for (const record of records) {
      const synthetic = syntheticCopy(record, copy);
      await writeFile(
        join(dir, `${synthetic.id}.yaml`),
        `# Synthetic record for benchmarks; made-up names, real shapes.\n${stringify(synthetic, { lineWidth: 0 })}`,
      );
      tools += synthetic.tools.length;
      written += 1;
    }
  }
  return { dir, records: written, tools };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { factor: { type: 'string', default: '10' }, out: { type: 'string' } } });
  const result = await writeSyntheticRegistry({ factor: Number(values.factor), out: values.out });
  console.log(`wrote ${result.records} synthetic records with ${result.tools} tools to ${result.dir}`);
}
