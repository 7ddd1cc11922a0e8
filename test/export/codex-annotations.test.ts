/**
 * Codex decides whether to ask before an MCP tool call from the tool's
 * annotations. This file quotes Codex's published rules and checks that
 * the annotations rclass writes (SPEC 7.4: `rclass export --format
 * tool-metadata`, `rclass proxy --annotate`) make those rules ask exactly
 * where the default policy asks (SPEC 3), for every registry tool.
 *
 * Automatic mode (the default), openai/codex `codex-rs/core/src/mcp_tool_call.rs`
 * at commit 002500f20b2b377a79706891ac47e0e1b1f9de3d:
 *
 *     fn requires_mcp_tool_approval(annotations: Option<&ToolAnnotations>) -> bool {
 *         let destructive_hint = annotations.and_then(|annotations| annotations.destructive_hint);
 *         if destructive_hint == Some(true) {
 *             return true;
 *         }
 *         let read_only_hint = annotations
 *             .and_then(|annotations| annotations.read_only_hint)
 *             .unwrap_or(false);
 *         if read_only_hint {
 *             return false;
 *         }
 *         destructive_hint.unwrap_or(true)
 *             || annotations
 *                 .and_then(|annotations| annotations.open_world_hint)
 *                 .unwrap_or(true)
 *     }
 *
 * and, in `maybe_request_mcp_tool_approval` of the same file, a custom
 * server's tool with no annotations at all is run without asking in
 * automatic mode (`approval_mode == AppToolApproval::Auto &&
 * annotations.is_none()` returns `None`), which is why every tool rclass
 * lists carries all four hints.
 *
 * "writes" mode (`default_tools_approval_mode = "writes"`), in a later
 * openai/codex file that begins `//! MCP tool approval prompts and
 * decision rules.` (its path could not be read from the index this was
 * checked against):
 *
 *     AppToolApproval::Writes => !annotations
 *         .and_then(|annotations| annotations.read_only_hint)
 *         .unwrap_or(false),
 *
 * The two rules are written below as TypeScript one expression each, with
 * the Rust names, so each can be compared with its quote line by line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { classRank } from '../../src/core/classes.ts';
import { APPROVAL_FROM } from '../../src/core/policy.ts';
import { type ExportedToolMetadata, renderToolMetadata } from '../../src/export/tool-metadata.ts';
import { registryDocument } from './registry.ts';

type Hints = { read_only_hint?: boolean; destructive_hint?: boolean; open_world_hint?: boolean };

/** Codex's `requires_mcp_tool_approval` (automatic mode), quoted above. */
function requiresApprovalAuto(annotations: Hints | undefined): boolean {
  const destructive_hint = annotations?.destructive_hint;
  if (destructive_hint === true) return true;
  const read_only_hint = annotations?.read_only_hint ?? false;
  if (read_only_hint) return false;
  return (destructive_hint ?? true) || (annotations?.open_world_hint ?? true);
}

/** Codex's "writes" mode, quoted above. */
function requiresApprovalWrites(annotations: Hints | undefined): boolean {
  return !(annotations?.read_only_hint ?? false);
}

/** The annotations as Codex's rmcp `ToolAnnotations` reads them from the wire. */
function asCodexReads(entry: Pick<ExportedToolMetadata, 'annotations'>): Hints {
  return {
    read_only_hint: entry.annotations.readOnlyHint,
    destructive_hint: entry.annotations.destructiveHint,
    open_world_hint: entry.annotations.openWorldHint,
  };
}

let exported: { unknown_tool: ExportedToolMetadata; tools: ExportedToolMetadata[] };

beforeAll(async () => {
  exported = JSON.parse(await renderToolMetadata(await registryDocument()));
});

describe("Codex's annotation-based approval over rclass's annotations", () => {
  it('in automatic mode asks for exactly the tools the default policy asks about (worst case R2 and up)', () => {
    const wrong = exported.tools.filter(
      (entry) => requiresApprovalAuto(asCodexReads(entry)) !== classRank(entry.evidence.worst_class) >= classRank(APPROVAL_FROM),
    );
    expect(wrong.map((entry) => `${entry.server}/${entry.tool} ${entry.evidence.worst_class}`)).toEqual([]);
  });

  it('in "writes" mode runs unasked only the tools whose worst case is R0', () => {
    const wrong = exported.tools.filter((entry) => requiresApprovalWrites(asCodexReads(entry)) !== (entry.evidence.worst_class !== 'R0'));
    expect(wrong.map((entry) => `${entry.server}/${entry.tool} ${entry.evidence.worst_class}`)).toEqual([]);
  });

  it('asks in both modes about a tool no record lists', () => {
    expect(requiresApprovalAuto(asCodexReads(exported.unknown_tool))).toBe(true);
    expect(requiresApprovalWrites(asCodexReads(exported.unknown_tool))).toBe(true);
  });

  it('regression: an R2 tool marked non-destructive would run unasked in automatic mode (why destructiveHint starts at R2, SPEC 7.4)', () => {
    expect(requiresApprovalAuto({ read_only_hint: false, destructive_hint: false, open_world_hint: false })).toBe(false);
    const r2 = exported.tools.find((entry) => entry.server === 'memory' && entry.tool === 'delete_observations')!;
    expect(r2.evidence.worst_class).toBe('R2');
    expect(requiresApprovalAuto(asCodexReads(r2))).toBe(true);
  });
});
