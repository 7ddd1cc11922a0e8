/**
 * List the tools of an MCP server started over stdio for the live checks,
 * through the code `rclass scan` ships (`src/scan/list-tools.ts` and its
 * process-group transport): a hard deadline, lenient `tools/list` reading,
 * paging through `nextCursor`, and the whole process group killed after.
 */
import { listTools } from '../../../src/scan/list-tools.ts';
import type { LaunchSpec } from '../../../src/scan/transport.ts';

/** What came back from one server. */
export interface ListedTools {
  /** Tool names in the order the server listed them, over all pages. */
  names: string[];
  /** `serverInfo` from the initialize result, when given. */
  serverInfo: { name?: string; version?: string } | undefined;
}

/**
 * Start a server, initialize, list every tool, and kill its process group.
 * @param options how to spawn the server: command, arguments, complete environment and working folder
 * @param timeoutMs hard deadline in milliseconds for start, initialize and every page together
 * @throws an Error with scan's reason (naming the stage that failed or timed out), its detail, and the tail of the server's stderr
 */
export async function listServerTools(options: LaunchSpec, timeoutMs: number): Promise<ListedTools> {
  const outcome = await listTools(options, timeoutMs, '0.0.0');
  if (!outcome.ok) {
    const detail = outcome.failure.detail === undefined ? '' : ` (${outcome.failure.detail})`;
    const tail = outcome.stderr.trim() === '' ? '' : `\n--- server stderr (tail) ---\n${outcome.stderr.trim().slice(-4000)}`;
    throw new Error(`${outcome.failure.message}${detail}${tail}`);
  }
  return { names: outcome.tools.map((tool) => tool.name), serverInfo: outcome.serverInfo };
}
