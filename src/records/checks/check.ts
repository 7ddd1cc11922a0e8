/**
 * The shape of one lint check. Each check lives in its own file, looks at
 * one concern, and reports problems through `report` with a path into the
 * record's data; the runner turns paths into `file:line:column`.
 */
import type { ServerRecord } from '../../core/record.ts';
import type { DataPath } from '../source.ts';

/** Report a problem at a data path; `key` points at the property name rather than its value. */
type Report = (path: DataPath, message: string, options?: { key?: boolean }) => void;

/** One record as a check sees it. The record passed the schema check. */
export interface RecordInput {
  record: ServerRecord;
  /** The file the record came from, e.g. `registry/git.yaml`. */
  file: string;
  report: Report;
  /** Where a data path of this record lies in its file, e.g. for naming it in another record's problem. */
  locate: (path: DataPath) => { line: number; column: number };
}

/** A check of one record at a time. */
export interface RecordCheck {
  id: string;
  description: string;
  scope: 'record';
  check(input: RecordInput): void;
}

/** A check across every record of the registry. */
export interface RegistryCheck {
  id: string;
  description: string;
  scope: 'registry';
  /**
   * Run only over the repository's own `registry/` as a whole, never over
   * another folder or a part of it, because its verdict depends on which
   * records are there (a peer group's usual effects, SPEC 2.9.4).
   */
  wholeRegistryOnly?: true;
  check(inputs: readonly RecordInput[]): void;
}

/** Any check. */
export type Check = RecordCheck | RegistryCheck;

/** True when a sentence is a single sentence: capital or digit or backtick first, one final period, no sentence break inside. */
export function isOneSentence(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed !== text || !/^[A-Z0-9`'"(]/.test(trimmed) || !/[.]$/.test(trimmed)) return false;
  // A sentence break is a period, question or exclamation mark followed by a space and a capital letter.
  // Abbreviations such as "e.g. " and "i.e. " are followed by lowercase and so do not count.
  return !/[.!?]\s+[A-Z]/.test(trimmed.slice(0, -1)) && !/\n/.test(trimmed);
}
