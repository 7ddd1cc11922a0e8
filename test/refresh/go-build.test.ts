/**
 * Reading the commit a Go binary was built from (src/refresh/go-build.ts):
 * the inline `.go.buildinfo` layout of Go 1.18 and later, built here byte by
 * byte as the Go linker writes it (src/debug/buildinfo/buildinfo.go).
 */
import { describe, expect, it } from 'vitest';
import { readGoBuild } from '../../src/refresh/go-build.ts';

const REVISION = 'fcd9bbe672c98bb81c2ce93da8c0add548023672';
const SENTINEL = Buffer.alloc(16, 0x30);

function varint(n: number): Buffer {
  const bytes: number[] = [];
  let rest = n;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** An ELF-looking file with a build information blob at `offset` (16-aligned unless a test says otherwise). */
function binary(modLines: string[], options: { flags?: number; offset?: number } = {}): Buffer {
  const header = Buffer.alloc(32);
  header.write('\xff Go buildinf:', 0, 'latin1');
  header[14] = 8;
  header[15] = options.flags ?? 2;
  const version = Buffer.from('go1.25.1');
  const mod = Buffer.concat([SENTINEL, Buffer.from(`${modLines.join('\n')}\n`), SENTINEL]);
  const blob = Buffer.concat([header, varint(version.length), version, varint(mod.length), mod]);
  const head = Buffer.alloc(options.offset ?? 4096);
  head.write('\x7fELF', 0, 'latin1');
  return Buffer.concat([head, blob, Buffer.alloc(64)]);
}

const LINES = [
  'path\tgithub.com/containers/kubernetes-mcp-server/cmd/kubernetes-mcp-server',
  'mod\tgithub.com/containers/kubernetes-mcp-server\tv0.0.67\t',
  'build\t-buildmode=exe',
  `build\tvcs.revision=${REVISION}`,
  'build\tvcs.time=2026-09-17T17:56:40Z',
  'build\tvcs.modified=false',
];

describe('readGoBuild', () => {
  it('reads the commit, its time and a clean tree from inline build information', () => {
    expect(readGoBuild(binary(LINES))).toEqual({ revision: REVISION, time: '2026-09-17T17:56:40Z', modified: false });
  });

  it('says when the tree had uncommitted changes (vcs.modified=true, as slack-mcp-server 1.3.0)', () => {
    expect(readGoBuild(binary(LINES.map((line) => line.replace('vcs.modified=false', 'vcs.modified=true'))))?.modified).toBe(true);
  });

  it('finds nothing without inline strings (flag 2 off: the pre-1.18 pointer layout), without a full commit, or off the 16-byte alignment', () => {
    expect(readGoBuild(binary(LINES, { flags: 0 }))).toBeUndefined();
    expect(readGoBuild(binary(LINES.filter((line) => !line.includes('vcs.revision'))))).toBeUndefined();
    expect(readGoBuild(binary(LINES.map((line) => line.replace(REVISION, REVISION.slice(0, 12)))))).toBeUndefined();
    expect(readGoBuild(binary(LINES, { offset: 4097 }))).toBeUndefined();
  });

  it('finds nothing in a file that is not a Go binary, or whose blob is cut short', () => {
    expect(readGoBuild(Buffer.from('#!/usr/bin/env node\nconsole.log(1)\n'))).toBeUndefined();
    const whole = binary(LINES);
    expect(readGoBuild(whole.subarray(0, 4096 + 40))).toBeUndefined();
  });
});
