/**
 * A stdio MCP proxy that gates every `tools/call` by its Reversibility
 * Class, in about forty lines: the pattern a gateway follows.
 *
 *   npx tsx examples/gateway-hook.ts RECORD COMMAND [ARGS...]
 *   npx tsx examples/gateway-hook.ts memory npx -y @modelcontextprotocol/server-memory
 *
 * Point an MCP client at this command instead of the server. Calls whose
 * default policy is `act` or `act_then_notify` (R0, R1) go through, R1 with
 * a note on stderr; every other call is answered with a tool error naming
 * its class and rationale, and never reaches the server (SPEC 3, 8). The
 * session guard (SPEC 9) sees every call, so after a read an egress call
 * to a host not in RCLASS_EGRESS_ALLOW (comma-separated) is R4.
 * The registry is build/registry.json, or the file RCLASS_REGISTRY names.
 */
import { readFileSync } from 'node:fs';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Classifier, Registry, Session } from '../src/core/index.ts';

const [record, command, ...args] = process.argv.slice(2);
if (record === undefined || command === undefined) throw new Error('usage: gateway-hook.ts RECORD COMMAND [ARGS...]');
const registryFile = process.env.RCLASS_REGISTRY ?? new URL('../build/registry.json', import.meta.url);
const classifier = new Classifier(Registry.fromDocument(JSON.parse(readFileSync(registryFile, 'utf8'))));
const session = new Session({ egressAllow: (process.env.RCLASS_EGRESS_ALLOW ?? '').split(',').filter(Boolean) });

const server = new StdioClientTransport({ command, args, stderr: 'inherit' });
const client = new StdioServerTransport();

client.onmessage = async (message: JSONRPCMessage) => {
  if ('method' in message && message.method === 'tools/call' && 'id' in message) {
    const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
    const c = await classifier.checkAsync(record, String(params.name), params.arguments ?? {}, { session });
    session.record(c);
    const verdict = `${c.class} ${c.name} (${c.source}${c.rule !== undefined ? ` ${c.rule}` : ''}): ${c.rationale}`;
    if (c.policy !== 'act' && c.policy !== 'act_then_notify') {
      const text = `Not run: ${verdict} Default policy: ${c.policy}; ask a human to run it.`;
      await client.send({ jsonrpc: '2.0', id: message.id, result: { isError: true, content: [{ type: 'text', text }] } });
      return;
    }
    if (c.policy === 'act_then_notify') process.stderr.write(`rclass: ran ${record}/${String(params.name)}: ${verdict}\n`);
  }
  await server.send(message);
};
server.onmessage = (message) => void client.send(message);
server.onclose = () => process.exit(0);
client.onclose = () => void server.close();
// The SDK's stdio server transport does not notice its client closing stdin: end with it, and the server with us.
process.stdin.once('end', () => void server.close());
await server.start();
await client.start();
