/**
 * Which commit a Go server binary was built from, read from the build
 * information the Go toolchain (1.18 and later) embeds in every binary it
 * builds from a version-controlled module: the `.go.buildinfo` blob starts
 * with the 14 bytes `\xff Go buildinf:`, aligned to 16 bytes, then the
 * pointer size and a flags byte; with flag 2 the Go version and the module
 * information follow the 32-byte header inline, each as an unsigned varint
 * length and its bytes, and the module information, between two 16-byte
 * sentinels, holds the lines `build\tvcs.revision=…`, `build\tvcs.time=…`
 * and `build\tvcs.modified=…` (Go's `src/debug/buildinfo/buildinfo.go` and
 * `src/runtime/debug/mod.go`). Servers published on npm as Go binaries
 * (kubernetes-mcp-server, slack-mcp-server) name no `gitHead`, so this is
 * how a refresh tells a maintainer which commit a new release is. Node-only.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where a binary says it was built from. */
export interface GoBuild {
  /** The file, relative to the install folder, with `/`. */
  file: string;
  /** `vcs.revision`: the full commit (40 hex characters, 64 in a SHA-256 repository). */
  revision: string;
  /** `vcs.time`, RFC 3339, when given. */
  time?: string;
  /** `vcs.modified`: the working tree had uncommitted changes. */
  modified: boolean;
}

const MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
const HEADER = 32;
const SENTINEL = 16;
/** Executable formats Go writes: ELF, Mach-O (both byte orders, 32 and 64 bit) and PE. */
const EXECUTABLE = [Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.from([0xce, 0xfa, 0xed, 0xfe]), Buffer.from('MZ')];
/** Larger files are not read. */
const MAX_BYTES = 512 * 1024 * 1024;

function uvarint(data: Buffer, at: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let i = at; i < data.length && shift <= 28; i += 1) {
    const byte = data[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return { value, next: i + 1 };
    shift += 7;
  }
  return undefined;
}

function inlineString(data: Buffer, at: number): { text: string; next: number } | undefined {
  const length = uvarint(data, at);
  if (length === undefined || length.next + length.value > data.length) return undefined;
  return { text: data.toString('utf8', length.next, length.next + length.value), next: length.next + length.value };
}

/**
 * The build information of one binary's bytes.
 * @param data the whole file
 * @returns the commit, time and modified flag, or undefined when the file has no inline Go build information naming a commit
 */
export function readGoBuild(data: Buffer): Omit<GoBuild, 'file'> | undefined {
  for (let at = data.indexOf(MAGIC); at !== -1; at = data.indexOf(MAGIC, at + 1)) {
    if (at % 16 !== 0 || at + HEADER > data.length) continue;
    if ((data[at + 15]! & 2) === 0) continue;
    const version = inlineString(data, at + HEADER);
    if (version === undefined) continue;
    const mod = inlineString(data, version.next);
    if (mod === undefined) continue;
    const text = mod.text.length >= 2 * SENTINEL + 1 ? mod.text.slice(SENTINEL, -SENTINEL) : mod.text;
    const settings = new Map<string, string>();
    for (const line of text.split('\n')) {
      const match = /^build\t([^=]+)=(.*)$/.exec(line);
      if (match !== null) settings.set(match[1]!, match[2]!);
    }
    const revision = settings.get('vcs.revision');
    if (revision === undefined || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(revision)) continue;
    const time = settings.get('vcs.time');
    return { revision, ...(time !== undefined ? { time } : {}), modified: settings.get('vcs.modified') === 'true' };
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return EXECUTABLE.some((magic) => head.subarray(0, magic.length).equals(magic));
}

/**
 * The Go build information of an installed npm package: the executables in
 * the `bin/` folders of the package and of its installed optional and
 * regular dependencies (where such packages put their per-platform binary).
 * @param dir the `--prefix` folder the package was installed into
 * @param name the package
 * @returns the first binary that names a commit, or undefined; never throws
 */
export function goBuildOf(dir: string, name: string): GoBuild | undefined {
  try {
    const modules = path.join(dir, 'node_modules');
    const manifest = JSON.parse(readFileSync(path.join(modules, ...name.split('/'), 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const names = [name, ...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.dependencies ?? {})];
    for (const each of names) {
      const bin = path.join(modules, ...each.split('/'), 'bin');
      if (!existsSync(bin)) continue;
      for (const entry of readdirSync(bin).sort()) {
        const file = path.join(bin, entry);
        const stat = statSync(file);
        if (!stat.isFile() || stat.size > MAX_BYTES || !isExecutable(file)) continue;
        const found = readGoBuild(readFileSync(file));
        if (found !== undefined) return { file: path.relative(dir, file).split(path.sep).join('/'), ...found };
      }
    }
  } catch {
    // Unreadable: the refresh goes on without it.
  }
  return undefined;
}
