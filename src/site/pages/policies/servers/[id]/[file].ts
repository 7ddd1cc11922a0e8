/**
 * `policies/servers/<id>/<file>`: one server's policy in each listing format
 * of `rclass policy` (lib/policies.ts), the same bytes as
 * `rclass policy --format FORMAT --server ID`, linked from the server's page.
 */
import type { APIRoute } from 'astro';
import type { PolicyFile } from '../../../../../export/index.ts';
import { serverPolicyFiles } from '../../../../lib/policies.ts';
import { loadRegistry } from '../../../../lib/registry.ts';
import { segment } from '../../../../lib/urls.ts';

export function getStaticPaths() {
  return loadRegistry().servers.flatMap((record) =>
    serverPolicyFiles(record).map((file) => ({ params: { id: segment(record.id), file: file.file }, props: { file } })),
  );
}

const TYPES: Record<string, string> = { json: 'application/json', yaml: 'application/yaml', toml: 'application/toml', cedar: 'text/plain' };

export const GET: APIRoute = ({ props }) => {
  const { file } = props as { file: PolicyFile };
  return new Response(file.content, { headers: { 'Content-Type': `${TYPES[file.file.split('.').pop() ?? ''] ?? 'text/plain'}; charset=utf-8` } });
};
