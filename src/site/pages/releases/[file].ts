/**
 * `releases/registry-<release>.json.gz`: the data release as a gzip archive
 * of registry.json (node:zlib, level 9), so a consumer can pin one release.
 * Each build writes the archive of its own release; a host that keeps earlier
 * builds' files keeps earlier releases.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { APIRoute } from 'astro';
import { loadRegistry } from '../../lib/registry.ts';
import { registryJsonPath } from '../../lib/paths.ts';
import { releaseArchiveName } from '../../lib/api.ts';

export function getStaticPaths() {
  return [{ params: { file: releaseArchiveName(loadRegistry().release ?? 'unreleased') } }];
}

export const GET: APIRoute = () => new Response(gzipSync(readFileSync(registryJsonPath()), { level: 9 }), { headers: { 'Content-Type': 'application/gzip' } });
