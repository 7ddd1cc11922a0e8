/**
 * Deployment overrides (SPEC 5.6, 5.7): what a deployment knows that the
 * public registry cannot, such as point-in-time backups or a gateway that
 * saves a file before it is overwritten.
 */
import type { ReversibilityClass } from './classes.ts';

/**
 * A deployment's statement about one tool.
 * - With `class`: the tool's base class in this deployment (SPEC 5.7). It may
 *   raise the class, or lower it with `reason` logged on every decision; it
 *   never lowers a tool whose worst case is a disclosure.
 * - With `preimage: true`: the deployment captures the prior state before each
 *   call, which makes the call R1 when the capture succeeds (SPEC 5.6).
 */
export interface DeploymentOverride {
  server: string;
  tool: string;
  class?: ReversibilityClass;
  preimage?: boolean;
  reason: string;
}

/** The result of capturing the prior state before one call (SPEC 5.6). */
export interface PreimageCapture {
  captured: boolean;
  /** A reference to the saved prior state, logged with the decision. */
  ref?: string;
  /** Why the capture failed, when it did. */
  detail?: string;
}

/**
 * Called before every call of a tool with a preimage override; it must save
 * the prior state and say where, or report that it could not.
 */
export type PreimageCapturer = (server: string, tool: string, args: Readonly<Record<string, unknown>>) => PreimageCapture;

/** Index overrides by `server\u0000tool`; later entries replace earlier ones. */
export function indexOverrides(overrides: readonly DeploymentOverride[]): Map<string, DeploymentOverride> {
  const index = new Map<string, DeploymentOverride>();
  for (const override of overrides) index.set(`${override.server}\u0000${override.tool}`, override);
  return index;
}
