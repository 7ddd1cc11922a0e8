/**
 * How records' package and image names compare (SPEC 5.3, 6.1): PyPI names
 * after PEP 503 normalisation, container images without Docker Hub's
 * default host and `library/` prefix. Shared by server identification
 * (`src/clients/identify/`) and the record check that no two records claim
 * one identity (`src/records/checks/unique-identities.ts`). Browser-safe.
 */

/** PyPI names compare after PEP 503 normalisation: lowercase, runs of `-`, `_`, `.` as one `-`. */
export function normalisePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** Docker Hub names without the `docker.io/` host and `library/` prefix, so `docker.io/library/x` and `x` compare equal. */
export function canonicalImageName(name: string): string {
  let rest = name;
  for (const host of ['docker.io/', 'index.docker.io/', 'registry-1.docker.io/']) {
    if (rest.startsWith(host)) {
      rest = rest.slice(host.length);
      break;
    }
  }
  if (rest.startsWith('library/') && rest.split('/').length === 2) rest = rest.slice('library/'.length);
  return rest;
}
