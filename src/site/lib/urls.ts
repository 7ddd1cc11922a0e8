/**
 * Site-internal addresses, all built here so the site works at the root and
 * under a base path (`SITE_BASE=/reversibility-classes/`). Page addresses end
 * with `/`; file addresses do not.
 */
import { sectionId } from './spec-sections.ts';

/** The configured base path, always with a leading and trailing `/`. */
export function basePath(): string {
  const base = import.meta.env.BASE_URL ?? '/';
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * A site-internal address under the base path.
 * @param path relative to the site root, without a leading `/` (`servers/`, `registry.json`)
 */
export function href(path = ''): string {
  return `${basePath()}${path.replace(/^\/+/, '')}`;
}

/**
 * One path segment for a record id or a tool name. Tool names may hold `/`
 * (SPEC 5.2 allows `A-Za-z0-9_.-/`), which becomes `~`, a character names
 * cannot hold, so the mapping stays one-to-one. Anything else outside
 * `A-Za-z0-9._~-` is percent-encoded.
 */
export function segment(value: string): string {
  const safe = value.replaceAll('/', '~');
  if (safe === '.' || safe === '..') return `~${safe}`;
  return /^[A-Za-z0-9._~-]+$/.test(safe) ? safe : encodeURIComponent(safe);
}

/** The page of one server record: `servers/<id>/`. */
export function serverPath(id: string): string {
  return `servers/${segment(id)}/`;
}

/** The page of one tool, its stable address: `servers/<id>/<tool>/`. */
export function toolPath(serverId: string, tool: string): string {
  return `${serverPath(serverId)}${segment(tool)}/`;
}

/** The id of a tool's entry on its server page: `tool-<name>`. */
export function toolAnchor(tool: string): string {
  return `tool-${tool.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
}

/** Address of a SPEC section on the site (`spec/#section-7-2`). */
export function specHref(section: string): string {
  return href(`spec/#${sectionId(section)}`);
}

/** The page of every tool in one class: `classes/<R>/`. */
export function classPath(cls: string): string {
  return `classes/${cls}/`;
}

/** The page of every tool with one effect: `effects/<id>/`. */
export function effectPath(effect: string): string {
  return `effects/${segment(effect)}/`;
}

/**
 * The page comparing one tool name across servers: `compare/<name>/`, for a
 * normalised name (lib/tools.ts normaliseToolName). A name of digits only
 * gets a `tool-` prefix, since `compare/2/` is the second page of the index.
 */
export function comparePath(name: string): string {
  return `compare/${/^[0-9]+$/.test(name) ? `tool-${name}` : segment(name)}/`;
}

/** A server's JSON in the API: `api/v1/servers/<id>.json`. */
export function apiServerPath(id: string): string {
  return `api/v1/servers/${segment(id)}.json`;
}

/** A tool's JSON in the API: `api/v1/servers/<id>/<tool>.json`. */
export function apiToolPath(id: string, tool: string): string {
  return `api/v1/servers/${segment(id)}/${segment(tool)}.json`;
}

/** A server's SVG badge: `badges/<id>.svg`. */
export function badgePath(id: string): string {
  return `badges/${segment(id)}.svg`;
}

/**
 * The site's absolute root address (origin and base path, ending in `/`),
 * for documents that leave the site: API files, badges' Markdown, the feed.
 * @param site Astro's configured `site` (from `SITE_URL`); without one, the bare base path
 */
export function siteRoot(site: URL | undefined): string {
  return site ? new URL(href(), site).href : href();
}
