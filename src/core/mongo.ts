/**
 * Read-only MongoDB aggregation pipelines (SPEC 5.4.4). Browser-safe.
 *
 * A pipeline is read-only when it is a JSON array of stage objects, each
 * with exactly one key from a reviewed list of stages that only read, and no
 * key anywhere inside it (nested `$lookup`, `$facet`, `$unionWith` or fusion
 * sub-pipelines included) names a stage that writes (`$out`, `$merge`) or an
 * operator that runs JavaScript (`$function`, `$accumulator`, `$where`).
 * The analysis is an allowlist at the top and a deep scan below it, so an
 * unknown stage or shape fails closed.
 */

/** Stages that only read, reviewed against MongoDB's aggregation reference. */
const READ_ONLY_STAGES: ReadonlySet<string> = new Set([
  '$addFields',
  '$bucket',
  '$bucketAuto',
  '$count',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$group',
  '$limit',
  '$lookup',
  '$match',
  '$project',
  '$rankFusion',
  '$redact',
  '$replaceRoot',
  '$replaceWith',
  '$rerank',
  '$sample',
  '$scoreFusion',
  '$search',
  '$searchMeta',
  '$set',
  '$setWindowFields',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unset',
  '$unwind',
  '$vectorSearch',
]);

/** Keys that make a pipeline not read-only wherever they appear. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['$out', '$merge', '$function', '$accumulator', '$where']);

/** How deep and how large a pipeline the analysis walks before giving up (fail closed). */
export const PIPELINE_LIMITS = { depth: 64, nodes: 20_000 } as const;

/** The verdict on one pipeline. */
export interface PipelineVerdict {
  readOnly: boolean;
  /** Why not, in a short lowercase phrase; empty when read-only. */
  reason: string;
}

/**
 * Decide whether an aggregation pipeline only reads (SPEC 5.4.4).
 * @param pipeline the argument's value as the call carries it (any JSON value)
 * @returns `{readOnly, reason}`; never throws
 */
export function analyzePipeline(pipeline: unknown): PipelineVerdict {
  if (!Array.isArray(pipeline)) return { readOnly: false, reason: 'the pipeline is not a list of stages' };
  for (const [index, stage] of pipeline.entries()) {
    if (!isPlainObject(stage)) return { readOnly: false, reason: `stage ${index + 1} is not an object` };
    const keys = Object.keys(stage);
    if (keys.length !== 1) return { readOnly: false, reason: `stage ${index + 1} has ${keys.length} keys, not one` };
    const name = keys[0]!;
    if (!READ_ONLY_STAGES.has(name))
      return { readOnly: false, reason: `stage ${index + 1} is \`${name.slice(0, 40)}\`, which is not on the list of read-only stages` };
  }
  const found = findForbidden(pipeline);
  return found === undefined ? { readOnly: true, reason: '' } : { readOnly: false, reason: found };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Depth-first scan with an explicit stack; returns why the pipeline is not read-only, or undefined. */
function findForbidden(root: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > PIPELINE_LIMITS.nodes) return 'the pipeline is too large to analyse';
    if (depth > PIPELINE_LIMITS.depth) return 'the pipeline nests too deeply to analyse';
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(key))
          return `it uses \`${key}\`, which ${key === '$out' || key === '$merge' ? 'writes to a collection' : 'runs JavaScript on the server'}`;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
