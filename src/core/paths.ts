// Component-wise path containment (SPEC 5.4.3). Pure and browser-safe: it
// compares path text only; resolving symlinks is src/node/paths.ts's job.

type Parsed = { style: 'posix' | 'windows'; root: string; parts: string[] };

/**
 * Split an absolute path into a root and its components, or undefined when the
 * path is not absolute, holds a NUL, or still has `.`/`..` components (it was
 * not resolved). POSIX paths start with `/`; Windows paths with a drive
 * (`C:\`), a UNC share (`\\server\share`) or the `\\?\` long-path prefix of
 * either; Windows paths accept both separators and compare case-insensitively.
 */
function parse(p: string): Parsed | undefined {
  if (typeof p !== 'string' || p.length === 0 || p.includes('\u0000')) return undefined;
  let style: Parsed['style'];
  let root: string;
  let rest: string;
  if (p.startsWith('/')) {
    // "//x" is implementation-defined on POSIX (and a UNC share on Windows): refuse it.
    if (/^\/\/[^/]/.test(p)) return undefined;
    style = 'posix';
    root = '/';
    rest = p.replace(/^\/+/, '');
  } else {
    let w = p.replace(/\//g, '\\');
    if (/^\\\\\?\\[A-Za-z]:\\/.test(w)) w = w.slice(4);
    else if (/^\\\\\?\\UNC\\/i.test(w)) w = `\\\\${w.slice(8)}`;
    else if (/^\\\\[?.]\\/.test(w)) return undefined; // other device paths
    if (/^[A-Za-z]:\\/.test(w)) {
      root = `${w.slice(0, 2).toLowerCase()}\\`;
      rest = w.slice(3);
    } else if (/^\\\\[^\\]+\\[^\\]+/.test(w)) {
      const m = /^\\\\([^\\]+)\\([^\\]+)/.exec(w) as RegExpExecArray;
      root = `\\\\${(m[1] as string).toLowerCase()}\\${(m[2] as string).toLowerCase()}\\`;
      rest = w.slice(m[0].length);
    } else return undefined;
    style = 'windows';
    rest = rest.toLowerCase();
  }
  const sep = style === 'posix' ? '/' : '\\';
  const parts = rest.split(sep).filter((c) => c.length > 0);
  for (const c of parts) {
    if (c === '.' || c === '..') return undefined;
    // Windows ignores trailing dots and spaces in a component; refuse rather than guess.
    if (style === 'windows' && /[. ]$/.test(c)) return undefined;
  }
  return { style, root, parts };
}

/**
 * Why a POSIX path names another process's view of the file system, or
 * undefined: `/proc` and everything below it (`/proc/self/cwd/x` is the working
 * folder of whichever process opens it, `/proc/<pid>/root` another process's
 * root), and `/dev/fd`, `/dev/stdin`, `/dev/stdout`, `/dev/stderr` (links into
 * `/proc/self/fd`). Compares whole components, so `/process` is not `/proc`;
 * doubled separators are one. Text only, never throws. SPEC 5.4.3.
 */
export function procfsReason(p: string): string | undefined {
  if (typeof p !== 'string' || !p.startsWith('/')) return undefined;
  const parts = p.split('/').filter((c) => c.length > 0 && c !== '.');
  if (parts[0] === 'proc') return "a path under /proc names another process's view of the file system";
  if (parts[0] === 'dev' && parts[1] !== undefined && ['fd', 'stdin', 'stdout', 'stderr'].includes(parts[1])) {
    return `/dev/${parts[1]} is a process's open file, not a place in the folder`;
  }
  return undefined;
}

/**
 * True when `resolvedTarget` is `resolvedRoot` or lies beneath it, comparing
 * whole components (so `/allowed/dir-evil` is not inside `/allowed/dir`).
 * Both arguments must be absolute, already-resolved paths of the same style
 * (POSIX, or Windows with drive/UNC roots, compared case-insensitively);
 * anything else (relative paths, `.` or `..` components, NUL bytes, mixed
 * styles, Windows components ending in a dot or space, paths under `/proc`
 * or `/dev/fd`: {@link procfsReason}) gives false.
 * Implements SPEC 5.4.3. Never throws.
 */
export function isContained(resolvedTarget: string, resolvedRoot: string): boolean {
  try {
    if (procfsReason(resolvedTarget) || procfsReason(resolvedRoot)) return false;
    const t = parse(resolvedTarget);
    const r = parse(resolvedRoot);
    if (!t || !r || t.style !== r.style || t.root !== r.root) return false;
    if (r.parts.length > t.parts.length) return false;
    for (let i = 0; i < r.parts.length; i++) if (t.parts[i] !== r.parts[i]) return false;
    return true;
  } catch {
    return false;
  }
}
