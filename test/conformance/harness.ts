/** What the conformance runner needs from the reference implementation. */
export { Classifier, Registry, Session } from '../../src/core/index.ts';
export type { DeploymentOverride, ServerRecord } from '../../src/core/index.ts';
import { loadSqlParser } from '../../src/core/sql/index.ts';

/** Load the SQL parser so `sql_read_only` conditions are decided, not failed closed. */
export async function loadSqlParserForTests(): Promise<void> {
  await loadSqlParser();
}
