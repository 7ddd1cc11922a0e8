/**
 * The test tiers stay honest (test/tiers.ts): every listed file exists and
 * is in one tier only, and no file of the unit tier, nor any test helper it
 * imports, mentions a way to start a process, a server or a policy engine.
 * A static check by reading the files; test/unit-setup.ts also stops any
 * process a unit test tries to start at run time.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CEDAR_TESTS, CRAWL_TESTS, INTEGRATION_TESTS, PROCESS_MARKERS, REAL_CLIENT_TESTS, SITE_TESTS, WAIT_FIRST } from './tiers.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function testFiles(dir = 'test'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : testFiles(relative);
    return entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

/** The file and every file under test/ it imports, directly or through other test helpers. */
function withTestImports(file: string): string[] {
  const seen = new Set<string>();
  const visit = (relative: string): void => {
    if (seen.has(relative)) return;
    seen.add(relative);
    const source = readFileSync(path.join(ROOT, relative), 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.ts)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), spec!));
      if (target.startsWith('test/') && existsSync(path.join(ROOT, target))) visit(target);
    }
  };
  visit(file);
  return [...seen];
}

const NOT_UNIT = new Set<string>([...INTEGRATION_TESTS, ...CEDAR_TESTS, ...SITE_TESTS, ...REAL_CLIENT_TESTS]);
const UNIT = testFiles()
  .filter((file) => !NOT_UNIT.has(file))
  .sort();

describe('test tiers', () => {
  it('every listed file exists, and no file is listed twice', () => {
    const listed = [...INTEGRATION_TESTS, ...CEDAR_TESTS, ...SITE_TESTS, ...REAL_CLIENT_TESTS];
    expect(listed.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    expect(listed.filter((file, i) => listed.indexOf(file) !== i)).toEqual([]);
  });

  it('the files started first because they mostly wait are integration files', () => {
    for (const file of WAIT_FIRST) expect(INTEGRATION_TESTS as readonly string[], file).toContain(file);
  });

  it('the files the crawl tier runs over the whole registry are integration or Cedar files that read RCLASS_CRAWL', () => {
    for (const file of CRAWL_TESTS) {
      expect([...INTEGRATION_TESTS, ...CEDAR_TESTS] as readonly string[], file).toContain(file);
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(/\bCRAWL\b/);
    }
  });

  it('the unit tier holds most files, and this check is one of them', () => {
    expect(UNIT).toContain('test/tiers.test.ts');
    expect(UNIT.length).toBeGreaterThan(NOT_UNIT.size);
  });

  it('no unit file, nor a test helper it imports, starts a process, a server or a policy engine', () => {
    const found: string[] = [];
    for (const file of UNIT) {
      if (file === 'test/tiers.test.ts') continue; // names the markers, starts nothing
      for (const source of withTestImports(file)) {
        const text = readFileSync(path.join(ROOT, source), 'utf8');
        for (const [pattern, what] of PROCESS_MARKERS) {
          if (pattern.test(text)) found.push(`${file}${source === file ? '' : ` (through ${source})`}: ${what}; move it to INTEGRATION_TESTS in test/tiers.ts`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the check sees what it looks for: each integration file mentions a marker, or imports a helper that does', () => {
    const silent = [...INTEGRATION_TESTS, ...CEDAR_TESTS, ...REAL_CLIENT_TESTS].filter(
      (file) => !withTestImports(file).some((source) => PROCESS_MARKERS.some(([pattern]) => pattern.test(readFileSync(path.join(ROOT, source), 'utf8')))),
    );
    expect(silent).toEqual([]);
  });
});
