/**
 * Build step: ready-made policies for the whole registry (SPEC 8), written
 * under build/policies/. Filled in by the CLI's policy exporters.
 */
import type { RegistryDocument } from '../../src/core/record.ts';

/** Write every policy format; returns the files written. */
export async function writePolicies(_document: RegistryDocument): Promise<string[]> {
  return [];
}
