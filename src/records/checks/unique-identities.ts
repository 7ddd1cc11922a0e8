/**
 * No two records claim one package, image or hosted URL (SPEC 5.3, 6.1).
 * Identification leaves an entry that two records claim unrecognised (R4
 * for every tool), so one record copying another's package would, once
 * built, turn the real server into an unrecognised one for every user.
 * Names compare as identification compares them: npm names exactly, PyPI
 * names after PEP 503 normalisation, images without Docker Hub's default
 * host, URLs by origin and path segments, where a record URL inside
 * another record's URL claims part of it.
 */
import { canonicalImageName, normalisePypiName } from '../../core/server-names.ts';
import type { RecordInput, RegistryCheck } from './check.ts';
import type { DataPath } from '../source.ts';

/** One claimed identity: what it is, how it compares, and where it is written. */
interface Claim {
  input: RecordInput;
  path: DataPath;
  shown: string;
}

/** `FILE:LINE:COL` of a claim. */
function where(claim: Claim): string {
  const at = claim.input.locate(claim.path);
  return `${claim.input.file}:${at.line}:${at.column}`;
}

/** Report every claim of a key that several records claim, at each place, naming the others. */
function reportShared(claims: Map<string, Claim[]>, what: string): void {
  for (const list of claims.values()) {
    if (list.length < 2) continue;
    for (const claim of list) {
      const others = list.filter((other) => other !== claim).map((other) => `record \`${other.input.record.id}\` at ${where(other)}`);
      claim.input.report(
        claim.path,
        `${what} \`${claim.shown}\` is also claimed by ${others.join(', ')}; identification leaves a server two records claim unrecognised`,
      );
    }
  }
}

function push(map: Map<string, Claim[]>, key: string, claim: Claim): void {
  const list = map.get(key) ?? [];
  if (!list.some((other) => other.input === claim.input)) list.push(claim);
  map.set(key, list);
}

/**
 * A record URL as identification compares it (SPEC 6.1, hosted URLs match by origin and path prefix): its origin and
 * its non-empty path segments, or undefined when it cannot be parsed (the schema reports that). Never throws.
 */
export function urlKey(raw: string): { origin: string; segments: string[] } | undefined {
  try {
    const url = new URL(raw);
    return { origin: url.origin, segments: url.pathname.split('/').filter((segment) => segment !== '') };
  } catch {
    return undefined;
  }
}

export const uniqueIdentities: RegistryCheck = {
  id: 'unique-identities',
  description: 'no package, image or hosted URL is claimed by two records',
  scope: 'registry',
  check(inputs) {
    const packages = new Map<string, Claim[]>();
    const images = new Map<string, Claim[]>();
    const urls: Array<Claim & { origin: string; segments: string[] }> = [];
    for (const input of inputs) {
      const server = input.record.server;
      (server.packages ?? []).forEach((pkg, i) => {
        const key = pkg.registry === 'npm' ? `npm ${pkg.name}` : `pypi ${normalisePypiName(pkg.name)}`;
        push(packages, key, { input, path: ['server', 'packages', i, 'name'], shown: `${pkg.registry} ${pkg.name}` });
      });
      (server.images ?? []).forEach((image, i) => {
        push(images, canonicalImageName(image.toLowerCase()), { input, path: ['server', 'images', i], shown: image });
      });
      (server.urls ?? []).forEach((raw, i) => {
        const key = urlKey(raw);
        if (key !== undefined) urls.push({ input, path: ['server', 'urls', i], shown: raw, ...key });
      });
    }
    reportShared(packages, 'the package');
    reportShared(images, 'the image');
    // A URL claims every URL below it (SPEC 6.1 matches by path prefix, longest first).
    const overlaps = (a: (typeof urls)[number], b: (typeof urls)[number]): boolean => {
      if (a.input.record.id === b.input.record.id || a.origin !== b.origin) return false;
      const [short, long] = a.segments.length <= b.segments.length ? [a, b] : [b, a];
      return short.segments.every((segment, j) => long.segments[j] === segment);
    };
    for (const claim of urls) {
      const others = urls
        .filter((other) => overlaps(claim, other))
        .map((other) => `\`${other.shown}\` of record \`${other.input.record.id}\` at ${where(other)}`);
      if (others.length > 0)
        claim.input.report(
          claim.path,
          `the hosted URL \`${claim.shown}\` overlaps ${others.join(', ')}; matching by path prefix would give one record's servers to the other`,
        );
    }
  },
};
