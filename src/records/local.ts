/**
 * Local records (SPEC 5.10): record files a user keeps in a folder of their
 * own, layered over the public registry. They are validated exactly as the
 * registry's records are (the schema and every offline check of SPEC 5.9),
 * except the checks that ask for what only a contributor with the pinned
 * source gives (`evidence-excerpt`, and the evidence and rationale
 * placeholders of `draft-placeholder`): a local record is the user's own
 * statement, not evidence read from source. Every effect must still be one
 * of the vocabulary, so a `suggested-` mark or the `unclassified`
 * placeholder keeps a file out until the user has decided its effects.
 *
 * A local record may only add servers: an id, package, image or hosted URL
 * that a public record claims is refused, naming both, and the public
 * record keeps its answer. Two local records claiming one identity are both
 * refused (`unique-ids`, `unique-identities`).
 */
import { canonicalImageName, normalisePypiName } from '../core/server-names.ts';
import type { ServerRecord } from '../core/record.ts';
import type { Problem } from './problems.ts';
import { sortProblems } from './problems.ts';
import type { RecordSource } from './source.ts';
import { validateSources } from './validate.ts';
import { LOCAL_IDENTITY_CHECK } from './local-identity.ts';
import { urlKey } from './checks/unique-identities.ts';

/** Checks whose problems do not keep a local record out (they are still reported by `npm run check` for public records). */
const LOCAL_TOLERATED: ReadonlySet<string> = new Set(['evidence-excerpt', 'draft-placeholder']);

/** A local record's claim on a public record's identity: the local record is refused, the public one keeps its answer. */
export interface LocalConflict {
  /** The local record's file as shown, e.g. `~/.local/state/rclass/records/acme.yaml`. */
  file: string;
  /** The local record's id. */
  local: string;
  /** The public record whose identity it claims. */
  public: string;
  /** What both claim, e.g. `the npm package \`@acme/mcp\``. */
  what: string;
}

/** Local records that may be layered over the public registry, and every problem of the folder. */
export interface LocalValidation {
  /** Records that passed every check and claim nothing a public record claims, in file order. */
  records: ServerRecord[];
  /** Each accepted record's file as shown, by id. */
  files: Map<string, string>;
  /** Every problem: YAML, schema, checks, public conflicts (sorted; tolerated checks left out). */
  problems: Problem[];
  /** The public conflicts among {@link problems}. */
  conflicts: LocalConflict[];
}

/** One URL's path lies inside the other's (SPEC 6.1 matches hosted URLs by path prefix). */
function urlsOverlap(a: { origin: string; segments: string[] }, b: { origin: string; segments: string[] }): boolean {
  if (a.origin !== b.origin) return false;
  const [short, long] = a.segments.length <= b.segments.length ? [a, b] : [b, a];
  return short.segments.every((segment, j) => long.segments[j] === segment);
}

/** The public identities, keyed as identification compares them. */
interface PublicClaims {
  ids: Set<string>;
  packages: Map<string, string>;
  images: Map<string, string>;
  urls: Array<{ origin: string; segments: string[]; record: string }>;
}

function packageKey(registry: string, name: string): string {
  return registry === 'npm' ? `npm ${name}` : `pypi ${normalisePypiName(name)}`;
}

function publicClaims(publicRecords: ReadonlyArray<Pick<ServerRecord, 'id' | 'server'>>): PublicClaims {
  const claims: PublicClaims = { ids: new Set(), packages: new Map(), images: new Map(), urls: [] };
  for (const record of publicRecords) {
    claims.ids.add(record.id);
    for (const pkg of record.server.packages ?? []) claims.packages.set(packageKey(pkg.registry, pkg.name), record.id);
    for (const image of record.server.images ?? []) claims.images.set(canonicalImageName(image.toLowerCase()), record.id);
    for (const raw of record.server.urls ?? []) {
      const key = urlKey(raw);
      if (key !== undefined) claims.urls.push({ ...key, record: record.id });
    }
  }
  return claims;
}

/**
 * Validate local record sources and refuse those that claim a public record's identity.
 * @param sources the folder's record files, parsed ({@link RecordSource}; those whose YAML failed carry `data: undefined`)
 * @param syntax the problems found while reading and parsing them (kept in the result)
 * @param publicRecords every public record's id and `server` (the registry's identities)
 * @returns the records to layer, their files, and every problem with its `FILE:LINE:COL`
 */
export function validateLocalSources(
  sources: readonly RecordSource[],
  syntax: readonly Problem[],
  publicRecords: ReadonlyArray<Pick<ServerRecord, 'id' | 'server'>>,
): LocalValidation {
  const result = validateSources(sources, LOCAL_TOLERATED);
  const problems: Problem[] = [...syntax, ...result.problems.filter((problem) => !LOCAL_TOLERATED.has(problem.check))];
  const claims = publicClaims(publicRecords);
  const conflicts: LocalConflict[] = [];
  const refused = new Set<ServerRecord>();
  const failedFiles = new Set(problems.map((problem) => problem.file));
  for (const record of result.records) {
    const source = sources.find((candidate) => candidate.data === record);
    if (source === undefined) continue;
    const conflict = (path: ReadonlyArray<string | number>, owner: string, what: string): void => {
      const at = source.locate(path);
      problems.push({
        file: source.file,
        line: at.line,
        column: at.column,
        severity: 'error',
        check: LOCAL_IDENTITY_CHECK,
        message: `local record \`${record.id}\` claims ${what}, which the public record \`${owner}\` claims; a local record may only add servers, so it is not used and \`${owner}\` keeps its answer`,
      });
      conflicts.push({ file: source.file, local: record.id, public: owner, what });
      refused.add(record);
    };
    if (claims.ids.has(record.id)) conflict(['id'], record.id, `the id \`${record.id}\``);
    (record.server.packages ?? []).forEach((pkg, i) => {
      const owner = claims.packages.get(packageKey(pkg.registry, pkg.name));
      if (owner !== undefined) conflict(['server', 'packages', i, 'name'], owner, `the ${pkg.registry} package \`${pkg.name}\``);
    });
    (record.server.images ?? []).forEach((image, i) => {
      const owner = claims.images.get(canonicalImageName(image.toLowerCase()));
      if (owner !== undefined) conflict(['server', 'images', i], owner, `the image \`${image}\``);
    });
    (record.server.urls ?? []).forEach((raw, i) => {
      const key = urlKey(raw);
      const owner = key === undefined ? undefined : claims.urls.find((claim) => urlsOverlap(claim, key));
      if (owner !== undefined) conflict(['server', 'urls', i], owner.record, `the hosted URL \`${raw}\` (or a URL overlapping it)`);
    });
  }
  const records = result.records.filter((record) => {
    const source = sources.find((candidate) => candidate.data === record);
    return source !== undefined && !refused.has(record) && !failedFiles.has(source.file);
  });
  const files = new Map<string, string>();
  for (const record of records) files.set(record.id, sources.find((candidate) => candidate.data === record)!.file);
  return { records, files, problems: sortProblems(problems), conflicts };
}
