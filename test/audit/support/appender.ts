/**
 * A child process for the BR-25 test: append COUNT entries to the log FILE
 * as fast as it can, one append (one lock) per entry.
 * Usage: node --import tsx test/audit/support/appender.ts FILE COUNT NAME [ANCHOR_FILE]
 * (the test runs its bundle instead: test/script-bundle.ts)
 */
import { appendAudit } from '../../../src/audit/log.ts';

const [file, countText, name, anchor] = process.argv.slice(2);
const count = Number(countText);
for (let i = 0; i < count; i += 1) {
  await appendAudit(
    file!,
    [
      {
        event: 'decision',
        session: name ?? 'writer',
        server: 'pg',
        tool: 'query',
        tool_use_id: `${name}-${i}`,
        class: 'R0',
        source: 'registry',
        decision: 'none',
        effective_class: 'R0',
        args_sha256: null,
        user: 'tester',
        host: 'test',
        permission_mode: null,
      },
    ],
    { deadline: Date.now() + 30_000, ...(anchor !== undefined ? { anchor: { file: anchor } } : {}) },
  );
}
