/**
 * Static endpoint that writes every download into the site output with its
 * exact bytes: `registry.json`, `schema/*.schema.json`,
 * `conformance/vectors.json` and `policies/**` (see lib/downloads.ts).
 * The downloads page lists the same files with their size and SHA-256.
 */
import { readFileSync } from 'node:fs';
import type { APIRoute, GetStaticPaths } from 'astro';
import { listDownloads, mediaType } from '../lib/downloads.ts';

export const getStaticPaths = (() =>
  listDownloads().map((download) => ({
    params: { download: download.sitePath },
    props: { source: download.source, type: mediaType(download.sitePath) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(readFileSync(props.source as string), { headers: { 'Content-Type': props.type as string } });
