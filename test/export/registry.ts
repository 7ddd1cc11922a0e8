/**
 * The whole registry for export tests: every valid record under `registry/`,
 * assembled as the build does, so "every registry tool" means every tool
 * the build would publish. Loaded once per test file.
 */
import { buildDocument } from '../../src/core/registry.ts';
import type { RegistryDocument, ServerRecord } from '../../src/core/record.ts';
import { loadedRegistry } from '../loaded-registry.ts';

let cached: Promise<RegistryDocument> | undefined;

/** The registry document built from `registry/*.yaml` (records with problems are left out, as the validator reports them elsewhere). */
export function registryDocument(): Promise<RegistryDocument> {
  cached ??= loadedRegistry().then(({ records }) => buildDocument(records));
  return cached;
}

/**
 * A registry document of only the named records, as {@link registryDocument} builds them, for the child-process tests
 * that hand a `--registry FILE` to `rclass proxy` or `rclass scan`: the CLI validates such a file against
 * schema/registry.schema.json on every start (SPEC 5.8), about 0.9 processor-seconds for the whole registry in a
 * fresh process and 0.4 in a warm one (issue 30), for a property (how the command treats the records a test is
 * about) that one record shows as well. The whole registry's validity is `npm run check`'s and the build's.
 * @param ids record ids, each of which must be in `registry/`
 * @throws Error naming an id with no valid record
 */
export async function registryOf(ids: readonly string[]): Promise<RegistryDocument> {
  const { records } = await loadedRegistry();
  const missing = ids.filter((id) => !records.some((record) => record.id === id));
  if (missing.length > 0) throw new Error(`no valid record in registry/ for ${missing.join(', ')}`);
  return buildDocument(records.filter((record) => ids.includes(record.id)));
}

type ToolClass = ServerRecord['tools'][number]['class'];

/** One effect of each class (SPEC 2.9.1), so a synthetic tool's effects derive exactly its class. */
const EFFECT_OF: Record<ToolClass, string> = { R0: 'read', R1: 'edit-restorable', R2: 'shared-write', R3: 'access', R4: 'delete' };

/**
 * A record with the given tools and classes, for tests that need odd names or exact classes.
 * Each tool (and its lowering rule) lists one effect of its class, so the class is the derived one.
 */
export function syntheticRecord(
  id: string,
  tools: Array<{ name: string; class: ServerRecord['tools'][number]['class']; lowest?: ServerRecord['tools'][number]['class'] }>,
): ServerRecord {
  return {
    id,
    name: `Synthetic ${id}`,
    description: 'A record made up for a test.',
    server: { repository: 'example/synthetic' },
    provenance: { status: 'draft', author: 'tests', reviewers: [], last_verified: '2026-11-30', commit: '0'.repeat(40) },
    tools: tools.map((tool) => ({
      name: tool.name,
      class: tool.class,
      rationale: `Tool ${tool.name} is ${tool.class} "for a test".`,
      evidence: { path: 'x.ts', line: 1 },
      effects: tool.lowest !== undefined && tool.lowest !== tool.class ? [EFFECT_OF[tool.lowest], EFFECT_OF[tool.class]] : [EFFECT_OF[tool.class]],
      ...(tool.lowest !== undefined
        ? {
            rules: [
              {
                id: 'lower',
                class: tool.lowest,
                effects: [EFFECT_OF[tool.lowest]],
                when: [{ equals: { arg: 'dry', value: true } }],
                reason: 'A dry run changes nothing.',
              },
            ],
          }
        : {}),
    })),
  };
}

/** A tool's worst case as static exports use it (SPEC 8.1): R4 for a tool marked `egress` (the session guard, SPEC 9), else its class. */
export function worstCase(tool: ServerRecord['tools'][number]): ServerRecord['tools'][number]['class'] {
  return tool.egress !== undefined ? 'R4' : tool.class;
}
