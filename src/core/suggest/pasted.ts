/**
 * Reading pasted tool definitions for the playground's suggestion box
 * (issue 25 item 3, SPEC 13): one tool as `tools/list` gives it, a list of
 * tools, a `tools/list` result (`{ "tools": [...] }`) or the whole JSON-RPC
 * response (`{ "result": { "tools": [...] } }`). Only the name is required;
 * description, input schema and annotations are passed on as sent, for the
 * suggester to read. Browser-safe.
 */
import type { ToolSelfDescription } from './suggest.ts';

/** Most tools read from one paste (as scan's MAX_TOOLS). */
const MAX_PASTED_TOOLS = 2000;

/** The tools read, or why nothing could be read (one sentence, no pasted text in it). */
type PastedTools = { ok: true; tools: ToolSelfDescription[]; shape: string } | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Read pasted text as tool definitions.
 * @param text what was pasted (JSON)
 * @returns the tools with a few words on the shape read, or why not; never throws
 */
export function readPastedTools(text: string): PastedTools {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'it is not JSON' };
  }
  let list: unknown[];
  let shape: string;
  if (Array.isArray(value)) {
    list = value;
    shape = 'a list of tools';
  } else if (isObject(value) && Array.isArray(value.tools)) {
    list = value.tools;
    shape = 'a tools/list result';
  } else if (isObject(value) && isObject(value.result) && Array.isArray(value.result.tools)) {
    list = value.result.tools;
    shape = 'a tools/list response';
  } else if (isObject(value) && 'name' in value) {
    list = [value];
    shape = 'one tool definition';
  } else return { ok: false, error: 'it is neither a tool definition (an object with a name) nor a tools/list result (an object with a tools list)' };
  if (list.length === 0) return { ok: false, error: 'its list of tools is empty' };
  if (list.length > MAX_PASTED_TOOLS) return { ok: false, error: `it holds more than ${MAX_PASTED_TOOLS} tools` };
  const tools: ToolSelfDescription[] = [];
  for (const [index, item] of list.entries()) {
    if (!isObject(item) || typeof item.name !== 'string' || item.name === '') return { ok: false, error: `tool ${index + 1} has no name` };
    tools.push({
      name: item.name,
      ...(item.description !== undefined ? { description: item.description } : {}),
      ...(item.inputSchema !== undefined ? { inputSchema: item.inputSchema } : {}),
      ...(item.annotations !== undefined ? { annotations: item.annotations } : {}),
    });
  }
  return { ok: true, tools, shape };
}
