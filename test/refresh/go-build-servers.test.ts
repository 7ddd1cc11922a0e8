/**
 * The Go build information of a real published binary: the
 * kubernetes-mcp-server package test/servers installs names the commit its
 * record is pinned to, as `npm run refresh` would report it.
 */
import { describe, expect, it } from 'vitest';
import { readRecord } from '../registry/support/records.ts';
import { goBuildOf } from '../../src/refresh/go-build.ts';
import { SERVERS_DIR } from '../servers/paths.ts';

describe('goBuildOf on an installed npm package', () => {
  it('reads the commit of kubernetes-mcp-server from its per-platform binary, the commit the kubernetes-containers record cites', () => {
    const record = readRecord('kubernetes-containers');
    const built = goBuildOf(SERVERS_DIR, 'kubernetes-mcp-server');
    expect(built?.revision).toBe(record.provenance.commit);
    expect(built?.modified).toBe(false);
    expect(built?.file).toMatch(/^node_modules\/kubernetes-mcp-server-[a-z]+-[a-z0-9]+\/bin\/kubernetes-mcp-server-/);
  });

  it('finds nothing in a JavaScript server package', () => {
    expect(goBuildOf(SERVERS_DIR, '@modelcontextprotocol/server-memory')).toBeUndefined();
  });
});
