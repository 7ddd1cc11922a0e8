/**
 * The pages Pagefind reads (scripts/steps/site.ts `searchableGlob`, issue 30):
 * every HTML file whose text holds `data-pagefind-body`, named in one glob
 * relative to the site folder, and no glob at all (Pagefind then reads every
 * page, as it did before) when no page holds it or a path holds glob syntax.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchableGlob } from '../../scripts/steps/site.ts';
import { tempDir } from '../cli/harness.ts';

/** Write files (path relative to a new folder → text) and return the folder. */
function site(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const BODY = '<html><body><main data-pagefind-body>server</main></body></html>';
const PLAIN = '<html><body><main>tool</main></body></html>';

describe('the pages Pagefind reads', () => {
  it('names the server pages that carry data-pagefind-body, sorted, and not the tool pages or other files', async () => {
    const dir = site({
      'servers/github/index.html': BODY,
      'servers/github/create_issue/index.html': PLAIN,
      'servers/filesystem/index.html': BODY,
      'index.html': PLAIN,
      'api/v1/servers/github.json': '{"data-pagefind-body": 1}',
    });
    expect(await searchableGlob(dir)).toBe('{servers/filesystem/index.html,servers/github/index.html}');
  });

  it('names one page without braces', async () => {
    expect(await searchableGlob(site({ 'servers/github/index.html': BODY, 'index.html': PLAIN }))).toBe('servers/github/index.html');
  });

  it('gives no glob when no page carries the attribute, so Pagefind reads every page', async () => {
    expect(await searchableGlob(site({ 'index.html': PLAIN, 'servers/github/index.html': PLAIN }))).toBeUndefined();
  });

  it('gives no glob when a page path holds glob syntax, so Pagefind reads every page', async () => {
    expect(await searchableGlob(site({ 'servers/a{b}/index.html': BODY, 'servers/github/index.html': BODY }))).toBeUndefined();
  });
});
