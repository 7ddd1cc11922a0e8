/**
 * Server mapping files (SPEC 6.3): an organisation's own word on which
 * registry record a launcher, a mirrored image, an internal package or a
 * gateway URL runs.
 *
 * ```yaml
 * servers:
 *   - record: github
 *     image: registry.corp.example/mcp/github-mcp-server
 *   - record: corp-billing
 *     command: /opt/mcp/billing/bin/server
 *     args: [--stdio]
 *   - record: corp-db
 *     package: "@corp/db-mcp"
 *     registry: https://npm.corp.example
 *   - record: github
 *     url: https://mcp-gw.corp.example/github
 * ```
 *
 * Parsing is all or nothing: a file with any problem maps nothing, since a
 * half-read mapping could vouch for the wrong thing. Browser-safe.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { parseImageRef } from './image-ref.ts';
import { normaliseRegistryUrl } from './registry-url.ts';
import { MAX_MAPPING_BYTES } from './mapping-limits.ts';

export { normaliseRegistryUrl } from './registry-url.ts';

/** One mapping, as written. */
export type MappedServer = { record: string; at: string } & (
  | { kind: 'command'; command: string; args: string[] }
  | { kind: 'image'; image: string }
  | { kind: 'package'; package: string; registry: string }
  | { kind: 'url'; url: string }
);

const RECORD_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const KEYS = new Set(['record', 'command', 'args', 'image', 'package', 'registry', 'url']);
const SUBJECTS = ['command', 'image', 'package', 'url'] as const;

/** Whether a path is absolute on POSIX or Windows. */
function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/**
 * Parse a server mapping file (SPEC 6.3).
 * @param text the file's text (YAML)
 * @param shown how the file is named in messages, e.g. `/etc/rclass/servers.yaml`
 * @returns every mapping, or, when there is any problem, no mappings and
 *   every problem as `FILE:LINE:COL  error  [servers-file]  message`; never throws
 */
export function parseServerMappings(text: string, shown: string): { mappings: MappedServer[]; problems: string[] } {
  const lineCounter = new LineCounter();
  const problems: string[] = [];
  const at = (offset: number | undefined): string => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return `${shown}:${line}:${col}`;
  };
  const problem = (node: Node | null | undefined, message: string, offset?: number): void => {
    problems.push(`${at(offset ?? node?.range?.[0])}  error  [servers-file]  ${message}`);
  };
  if (text.length > MAX_MAPPING_BYTES) {
    return { mappings: [], problems: [`${shown}:1:1  error  [servers-file]  the file is larger than ${MAX_MAPPING_BYTES} bytes`] };
  }
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  for (const error of document.errors) problem(undefined, error.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, ''), error.pos[0]);
  if (problems.length > 0) return { mappings: [], problems };

  const root = document.contents;
  if (!isMap(root)) {
    problem(root, 'the file must be a mapping with a `servers` list');
    return { mappings: [], problems };
  }
  let list: Node | null = null;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (key === 'servers') list = pair.value as Node | null;
    else problem(pair.key as Node, `unknown key \`${key}\`; the file has only \`servers\``);
  }
  if (!isSeq(list)) {
    problem(list ?? root, '`servers` must be a list of mappings');
    return { mappings: [], problems };
  }

  const mappings: MappedServer[] = [];
  for (const item of list.items) {
    const node = item as Node;
    if (!isMap(node)) {
      problem(node, 'each mapping is an object with `record` and one of `command`, `image`, `package` or `url`');
      continue;
    }
    const fields = new Map<string, Node>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!KEYS.has(key))
        problem(
          pair.key as Node,
          `unknown key \`${key}\`; a mapping has \`record\` and one of \`command\` (with \`args\`), \`image\`, \`package\` (with \`registry\`) or \`url\``,
        );
      else fields.set(key, pair.value as Node);
    }
    const text = (key: string): string | undefined => {
      const value = fields.get(key);
      if (value === undefined) return undefined;
      if (!isScalar(value) || typeof value.value !== 'string' || value.value === '') {
        problem(value ?? node, `\`${key}\` must be a non-empty string`);
        return undefined;
      }
      return value.value;
    };
    const where = at(node.range?.[0]);
    const record = text('record');
    if (!fields.has('record')) problem(node, 'a mapping needs `record`, the registry record it runs');
    else if (record !== undefined && !RECORD_ID.test(record))
      problem(fields.get('record'), `\`${record}\` is not a record id (lowercase letters, digits and dashes)`);
    const subjects = SUBJECTS.filter((key) => fields.has(key));
    if (subjects.length !== 1) {
      problem(
        node,
        subjects.length === 0
          ? 'a mapping needs one of `command`, `image`, `package` or `url`'
          : `a mapping names one thing to recognise; this one has ${subjects.map((s) => `\`${s}\``).join(' and ')}`,
      );
      continue;
    }
    const subject = subjects[0]!;
    if (fields.has('args') && subject !== 'command') problem(fields.get('args'), '`args` goes only with `command`');
    if (fields.has('registry') && subject !== 'package') problem(fields.get('registry'), '`registry` goes only with `package`');
    const value = text(subject);
    if (record === undefined || value === undefined) continue;
    const valueNode = fields.get(subject);

    if (subject === 'command') {
      if (!isAbsolute(value)) {
        problem(valueNode, `\`command\` must be an absolute path; \`${value.slice(0, 80)}\` would be looked up on PATH or read against a folder`);
        continue;
      }
      const argsNode = fields.get('args');
      const args: string[] = [];
      if (argsNode !== undefined) {
        if (!isSeq(argsNode)) {
          problem(argsNode, '`args` must be a list of strings');
          continue;
        }
        for (const arg of argsNode.items) {
          if (!isScalar(arg) || typeof arg.value !== 'string')
            problem(arg as Node, 'each of `args` must be a string (quote numbers and flags YAML reads otherwise)');
          else args.push(arg.value);
        }
      }
      mappings.push({ record, at: where, kind: 'command', command: value, args });
    } else if (subject === 'image') {
      const ref = parseImageRef(value);
      if (!('name' in ref)) problem(valueNode, `\`${value.slice(0, 120)}\` is not an image name (lowercase, without a tag or digest)`);
      else if (ref.tag !== undefined || ref.digest !== undefined)
        problem(valueNode, 'name the image without a tag or digest; the tag in a configuration still counts for `min_version`');
      else mappings.push({ record, at: where, kind: 'image', image: ref.name });
    } else if (subject === 'package') {
      const registry = text('registry');
      if (!NPM_NAME.test(value)) problem(valueNode, `\`${value.slice(0, 120)}\` is not an npm package name`);
      if (!fields.has('registry')) {
        problem(node, 'a `package` mapping needs `registry`, the npm registry it is installed from');
        continue;
      }
      const normalised = registry !== undefined ? normaliseRegistryUrl(registry) : undefined;
      if (registry !== undefined && normalised === undefined)
        problem(fields.get('registry'), '`registry` must be an https URL without userinfo, query or fragment');
      if (normalised !== undefined && NPM_NAME.test(value)) mappings.push({ record, at: where, kind: 'package', package: value, registry: normalised });
    } else {
      const normalised = normaliseRegistryUrl(value);
      if (normalised === undefined) problem(valueNode, '`url` must be an https URL without userinfo, query or fragment');
      else mappings.push({ record, at: where, kind: 'url', url: value });
    }
  }
  return problems.length > 0 ? { mappings: [], problems } : { mappings, problems: [] };
}
