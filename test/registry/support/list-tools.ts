/**
 * List the tools of an MCP server started over stdio, with a hard deadline,
 * reading `tools/list` leniently and paging through `nextCursor`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { GroupStdioTransport, type GroupStdioOptions } from './group-stdio-transport.ts';

/** What came back from one server. */
export interface ListedTools {
  /** Tool names in the order the server listed them, over all pages. */
  names: string[];
  /** `serverInfo` from the initialize result, when given. */
  serverInfo: { name?: string; version?: string } | undefined;
}

/** At most this many pages are read, so a server that always returns a cursor cannot loop forever. */
export const MAX_PAGES = 50;

/**
 * Start a server, initialize, list every tool, and kill its process group.
 *
 * `tools/list` is sent as a raw request checked only against the generic
 * result schema, then each tool is checked to have a string `name`. The SDK's
 * `listTools()` would also parse every `inputSchema` strictly and reject
 * servers whose schemas lack `type: "object"` (the archived gitlab server),
 * which says nothing about which tools they expose.
 *
 * @param options how to spawn the server (see {@link GroupStdioOptions})
 * @param timeoutMs hard deadline in milliseconds for start, initialize and every page together
 * @throws an Error naming the stage that failed or timed out, with the tail of the server's stderr
 */
export async function listServerTools(options: Omit<GroupStdioOptions, 'onStderr'>, timeoutMs: number): Promise<ListedTools> {
  let stderr = '';
  const transport = new GroupStdioTransport({ ...options, onStderr: (chunk) => { stderr = (stderr + chunk).slice(-4000); } });
  const client = new Client({ name: 'reversibility-classes-live-test', version: '0.0.0' }, { capabilities: {} });
  let stage = 'start';
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  const work = async (): Promise<ListedTools> => {
    stage = 'initialize';
    await client.connect(transport, { timeout: timeoutMs });
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      stage = `tools/list page ${page}`;
      const result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
        { timeout: timeoutMs },
      );
      names.push(...toolNames(result));
      const next = (result as { nextCursor?: unknown }).nextCursor;
      if (next === undefined || next === null || next === '') return { names, serverInfo: client.getServerVersion() };
      if (typeof next !== 'string') throw new Error(`nextCursor is not a string: ${JSON.stringify(next)}`);
      cursor = next;
    }
    throw new Error(`still a nextCursor after ${MAX_PAGES} pages`);
  };
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    const tail = stderr.trim() === '' ? '' : `\n--- server stderr (tail) ---\n${stderr.trim()}`;
    throw new Error(`${stage} failed: ${(error as Error).message}${tail}`);
  } finally {
    clearTimeout(timer);
    await transport.killGroup();
  }
}

/**
 * The tool names of one `tools/list` result.
 * @throws when `tools` is not an array or a tool has no string `name`
 */
export function toolNames(result: unknown): string[] {
  const tools = (result as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) throw new Error('the tools/list result has no `tools` array');
  return tools.map((tool, index) => {
    const name = (tool as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new Error(`tools[${index}] has no string name`);
    return name;
  });
}
