/**
 * A tiny static file server for the built site, for the end-to-end tests and
 * for looking at a build locally. It serves like GitHub Pages does: `x/`
 * serves `x/index.html`, `x` redirects to `x/` when that is a folder, and
 * unknown addresses get `404.html` with status 404. Addresses outside the
 * base path are 404s, so a link that forgets the base path fails.
 *
 * Usage: tsx e2e/serve.ts [--dir build/site] [--port 4321] [--base /]
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.cedar': 'text/plain; charset=utf-8',
};

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build/site' },
    port: { type: 'string', default: '4321' },
    host: { type: 'string', default: '127.0.0.1' },
    base: { type: 'string', default: '/' },
  },
});
const root = resolve(values.dir);
const base = `/${values.base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');

async function fileAt(path: string): Promise<{ file: string; isDir: boolean } | undefined> {
  try {
    const info = await stat(path);
    return { file: path, isDir: info.isDirectory() };
  } catch {
    return undefined;
  }
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const send = async (status: number, file: string) => {
    const info = await stat(file);
    response.writeHead(status, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-store',
    });
    if (request.method === 'HEAD') return response.end();
    createReadStream(file).pipe(response);
  };
  const notFound = async () => {
    const page = join(root, '404.html');
    if (await fileAt(page)) return send(404, page);
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return notFound();
  }
  if (!pathname.startsWith(base) && `${pathname}/` !== base) return notFound();
  const relative = pathname.slice(base.length - 1);
  const target = normalize(join(root, relative));
  if (target !== root && !target.startsWith(root + sep)) return notFound();
  const found = await fileAt(target);
  if (found?.isDir) {
    if (!pathname.endsWith('/')) {
      response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    const index = join(target, 'index.html');
    return (await fileAt(index)) ? send(200, index) : notFound();
  }
  if (found) return send(200, target);
  return notFound();
});

server.listen(Number(values.port), values.host, () => {
  console.log(`serving ${root} at http://${values.host}:${values.port}${base}`);
});
