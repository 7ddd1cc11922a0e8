/** What the conformance runner needs from the reference implementation. */
export { Classifier, Registry, Session } from '../../src/core/index.ts';
export type { DeploymentOverride, ServerRecord } from '../../src/core/index.ts';
import { loadAwsOperations } from '../../src/core/aws/index.ts';
import { loadSqlParser } from '../../src/core/sql/index.ts';

/**
 * Load the SQL parser and the list of read-only AWS operations so
 * `sql_read_only` and `aws_cli_read_only` conditions are decided, not failed closed.
 */
export async function loadRuleDataForTests(): Promise<void> {
  await Promise.all([loadSqlParser(), loadAwsOperations()]);
}
