/**
 * Start one MCP server over stdio, initialise it, and read every page of
 * `tools/list`, under one hard deadline; then kill its process group,
 * whatever happened. Replies are shape-checked: `initialize` by the SDK
 * client's own schema, each tool's name and annotations by the SDK's
 * `ToolSchema` and `ToolAnnotationsSchema`. A tool's `inputSchema` is not
 * checked: it says nothing about which tools exist, and some published
 * servers get it wrong. Each tool's definition (description, `inputSchema`,
 * annotations, as sent) is kept and fingerprinted (SPEC 5.2.1), so a tool
 * that keeps its name but changes its definition can be told from its record.
 *
 * Limits: at most {@link MAX_PAGES} pages and {@link MAX_TOOLS} tools; see
 * `transport.ts` for the line and byte limits.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema, ToolAnnotationsSchema, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolAnnotations } from '../core/record.ts';
import { type ToolDefinition, toolDefinition, toolFingerprint } from '../core/fingerprint.ts';
import { GroupStdioTransport, type LaunchSpec } from './transport.ts';
import { messageOf } from '../core/errors.ts';

/** Most `tools/list` pages read from one server. */
export const MAX_PAGES = 50;
/** Most tools accepted from one server. */
export const MAX_TOOLS = 2000;

/** One tool as the server listed it. */
export interface LiveTool {
  name: string;
  /** The annotations, when they have the shape MCP gives them. */
  annotations?: ToolAnnotations;
  /** Description, `inputSchema` and annotations exactly as listed. */
  definition?: ToolDefinition;
  /** The fingerprint of {@link definition} (SPEC 5.2.1); null when it has no canonical JSON. Set by {@link listTools}. */
  fingerprint?: string | null;
}

/** Why a server could not be listed. `message` is in our words and safe to print. */
export interface ListFailure {
  kind: 'spawn' | 'exit' | 'timeout' | 'limit' | 'protocol' | 'server-error' | 'internal';
  message: string;
  /** Text from the server (its error message), shown only with `--show-server-errors`, redacted. */
  detail?: string;
}

/** The outcome for one server. */
export type ListOutcome =
  | { ok: true; tools: LiveTool[]; serverInfo?: { name?: string; version?: string }; stderr: string; stderrCut: boolean; pid?: number }
  | { ok: false; failure: ListFailure; stderr: string; stderrCut: boolean; pid?: number };

class ShapeError extends Error {
  override name = 'ShapeError';
}

/**
 * Read one `tools/list` result.
 * @throws ShapeError naming where the shape is wrong (a path, never a value)
 */
export function readToolsPage(result: unknown): { tools: LiveTool[]; nextCursor?: string } {
  const tools = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) throw new ShapeError('its tools/list reply has no `tools` list');
  const out: LiveTool[] = [];
  tools.forEach((tool, index) => {
    const name = ToolSchema.shape.name.safeParse((tool as { name?: unknown } | null)?.name);
    if (!name.success || name.data === '') throw new ShapeError(`tool ${index + 1} of its tools/list reply has no name`);
    const item: LiveTool = { name: name.data, definition: toolDefinition(tool) };
    const raw = (tool as { annotations?: unknown }).annotations;
    if (raw !== undefined) {
      const annotations = ToolAnnotationsSchema.safeParse(raw);
      if (annotations.success) {
        const kept: ToolAnnotations = {};
        for (const key of ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
          const value = (annotations.data as Record<string, unknown>)[key];
          if (value !== undefined) (kept as Record<string, unknown>)[key] = value;
        }
        item.annotations = kept;
      }
    }
    out.push(item);
  });
  const next = (result as { nextCursor?: unknown }).nextCursor;
  if (next !== undefined && next !== null && typeof next !== 'string') throw new ShapeError('its tools/list reply has a `nextCursor` that is not a string');
  return typeof next === 'string' && next !== '' ? { tools: out, nextCursor: next } : { tools: out };
}

function describeExit(exit: GroupStdioTransport['exit']): string {
  if (exit === undefined) return 'it closed its connection';
  if (exit.signal !== null) return `it was ended by ${exit.signal}`;
  return `it exited with code ${exit.code ?? 'unknown'}`;
}

/**
 * Start a server, list its tools, and kill its process group.
 * @param launch command, arguments, complete environment and working folder
 * @param timeoutMs hard deadline for everything, in milliseconds
 * @param clientVersion the version rclass reports in `initialize`
 * @returns the tools, or why they could not be read; never throws
 */
export async function listTools(launch: LaunchSpec, timeoutMs: number, clientVersion: string): Promise<ListOutcome> {
  const transport = new GroupStdioTransport(launch);
  const client = new Client({ name: 'rclass-scan', version: clientVersion }, { capabilities: {} });
  let stage = 'start';
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error('deadline'));
    }, timeoutMs);
  });
  const work = async (): Promise<{ tools: LiveTool[]; serverInfo?: { name?: string; version?: string } }> => {
    stage = 'initialize';
    await client.connect(transport, { timeout: timeoutMs });
    const tools: LiveTool[] = [];
    let cursor: string | undefined;
    for (let page = 1; ; page += 1) {
      if (page > MAX_PAGES) throw new ShapeError(`it still offered another tools/list page after ${MAX_PAGES}`);
      stage = 'tools/list';
      const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout: timeoutMs });
      const read = readToolsPage(result);
      tools.push(...read.tools);
      if (tools.length > MAX_TOOLS) throw new ShapeError(`it listed more than ${MAX_TOOLS} tools`);
      if (read.nextCursor === undefined) break;
      cursor = read.nextCursor;
    }
    for (const tool of tools) tool.fingerprint = await toolFingerprint(tool.definition ?? {});
    const info = client.getServerVersion();
    return { tools, ...(info !== undefined ? { serverInfo: { name: info.name, version: info.version } } : {}) };
  };
  const running = work();
  running.catch(() => undefined);
  try {
    const found = await Promise.race([running, deadline]);
    return { ok: true, ...found, stderr: transport.stderrTail, stderrCut: transport.stderrCut, ...(transport.pid !== undefined ? { pid: transport.pid } : {}) };
  } catch (error) {
    const failure = classifyFailure(error, transport, timedOut, timeoutMs, stage);
    return { ok: false, failure, stderr: transport.stderrTail, stderrCut: transport.stderrCut, ...(transport.pid !== undefined ? { pid: transport.pid } : {}) };
  } finally {
    clearTimeout(timer);
    await transport.close();
    try {
      await client.close();
    } catch {
      // Closing a client whose transport is gone can fail; the group is already killed.
    }
  }
}

function classifyFailure(error: unknown, transport: GroupStdioTransport, timedOut: boolean, timeoutMs: number, stage: string): ListFailure {
  if (transport.fault !== undefined) return { kind: transport.fault.kind, message: transport.fault.message };
  if (timedOut) return { kind: 'timeout', message: `it did not answer ${stage} within ${formatSeconds(timeoutMs)}, so it was killed` };
  if (error instanceof ShapeError) return { kind: 'protocol', message: error.message };
  const detail = messageOf(error);
  const code = (error as { code?: unknown }).code;
  if (/timed out/i.test(detail)) return { kind: 'timeout', message: `it did not answer ${stage} within ${formatSeconds(timeoutMs)}, so it was killed` };
  if (transport.exit !== undefined || /connection closed/i.test(detail)) return { kind: 'exit', message: `${describeExit(transport.exit)} during ${stage}` };
  if (/protocol version/i.test(detail)) return { kind: 'protocol', message: 'it answered initialize with a protocol version this SDK does not support' };
  if (typeof code === 'number') return { kind: 'server-error', message: `it answered ${stage} with error ${code}`, detail };
  if ((error as { name?: unknown }).name === 'ZodError' || /invalid|expected/i.test(detail))
    return { kind: 'protocol', message: `its reply to ${stage} does not have the shape MCP requires` };
  return { kind: 'internal', message: `listing it failed during ${stage}`, detail };
}

/** `30 s`, `2.5 s`. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
