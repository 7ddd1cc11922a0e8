/**
 * `playground/sql-tools.json`: the tools whose argument rules need the SQL
 * parser (core/rules.ts rulesNeedSql), as `"<server> <tool>"` strings sorted
 * as the registry lists them. The playground fetches this small file when its
 * address names a call, so a link to such a tool starts loading the parser
 * alongside the registry data; it used to be an attribute of the page, whose
 * HTML then grew with the registry (5,280 B gzip at ten times the registry).
 */
import type { APIRoute } from 'astro';
import { rulesNeedSql } from '../../../core/rules.ts';
import { loadRegistry } from '../../lib/registry.ts';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify(
      loadRegistry().servers.flatMap((record) => record.tools.filter((tool) => rulesNeedSql(tool.rules)).map((tool) => `${record.id} ${tool.name}`)),
    ),
    { headers: { 'Content-Type': 'application/json' } },
  );
