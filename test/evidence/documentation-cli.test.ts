/**
 * `npm run evidence` for records resting on the vendor's documentation
 * (SPEC 5.1), against a loopback stand-in for the vendor's site reached
 * through `RCLASS_DOCUMENTATION_MIRROR`: each page is read once, each quote
 * must appear in the page's text with tags removed, character references
 * decoded and whitespace collapsed; a missing quote is reported at
 * `evidence.quote`, a page that answers 404 at `evidence.url`, and a site
 * that answers 503 leaves the check incomplete (exit 3).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_DIR } from '../../scripts/lib/paths.ts';
import { runEvidenceCli } from './support/run-cli.ts';

const PAGE = '/docs.devin.ai/de/work-with-devin/deepwiki-mcp';

/** The page as a documentation site serves it: markup around the list items, an entity, a script that must not count. */
const HTML = `<!doctype html><html><head><title>DeepWiki MCP</title><script>var x = "ask_question - nothing";</script></head>
<body><main><h3>Verfügbare Tools</h3><ol>
<li><strong><code>read_wiki_structure</code></strong> - Ruft eine Liste von Dokumentationsthemen f&uuml;r ein GitHub-Repository ab</li>
<li><strong><code>read_wiki_contents</code></strong> - Zeigt die   Dokumentation zu einem
   GitHub-Repository an</li>
<li><strong><code>ask_question</code></strong> - Stellt eine beliebige Frage zu einem GitHub-Repository und erhält eine KI-gestützte, kontextbezogene Antwort</li>
</ol></main></body></html>`;

let server: Server;
let mirror: string;
let status = 200;
let body = HTML;
const requests: string[] = [];
const scratch: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A registry directory holding only `registry/deepwiki.yaml`, edited by `edit`. */
function deepwikiRegistry(edit: (text: string) => string = (text) => text): { dir: string; text: string } {
  const dir = tempDir('rclass-evidence-docs-');
  const file = path.join(dir, 'deepwiki.yaml');
  copyFileSync(path.join(REGISTRY_DIR, 'deepwiki.yaml'), file);
  const text = edit(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  return { dir, text };
}

/** The 1-based line and column where `needle` starts in `text`. */
function positionOf(text: string, needle: string): string {
  expect(text.includes(needle)).toBe(true);
  const before = text.slice(0, text.indexOf(needle));
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}

const run = (dir: string) =>
  runEvidenceCli({ RCLASS_REGISTRY_DIR: dir, RCLASS_DOCUMENTATION_MIRROR: mirror, RCLASS_EVIDENCE_RETRIES: '0', HOME: tempDir('rclass-evidence-home-') });

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url !== PAGE) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(status === 200 ? body : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("npm run evidence on the vendor's documentation", () => {
  it('finds every quote of the deepwiki record in its page, reading the page once (exit 0)', async () => {
    status = 200;
    body = HTML;
    requests.length = 0;
    const result = await run(deepwikiRegistry().dir);
    expect(result.stdout.trim()).toBe(
      '3 citations of 1 records in 1 documentation pages, each tool name looked for within 3 lines of its cited line and each quote in its page: no problems',
    );
    expect(result.code).toBe(0);
    expect(requests).toEqual([PAGE]);
  });

  it('reports a quote the page does not contain at evidence.quote (exit 1)', async () => {
    status = 200;
    body = HTML.replace('<li><strong><code>ask_question</code></strong> - Stellt', '<li><strong><code>ask_question</code></strong> - Stellte');
    const { dir, text } = deepwikiRegistry();
    const result = await run(dir);
    expect(result.stdout.split('\n')[0]).toBe(
      `${dir}/deepwiki.yaml:${positionOf(text, '"ask_question - Stellt')}  error  [evidence-online]  the quote of \`ask_question\` does not appear in the text of \`https://docs.devin.ai/de/work-with-devin/deepwiki-mcp\` (tags removed, whitespace collapsed); quote the page verbatim`,
    );
    expect(result.code).toBe(1);
  });

  it('reports a page that answers 404 at every evidence.url citing it (exit 1)', async () => {
    status = 404;
    const { dir, text } = deepwikiRegistry();
    const result = await run(dir);
    const lines = result.stdout.split('\n').filter((line) => line.includes('[evidence-online]'));
    expect(lines).toHaveLength(3);
    const first = text.indexOf('url: https://docs.devin.ai/de/work-with-devin/deepwiki-mcp') + 'url: '.length;
    const before = text.slice(0, first);
    expect(lines[0]).toBe(
      `${dir}/deepwiki.yaml:${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}  error  [evidence-online]  the documentation page \`https://docs.devin.ai/de/work-with-devin/deepwiki-mcp\` cited for \`ask_question\` answered HTTP 404`,
    );
    expect(result.code).toBe(1);
  });

  it('leaves the check incomplete when the site answers 503, never passed (exit 3)', async () => {
    status = 503;
    const result = await run(deepwikiRegistry().dir);
    expect(result.stderr).toContain(
      'evidence check incomplete: docs.devin.ai could not be read: HTTP 503; 3 quotes of https://docs.devin.ai/de/work-with-devin/deepwiki-mcp not checked',
    );
    expect(result.code).toBe(3);
  });
});
