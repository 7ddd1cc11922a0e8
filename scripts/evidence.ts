/**
 * `npm run evidence`: confirm online that every tool's evidence citation
 * points at its name, at the cited commit or in the pinned npm package
 * version (SPEC 5.1, 5.2). See
 * `scripts/evidence/run.ts` for settings. Exit 0 when every citation is
 * good, 1 when any is broken, 3 when the check could not finish.
 */
import { runEvidence } from './evidence/run.ts';

const report = await runEvidence(process.env);
for (const line of report.stdout) console.log(line);
for (const line of report.stderr) console.error(line);
process.exitCode = report.exitCode;
