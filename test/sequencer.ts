/**
 * Vitest's file order (`sequence.sequencer` in vitest.config.ts): vitest's
 * own order (failed and slow files first when its cache knows them, else
 * larger files first), then the files of {@link WAIT_FIRST} moved to the
 * front in that list's order, so the integration files that mostly wait
 * start while the other workers run the rest, instead of one of them
 * starting last and running alone (issue 30). Files not in the list keep
 * vitest's order; the list only names integration files, so the other
 * projects' order is vitest's.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WAIT_FIRST } from './tiers.ts';

/** Vitest's sequencer with {@link WAIT_FIRST} first. */
export default class WaitFirstSequencer extends BaseSequencer {
  /**
   * Vitest's order, then a stable sort by position in {@link WAIT_FIRST} (files not listed after, in vitest's order).
   * @param files the test files of this run, as vitest hands them over
   * @returns the same files, reordered
   */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification): number => {
      const at = (WAIT_FIRST as readonly string[]).indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return at === -1 ? WAIT_FIRST.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
