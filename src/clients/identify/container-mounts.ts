/**
 * Mounts and working folders in `docker run` / `podman run` (SPEC 6.2). A
 * mount can put other files where the image keeps its code
 * (`-v ./evil:/app mcp/memory` runs `./evil/dist/index.js`, since that
 * image runs `node dist/index.js` from `/app`), so a container entry with a
 * mount is recognised only when every mount lands inside a folder the image
 * is documented to use for data and keeps no code in. Browser-safe.
 */

/**
 * Folders in an image that hold data only, per canonical image name. Each
 * entry cites the image's Dockerfile (where its code lives) and the
 * server's documentation (where users mount data).
 */
const DATA_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  // modelcontextprotocol/servers src/filesystem/Dockerfile (76d64c8): code in /app, ENTRYPOINT ["node", "/app/dist/index.js"];
  // src/filesystem/README.md mounts the user's folders under /projects (`--mount type=bind,src=…,dst=/projects/…`).
  'mcp/filesystem': ['/projects'],
};

/** Options that mount something into the container, read by {@link mountTarget}. */
export const MOUNT_OPTIONS = new Set(['-v', '--volume', '--mount', '--tmpfs']);

/** Options refused whatever their value, with why (SPEC 6.2). */
export const MOUNT_REFUSED: Readonly<Record<string, string>> = {
  '--volumes-from': "mounts every volume of another container, at folders rclass cannot see, which may replace the server's code",
  '-w': "changes the folder the image's command starts in, so a relative entrypoint may run other code",
  '--workdir': "changes the folder the image's command starts in, so a relative entrypoint may run other code",
};

/**
 * The container folder a mount option puts something at.
 * @param option `-v`, `--volume`, `--mount` or `--tmpfs`
 * @param value the option's value, e.g. `./evil:/app:ro`, `type=bind,src=./evil,dst=/app`, `/run:size=64k`
 * @returns the absolute target with `.` and empty segments removed, or undefined when it cannot be read (then the entry is unrecognised)
 */
export function mountTarget(option: string, value: string): string | undefined {
  let target: string | undefined;
  if (option === '--mount') {
    // Docker reads --mount as CSV; quotes would let a field contain a comma, so they are not read here.
    if (value.includes('"')) return undefined;
    const fields = new Map<string, string>();
    for (const field of value.split(',')) {
      const eq = field.indexOf('=');
      const key = (eq < 0 ? field : field.slice(0, eq)).trim().toLowerCase();
      if (fields.has(key)) return undefined;
      fields.set(key, eq < 0 ? '' : field.slice(eq + 1));
    }
    const targets = ['target', 'dst', 'destination'].filter((key) => fields.has(key));
    if (targets.length !== 1) return undefined;
    target = fields.get(targets[0]!);
  } else if (option === '--tmpfs') {
    target = value.split(':')[0];
  } else {
    // `-v [SOURCE:]TARGET[:OPTIONS]`; a Windows source starts with a drive letter (`C:\data:/projects`).
    const parts = value.split(':');
    if (parts.length > 1 && /^[A-Za-z]$/.test(parts[0]!) && /^[\\/]/.test(parts[1]!)) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
    target = parts.length === 1 ? parts[0] : parts[1];
  }
  if (target === undefined || !target.startsWith('/') || target.includes('\\')) return undefined;
  const segments = target.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return undefined;
  return `/${segments.join('/')}`;
}

/**
 * Whether a mount puts an empty in-memory folder there (`--tmpfs`, `--mount type=tmpfs`), which
 * brings no files of its own: it can hide the image's code, not put other code in its place.
 */
export function mountIsEmpty(option: string, value: string): boolean {
  if (option === '--tmpfs') return true;
  return option === '--mount' && value.split(',').some((field) => /^\s*type\s*=\s*tmpfs\s*$/i.test(field));
}

/**
 * Why a mount at `target` could change what an image runs, or undefined
 * when it lands inside one of the image's data folders.
 * @param image the canonical image name, e.g. `mcp/filesystem`
 * @param target from {@link mountTarget}
 * @param empty the mount is an empty in-memory folder ({@link mountIsEmpty}): it hides what is there rather than replacing it
 */
export function mountProblem(image: string, target: string, empty = false): string | undefined {
  const folders = Object.hasOwn(DATA_FOLDERS, image) ? DATA_FOLDERS[image]! : [];
  if (folders.some((folder) => target === folder || target.startsWith(`${folder}/`))) return undefined;
  // An empty folder over code hides it; a loader that then looks elsewhere (a parent `node_modules`, another path entry) runs other code.
  const effect = empty ? 'the empty folder may hide part of the server and let other code run in its place' : "the mount may replace the server's code";
  const what = empty ? 'an empty folder' : 'a folder';
  if (folders.length === 0) return `mounts ${what} at \`${target}\`, and rclass knows no folder of \`${image}\` that holds data only, so ${effect}`;
  return `mounts ${what} at \`${target}\`, outside the image's data folders (${folders.map((folder) => `\`${folder}\``).join(', ')}), so ${effect}`;
}
