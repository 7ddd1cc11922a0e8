import type { RegistryCheck } from './check.ts';

/** No two records share an id (SPEC 5.1). */
export const uniqueIds: RegistryCheck = {
  id: 'unique-ids',
  description: 'record ids are unique across the registry',
  scope: 'registry',
  check(inputs) {
    const seen = new Map<string, string>();
    for (const { record, file, report } of inputs) {
      const first = seen.get(record.id);
      if (first !== undefined) report(['id'], `id \`${record.id}\` is already used by ${first}`);
      else seen.set(record.id, file);
    }
  },
};
