/**
 * A stand-in for the npm registry on loopback (node:http, 127.0.0.1, a free
 * port), answering in the registry's shape:
 *
 * - `GET /{name}` (a scoped name's `/` sent as `%2f`): the packument,
 *   `{name, dist-tags: {latest}, versions: {version: {name, version, dist:
 *   {tarball, integrity, shasum}}}}`, or 404 `{error: "Not found"}`;
 * - `GET /{name}/-/{basename}-{version}.tgz`: the archive's bytes;
 * - in failing mode, every request gets 500 `{error: "Internal Server Error"}`.
 *
 * Every request is recorded so tests can tell what reached the "network".
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One published version the fake serves. */
export interface FakePackage {
  name: string;
  version: string;
  /** The `.tgz` archive, as `npm pack` writes it. */
  archive: Buffer;
  /** The `dist.integrity` the packument publishes; by default the archive's own (a different one stands for an archive altered after publishing). */
  integrity?: string;
}

/** A running fake. */
export interface FakeNpm {
  /** The base URL to put in `RCLASS_NPM_REGISTRY`, e.g. `http://127.0.0.1:40123/`. */
  url: string;
  /** Request paths (still percent-encoded) in the order they arrived. */
  requests: string[];
  /** When true, every request is answered with 500. */
  failing: boolean;
  /** Stop listening. */
  close(): Promise<void>;
}

/** npm's `dist.integrity` of an archive: `sha512-` and its base64 SHA-512. */
export function integrityOf(archive: Buffer): string {
  return `sha512-${createHash('sha512').update(archive).digest('base64')}`;
}

/**
 * Start a fake serving `packages`.
 * @returns the running fake; call `close()` when done
 */
export async function startFakeNpm(packages: readonly FakePackage[]): Promise<FakeNpm> {
  const requests: string[] = [];
  const state = { failing: false };
  let base = '';

  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (state.failing) {
      send(500, { error: 'Internal Server Error' });
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname).slice(1);
    const tarball = /^(.+)\/-\/[^/]+-([^/]+)\.tgz$/.exec(pathname);
    if (request.method === 'GET' && tarball) {
      const found = packages.find((pkg) => pkg.name === tarball[1] && pkg.version === tarball[2]);
      if (found === undefined) send(404, { error: 'Not found' });
      else {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.archive.length) });
        response.end(found.archive);
      }
      return;
    }
    const versions = packages.filter((pkg) => pkg.name === pathname);
    if (request.method !== 'GET' || versions.length === 0) {
      send(404, { error: 'Not found' });
      return;
    }
    const basename = pathname.slice(pathname.lastIndexOf('/') + 1);
    send(200, {
      name: pathname,
      'dist-tags': { latest: versions.at(-1)!.version },
      modified: '2026-12-01T00:00:00.000Z',
      versions: Object.fromEntries(
        versions.map((pkg) => [
          pkg.version,
          {
            name: pkg.name,
            version: pkg.version,
            dist: {
              tarball: `${base}${pkg.name}/-/${basename}-${pkg.version}.tgz`,
              integrity: pkg.integrity ?? integrityOf(pkg.archive),
              shasum: createHash('sha1').update(pkg.archive).digest('hex'),
            },
          },
        ]),
      ),
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/`;
  return {
    url: base,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
