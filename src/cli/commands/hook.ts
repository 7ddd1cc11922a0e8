/**
 * `rclass hook`: the Claude Code PreToolUse/PostToolUse hook (SPEC 8.5).
 * Not part of this release. It says so on stderr and exits 2, which Claude
 * Code treats as a blocking error for PreToolUse: a settings fragment
 * installed early blocks MCP calls with a clear reason instead of silently
 * letting them through.
 */
import { EXIT, type CliIO, complain } from '../io.ts';

/** The message `rclass hook` prints. */
export const HOOK_NOT_IMPLEMENTED = '`hook` is not implemented in this release; until it is, use `rclass policy --format claude-settings` for permission rules that ask before every R2–R4 tool';

/**
 * Run `rclass hook`: always exit 2 with {@link HOOK_NOT_IMPLEMENTED} on stderr.
 * @returns 2
 */
export async function hookCommand(_argv: string[], io: CliIO): Promise<number> {
  complain(io, HOOK_NOT_IMPLEMENTED);
  return EXIT.usage;
}
