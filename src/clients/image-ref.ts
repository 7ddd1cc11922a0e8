/**
 * Reading container image references (SPEC 6.1, 6.4): `image[:tag][@digest]`,
 * Docker Hub's canonical names, and whether a name carries a registry host.
 * Shared by server identification and server mapping files. Browser-safe.
 */
import type { ServerVersion } from '../core/version.ts';

/** A version tag read as a pinned version (SPEC 6.4), e.g. `1.2.3`, `v1.2`, `1.0.0-rc.1`. */
export const VERSION_TAG = /^v?[0-9]+(\.[0-9]+){0,3}([-+][0-9A-Za-z.-]+)?$/;

/** Whether an image name starts with a registry host (`host.tld/…`, `host:port/…`, `localhost/…`). */
export function hasRegistryHost(name: string): boolean {
  const first = name.split('/')[0] ?? '';
  return name.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
}

export { canonicalImageName } from '../core/server-names.ts';

const IMAGE_NAME = /^[a-z0-9]+([._-][a-z0-9]+)*(\.[a-z0-9-]+)*(:[0-9]+)?(\/[a-z0-9]+(([._]|__|-+)[a-z0-9]+)*)*$/;

/**
 * Read `image[:tag][@digest]` (SPEC 6.1, 6.4).
 * @returns the name as written, the tag and digest, and the version (undefined for no tag or `latest`, null for a digest or a tag that is not a version)
 */
export function parseImageRef(ref: string): { name: string; tag?: string; digest?: string; version: ServerVersion } | { error: string } {
  let rest = ref;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!/^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-f0-9]{32,}$/.test(digest)) return { error: `the image digest in \`${ref}\` is malformed` };
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(tag)) return { error: `the image tag in \`${ref}\` is malformed` };
  }
  if (!IMAGE_NAME.test(rest)) return { error: `\`${ref}\` is not an image name` };
  const version: ServerVersion = digest !== undefined ? null : tag === undefined || tag === 'latest' ? undefined : VERSION_TAG.test(tag) ? tag : null;
  return { name: rest, ...(tag !== undefined ? { tag } : {}), ...(digest !== undefined ? { digest } : {}), version };
}
