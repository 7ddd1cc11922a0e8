/**
 * The registry document as the site sees it: `build/registry.json` (SPEC 5.8),
 * read once per build and shared by every page.
 *
 * Reading is memoised on the file's path, size and modification time, so a
 * build that renders thousands of tool pages parses the document once; that
 * keeps the build linear in the number of tools.
 */
import { readFileSync, statSync } from 'node:fs';
import { countClasses } from '../../core/registry.ts';
import { CLASSES, type ReversibilityClass } from '../../core/classes.ts';
import type { ClassCounts, RegistryDocument, ServerRecord, ToolRecord } from '../../core/record.ts';
import { registryJsonPath } from './paths.ts';

export type { ClassCounts, RegistryDocument, ServerRecord, ToolRecord };
export { countClasses };

let cached: { key: string; document: RegistryDocument } | undefined;

/**
 * The parsed registry document.
 * @throws Error naming the file and `npm run build` when it is missing or not a registry document
 */
export function loadRegistry(): RegistryDocument {
  const file = registryJsonPath();
  let key: string;
  try {
    const stat = statSync(file);
    key = `${file}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    throw new Error(`the site needs ${file}; run \`npm run build\` (it writes registry.json before building the site)`);
  }
  if (cached?.key === key) return cached.document;
  const document = JSON.parse(readFileSync(file, 'utf8')) as RegistryDocument;
  if (document?.format_version !== 1 || !Array.isArray(document.servers)) {
    throw new Error(`${file} is not a registry document with format_version 1`);
  }
  cached = { key, document };
  return document;
}

/** The classes that occur among a record's tools, lowest first. */
export function classesPresent(record: ServerRecord): ReversibilityClass[] {
  const counts = countClasses(record);
  return CLASSES.filter((c) => counts[c] > 0);
}

/** The record's worst base class (R0 for a record with only R0 tools). */
export function worstClass(record: ServerRecord): ReversibilityClass {
  return classesPresent(record).at(-1) ?? 'R0';
}
