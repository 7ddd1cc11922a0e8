/**
 * Helpers for audit tests: a record to append, and a log written through
 * the real appender.
 */
import path from 'node:path';
import { appendAudit, type AuditRecord } from '../../../src/audit/log.ts';
import { tempDir } from '../../cli/harness.ts';

/** A decision or outcome record with every field set. */
export function record(fields: Partial<AuditRecord> = {}): AuditRecord {
  return {
    event: 'decision',
    session: 'S1',
    server: 'pg',
    record: 'postgres',
    tool: 'query',
    tool_use_id: 'toolu_1',
    class: 'R4',
    source: 'registry',
    decision: 'ask',
    effective_class: 'R4',
    args_sha256: 'a'.repeat(64),
    user: 'alex',
    host: 'laptop',
    permission_mode: 'default',
    ...fields,
  };
}

/** A fresh log with the given records appended one by one, with a fixed clock. */
export async function writeLog(records: AuditRecord[], start = Date.UTC(2026, 9, 25, 13, 0, 0)): Promise<string> {
  const file = path.join(tempDir(), 'audit.jsonl');
  let t = start;
  for (const item of records) {
    t += 60_000;
    const at = t;
    await appendAudit(file, [item], { now: () => new Date(at) });
  }
  return file;
}
