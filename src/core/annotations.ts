/**
 * MCP tool annotations as a hint (SPEC 7). The mapping is conservative: only
 * `readOnlyHint: true` suggests R0, and a missing hint takes the MCP default
 * (not read-only, destructive, open world). A hint never sets a call's
 * class: an unlisted tool is R4 whatever it declares.
 */
import type { ReversibilityClass } from './classes.ts';
import type { ToolAnnotations } from './record.ts';

/**
 * The class a server's own annotations would suggest (SPEC 7.2):
 * - `readOnlyHint: true` → R0;
 * - otherwise `destructiveHint: false` with `openWorldHint: false` → R2
 *   (additive changes to a closed system can be compensated by removing them);
 * - anything else → R4 (a destructive or open-world write, the MCP default).
 * @param annotations the tool's `annotations` from `tools/list`, possibly absent
 */
export function hintClass(annotations: ToolAnnotations | undefined): ReversibilityClass {
  if (annotations?.readOnlyHint === true) return 'R0';
  if (annotations?.destructiveHint === false && annotations.openWorldHint === false) return 'R2';
  return 'R4';
}
