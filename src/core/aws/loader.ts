/**
 * Lazy loading of the list of read-only AWS CLI operations (SPEC 5.4.5).
 * Browser-safe: the generated list (about 25 kB after gzip) is reached only
 * through a dynamic import, so a page or process that never classifies an
 * AWS CLI command never loads it.
 */
import type { AwsOperationList } from './command.ts';

let pending: Promise<AwsOperationList> | undefined;
let loaded: AwsOperationList | undefined;

/** Turn the generated `service → "op op …"` table into sets. */
function operationListOf(table: Readonly<Record<string, string>>): AwsOperationList {
  const list = new Map<string, ReadonlySet<string>>();
  for (const [service, operations] of Object.entries(table)) list.set(service, new Set(operations.split(' ')));
  return list;
}

/**
 * Load the generated list once and resolve it; later calls resolve the same
 * object. Rejects when the module cannot be loaded (a later call tries again).
 */
export function loadAwsOperations(): Promise<AwsOperationList> {
  if (loaded) return Promise.resolve(loaded);
  if (!pending) {
    pending = (async () => {
      const mod = await import('./operations.generated.ts');
      loaded = operationListOf(mod.AWS_READ_ONLY_OPERATIONS);
      return loaded;
    })();
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** The list if {@link loadAwsOperations} has already resolved, else undefined. Synchronous, never throws. */
export function loadedAwsOperations(): AwsOperationList | undefined {
  return loaded;
}
