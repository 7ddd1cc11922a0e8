/**
 * Tool-list fixtures: `test/fixtures/tool-lists/<id>.json`, each tool's name
 * and where it is defined, extracted mechanically from the server's source at
 * one commit (`{repository, commit, extracted_with, tools: [{name, path, line}]}`),
 * or from the files of one published package version (`package` as
 * `name@version` instead of `commit`, SPEC 5.2), or, for a hosted server whose
 * code is not published, from the vendor's published tool reference
 * (`documentation`, its pages, instead of `repository` and `commit`, and each
 * tool's `url`: the page that lists it, SPEC 5.1).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../scripts/lib/paths.ts';

/** The directory of tool-list fixtures. */
const TOOL_LIST_DIR = path.join(ROOT, 'test/fixtures/tool-lists');

/** One tool and the place its name is defined, or the vendor's page that lists it. */
export interface CitedTool {
  name: string;
  path?: string;
  line?: number;
  /** The original file a source map at `path` embeds, where the tool is cited in it (SPEC 5.2). */
  source?: string;
  /** With `documentation`: the vendor's page that lists the tool (SPEC 5.1). */
  url?: string;
}

/** A tool list extracted from source, or read from the vendor's documentation. */
export interface ToolListFixture {
  /** The repository; absent when `documentation` is given. */
  repository?: string;
  /** The vendor's pages the list was read from, instead of `repository` and `commit` or `package` (SPEC 5.1). */
  documentation?: string[];
  /** The commit the list was extracted at; absent when `package` is given. */
  commit?: string;
  /** `name@version` of the published npm package the list was extracted from; absent when `commit` is given. */
  package?: string;
  /** The command that produced the list, for people re-running it. */
  extracted_with: string;
  tools: CitedTool[];
}

/** The ids of every tool-list fixture, sorted. */
export function toolListIds(): string[] {
  if (!existsSync(TOOL_LIST_DIR)) return [];
  return readdirSync(TOOL_LIST_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
}

/**
 * Read and shape-check one tool-list fixture.
 * @returns undefined when the file does not exist
 * @throws when the file is not JSON or not in the fixture's shape
 */
export function readToolList(id: string): ToolListFixture | undefined {
  const file = path.join(TOOL_LIST_DIR, `${id}.json`);
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<ToolListFixture>;
  const fail = (message: string): never => {
    throw new Error(`test/fixtures/tool-lists/${id}.json: ${message}`);
  };
  const documented = Array.isArray(data.documentation);
  if (documented) {
    if (data.documentation!.length === 0 || !data.documentation!.every((page) => typeof page === 'string' && page.startsWith('https://')))
      fail('`documentation` must list the https pages the tools were read from');
    if (data.repository !== undefined || data.commit !== undefined || data.package !== undefined)
      fail('`documentation` replaces `repository`, `commit` and `package`');
  } else {
    if (typeof data.repository !== 'string') fail('`repository` must be `owner/name`');
    if ((typeof data.commit === 'string') === (typeof data.package === 'string'))
      fail('exactly one of `commit` (a commit hash) or `package` (`name@version`) must be given');
  }
  if (typeof data.extracted_with !== 'string' || data.extracted_with.trim() === '') fail('`extracted_with` must say how the list was made');
  if (!Array.isArray(data.tools)) fail('`tools` must be a list');
  data.tools!.forEach((tool, index) => {
    if (documented ? typeof tool?.name !== 'string' || !data.documentation!.includes(tool.url ?? '') : !isSourceCitation(tool))
      fail(
        documented
          ? `tools[${index}] must be {name, url}, the url one of \`documentation\``
          : `tools[${index}] must be {name, path, line} (and a \`source\` string where a source map embeds the file)`,
      );
  });
  return data as ToolListFixture;
}

function isSourceCitation(tool: CitedTool | undefined): boolean {
  return (
    typeof tool?.name === 'string' &&
    typeof tool.path === 'string' &&
    Number.isInteger(tool.line) &&
    ['string', 'undefined'].includes(typeof tool.source) &&
    tool.url === undefined
  );
}

/** Cited tools as `name path:line` (or `name url`) strings sorted by name, for whole-list comparisons with readable diffs. */
export function citationLines(tools: ReadonlyArray<CitedTool>): string[] {
  return tools
    .map((tool) =>
      tool.url !== undefined ? `${tool.name} ${tool.url}` : `${tool.name} ${tool.source === undefined ? '' : `${tool.source} in `}${tool.path}:${tool.line}`,
    )
    .sort();
}
