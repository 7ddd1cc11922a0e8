/**
 * The catalogue reads a package's newest release from the registry before
 * installing it (issue 25 item 4), so a package whose manifest names no bin
 * is reported without an install, and the version that failed is known.
 */
import { describe, expect, it } from 'vitest';
import { npmLatestManifest, readLatestManifest } from '../../../src/refresh/catalogue/manifest.ts';

/** A package document as the registry sends it, cut to the fields read (fastify-mcp 3.0.0's manifest names no bin). */
const document = (manifest: Record<string, unknown>) => ({
  name: 'x',
  'dist-tags': { latest: '3.0.0' },
  versions: { '2.0.0': { bin: { x: 'old.js' } }, '3.0.0': manifest },
});

describe('readLatestManifest', () => {
  it('reads the latest release and whether its manifest names a bin, as a string or a map', () => {
    expect(readLatestManifest('x', document({ bin: 'dist/index.js' }))).toEqual({ ok: true, version: '3.0.0', bin: 'yes' });
    expect(readLatestManifest('x', document({ bin: { 'sf-mcp-server': 'bin/run.js' } }))).toEqual({ ok: true, version: '3.0.0', bin: 'yes' });
  });

  it('a latest manifest with no bin is "no" even when an older release had one', () => {
    expect(readLatestManifest('fastify-mcp', document({ name: 'fastify-mcp', version: '3.0.0' }))).toEqual({ ok: true, version: '3.0.0', bin: 'no' });
    expect(readLatestManifest('x', document({ bin: {} }))).toEqual({ ok: true, version: '3.0.0', bin: 'no' });
  });

  it('directories.bin, a missing manifest or a bin of another shape is "unknown", so the package is installed and looked at', () => {
    expect(readLatestManifest('x', document({ directories: { bin: './bin' } }))).toEqual({ ok: true, version: '3.0.0', bin: 'unknown' });
    expect(readLatestManifest('x', { 'dist-tags': { latest: '3.0.0' }, versions: {} })).toEqual({ ok: true, version: '3.0.0', bin: 'unknown' });
    expect(readLatestManifest('x', document({ bin: 7 }))).toEqual({ ok: true, version: '3.0.0', bin: 'unknown' });
  });

  it('a document without a valid latest dist-tag is not read', () => {
    expect(readLatestManifest('x', { 'dist-tags': { latest: 'soon' } })).toEqual({ ok: false, message: '`x` has no valid `latest` dist-tag' });
    expect(readLatestManifest('x', null)).toEqual({ ok: false, message: '`x` has no valid `latest` dist-tag' });
  });
});

describe('npmLatestManifest', () => {
  it('asks for the scoped name with its slash escaped and says when the registry has no such package', async () => {
    const asked: string[] = [];
    const fetch = (async (url: string) => {
      asked.push(url);
      return new Response('{"error":"Not found"}', { status: 404 });
    }) as unknown as typeof globalThis.fetch;
    expect(await npmLatestManifest('@scope/x-mcp', { registry: 'https://registry.example', fetch, timeoutMs: 1000 })).toEqual({
      ok: false,
      message: 'npm has no package `@scope/x-mcp`',
    });
    expect(asked).toEqual(['https://registry.example/@scope%2Fx-mcp']);
  });
});
