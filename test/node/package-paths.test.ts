/** Where the hook fragment points: never into npm's throwaway npx cache without a warning. */
import { describe, expect, it } from 'vitest';
import { inNpxCache } from '../../src/node/package-paths.ts';

describe('inNpxCache', () => {
  it("recognises npm's npx cache on POSIX and Windows, and nothing else", () => {
    expect(inNpxCache('/home/ada/.npm/_npx/3f2a9c1e0b/node_modules/reversibility-classes/bin/rclass.mjs')).toBe(true);
    expect(inNpxCache('C:\\Users\\ada\\AppData\\Local\\npm-cache\\_npx\\3f2a9c1e\\node_modules\\reversibility-classes\\bin\\rclass.mjs')).toBe(true);
    expect(inNpxCache('/usr/local/lib/node_modules/reversibility-classes/bin/rclass.mjs')).toBe(false);
    expect(inNpxCache('/work/my_npx_tools/reversibility-classes/bin/rclass.mjs')).toBe(false);
  });
});
