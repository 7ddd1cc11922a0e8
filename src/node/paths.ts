// Where does a path argument really point? (SPEC 5.4.3) Node-only.
//
// A tool may normalise `..` lexically before touching the disk (as Node's
// path.resolve does) or hand the raw path to the kernel, which walks it
// component by component and follows symlinks on the way, so `link/..` leaves
// through the link. Both readings are resolved here, following every symlink
// (dangling ones too: writing through a dangling link creates its target), and
// a path is within the roots only if both readings are. For a path that does
// not exist yet, resolution follows the existing components and appends the
// rest as text, so a new file is judged by its nearest existing parent.
//
// What text and lstat cannot prove (SPEC 5.4.3): a path through /proc or
// /dev/fd means another process's view (`/proc/self/cwd` is the tool's working
// folder, not ours), so any path that reaches them is refused; a regular file
// with more than one hard link may be the same file as one outside, so it is
// not provably inside; device files, FIFOs and sockets write elsewhere by
// nature. Bind mounts and changes after the check stay invisible.

import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { isContained, procfsReason } from '../core/paths.ts';

/** Most symlinks followed while resolving one path (Linux's own limit is 40). */
const MAX_SYMLINKS = 40;
/** Longest path accepted, in UTF-16 code units. */
const MAX_PATH_LENGTH = 4096;

type Resolved = { ok: true; path: string; links: number } | { ok: false; reason: string };

/**
 * Resolve an absolute path the way the kernel walks it: components in order,
 * `..` taken physically (from the real parent), symlinks replaced by their
 * targets, until a component does not exist; from there on the remaining
 * components are applied as text. Bounded by MAX_SYMLINKS. Never throws.
 */
async function resolvePhysical(absolute: string): Promise<Resolved> {
  const p = path;
  const rootOf = (s: string) => p.parse(s).root;
  let current = rootOf(absolute);
  let pending = absolute
    .slice(current.length)
    .split(/[\\/]+/)
    .filter((c) => c.length > 0);
  let links = 0;
  let missing = false;
  let steps = 0;
  while (pending.length > 0) {
    if (++steps > 10_000) return { ok: false, reason: 'path resolution took too many steps' };
    const c = pending.shift() as string;
    if (c === '.') continue;
    if (c === '..') {
      current = p.dirname(current);
      continue;
    }
    const next = p.join(current, c);
    const special = procfsReason(next);
    if (special) return { ok: false, reason: special };
    if (missing) {
      current = next;
      continue;
    }
    let isLink = false;
    try {
      isLink = (await lstat(next)).isSymbolicLink();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        missing = true;
        current = next;
        continue;
      }
      return { ok: false, reason: `cannot inspect a component of the path (${code ?? 'error'})` };
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++links > MAX_SYMLINKS) return { ok: false, reason: 'too many symlinks (a loop?)' };
    let target: string;
    try {
      target = await readlink(next);
    } catch (e) {
      return { ok: false, reason: `cannot read a symlink (${(e as { code?: string }).code ?? 'error'})` };
    }
    if (procfsReason(target)) return { ok: false, reason: procfsReason(target) as string };
    if (p.isAbsolute(target)) {
      current = rootOf(target);
      pending = [
        ...target
          .slice(current.length)
          .split(/[\\/]+/)
          .filter((x) => x.length > 0),
        ...pending,
      ];
    } else {
      pending = [...target.split(/[\\/]+/).filter((x) => x.length > 0), ...pending];
    }
  }
  return { ok: true, path: current, links };
}

/**
 * Why an existing resolved path cannot be shown to stay inside, or undefined:
 * a regular file with more than one hard link (another name, perhaps outside
 * the roots, reaches the same data; the link's other names cannot be found
 * without searching every file system), or a device file, FIFO or socket
 * (writing one acts elsewhere). Directories and missing paths pass. lstat
 * errors other than ENOENT/ENOTDIR give a reason. Never throws. SPEC 5.4.3.
 */
async function fileKindReason(resolved: string): Promise<string | undefined> {
  try {
    const st = await lstat(resolved);
    if (st.isDirectory()) return undefined;
    if (st.isFile()) return st.nlink > 1 ? `the file has ${st.nlink} hard links, so another name outside the allowed roots may reach it` : undefined;
    return 'a device file, FIFO or socket acts outside the folder it sits in';
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return `cannot inspect the path (${code ?? 'error'})`;
  }
}

/**
 * Is `target` inside one of `roots` once symlinks are followed? (SPEC 5.4.3)
 * `target` must be an absolute path (relative paths and `~` are not expanded:
 * the tool's working directory and home are unknown, so they are outside).
 * Roots are resolved the same way and must exist. Both the kernel's reading
 * and the lexical-normalise-then-resolve reading of `target` must land inside
 * a root, compared component by component ({@link isContained}). A path that
 * does not exist is judged by its nearest existing parent. A path that reaches
 * `/proc` or `/dev/fd` (textually or through a link), a regular file with more
 * than one hard link, and a device file, FIFO or socket are not within.
 * `resolved` is the kernel reading's result. Resolves to `{ within, resolved?, reason }`;
 * never rejects.
 */
export async function isPathWithin(target: string, roots: readonly string[]): Promise<{ within: boolean; resolved?: string; reason: string }> {
  try {
    if (typeof target !== 'string' || target.length === 0) return { within: false, reason: 'not a path' };
    if (target.length > MAX_PATH_LENGTH) return { within: false, reason: `longer than ${MAX_PATH_LENGTH} characters` };
    if (target.includes('\u0000')) return { within: false, reason: 'contains a nul character' };
    if (!path.isAbsolute(target)) return { within: false, reason: 'not an absolute path' };
    const special = procfsReason(path.resolve(target)) ?? procfsReason(target);
    if (special) return { within: false, reason: special };
    const realRoots: string[] = [];
    for (const root of Array.isArray(roots) ? roots : []) {
      if (typeof root !== 'string' || !path.isAbsolute(root) || root.includes('\u0000')) continue;
      const r = await resolvePhysical(root);
      if (r.ok) {
        try {
          if ((await lstat(r.path)).isDirectory()) realRoots.push(r.path);
        } catch {
          // a root that does not exist covers nothing
        }
      }
    }
    if (realRoots.length === 0) return { within: false, reason: 'no allowed root exists' };
    const kernel = await resolvePhysical(target);
    if (!kernel.ok) return { within: false, reason: kernel.reason };
    const lexical = await resolvePhysical(path.resolve(target));
    if (!lexical.ok) return { within: false, resolved: kernel.path, reason: lexical.reason };
    const inside = (p: string) => realRoots.some((r) => isContained(p, r));
    if (inside(kernel.path) && inside(lexical.path)) {
      const kind = await fileKindReason(kernel.path);
      if (kind) return { within: false, resolved: kernel.path, reason: kind };
      return { within: true, resolved: kernel.path, reason: 'inside an allowed root' };
    }
    const textual = path.resolve(target);
    const textuallyInside = roots.some((r) => typeof r === 'string' && isContained(textual, path.resolve(r)));
    const why = textuallyInside && (kernel.links > 0 || lexical.links > 0) ? 'a symlink leads outside the allowed roots' : 'outside every allowed root';
    return { within: false, resolved: kernel.path, reason: why };
  } catch (e) {
    return { within: false, reason: `internal error (${e instanceof Error ? e.name : 'unknown'})` };
  }
}
