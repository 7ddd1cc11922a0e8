/**
 * Recognising images run through `docker run` and `podman run` (SPEC 6.1,
 * 6.2, 6.4). Browser-safe.
 */
import { canonicalImageName, hasRegistryHost, parseImageRef } from '../image-ref.ts';
import { MOUNT_OPTIONS, MOUNT_REFUSED, mountIsEmpty, mountProblem, mountTarget } from './container-mounts.ts';
import { envProblem, failed, optionName, WINDOWS_EXTENSION } from './shared.ts';
import type { Found, IdentityIndex, Step } from './types.ts';

const DOCKER_FLAGS = new Set([
  '-i',
  '--interactive',
  '-t',
  '--tty',
  '-d',
  '--detach',
  '--rm',
  '--init',
  '--read-only',
  '--privileged',
  '-P',
  '--publish-all',
  '--no-healthcheck',
  '-q',
  '--quiet',
  '--oom-kill-disable',
  '--sig-proxy',
  '--replace',
]);
const DOCKER_WITH_VALUE = new Set([
  '-e',
  '--env',
  '-v',
  '--volume',
  '--mount',
  '--name',
  '-p',
  '--publish',
  '--network',
  '--net',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '-l',
  '--label',
  '--platform',
  '--pull',
  '-m',
  '--memory',
  '--memory-swap',
  '--memory-reservation',
  '--cpus',
  '--cpu-shares',
  '-c',
  '--cpuset-cpus',
  '--add-host',
  '--cap-add',
  '--cap-drop',
  '--security-opt',
  '--device',
  '--dns',
  '--dns-search',
  '--dns-option',
  '-h',
  '--hostname',
  '--ipc',
  '--pid',
  '--restart',
  '--runtime',
  '--tmpfs',
  '--ulimit',
  '--log-driver',
  '--log-opt',
  '--shm-size',
  '--stop-signal',
  '--stop-timeout',
  '--group-add',
  '--userns',
  '--uts',
  '--gpus',
  '--expose',
  '--cidfile',
  '--network-alias',
  '--ip',
  '--ip6',
  '--mac-address',
  '--link',
  '--attach',
  '-a',
  '--cgroupns',
  '--cgroup-parent',
  '--isolation',
  '--pids-limit',
  '--storage-opt',
  '--sysctl',
  '--volume-driver',
  '--volumes-from',
  '--annotation',
  '--domainname',
  '--arch',
  '--os',
  '--health-interval',
  '--health-retries',
  '--health-timeout',
  '--health-start-period',
]);
const DOCKER_REFUSED: Readonly<Record<string, string>> = {
  '--entrypoint': "overrides the image's entrypoint, so another program runs",
  '--env-file': 'reads environment variables from a file rclass cannot see, which may change what runs',
  '--env-host': 'passes the whole host environment into the container, which may change what runs',
  '--health-cmd': 'runs a command of its own inside the container',
};
/** Programs that, named right after the image, replace its command rather than give it arguments (SPEC 6.2). */
const COMMAND_NAMES =
  /^(sh|bash|zsh|dash|ash|ksh|fish|busybox|env|exec|node|nodejs|deno|bun|python[0-9.]*|pip[0-9.]*|npx|npm|pnpm|yarn|uvx|uv|pipx|perl|ruby|php|java|cmd|powershell|pwsh)$/;

/**
 * Read `docker run …` or `podman run …` (SPEC 6.1, 6.2): only flags that
 * cannot change what runs, then an image a record (or a server mapping,
 * SPEC 6.3) names, with no command after it.
 * @param words the command line from the launcher on, e.g. `['docker', 'run', '-i', '--rm', 'mcp/github']`
 * @param launcher `docker` or `podman`
 * @returns the match, or an error naming the option, image or word that left it unrecognised
 */
export function identifyContainer(words: string[], launcher: string, index: IdentityIndex): Step<Found> {
  let i = 1;
  if (words[i] === 'container') i += 1;
  if (words[i] !== 'run') {
    if (words[i]?.startsWith('-'))
      return { error: `\`${launcher}\` options before \`run\` (such as \`${optionName(words[i]!)}\`) can choose another daemon or configuration` };
    return { error: `\`${`${launcher} ${words[i] ?? ''}`.trim()}\` is not \`${launcher} run\`` };
  }
  i += 1;
  const targets: Array<{ option: string; target: string | undefined; empty: boolean }> = [];
  const envKeys: string[] = [];
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (!word.startsWith('-') || word === '-') break;
    if (word === '--') return { error: `\`${launcher} run --\` is not understood` };
    const eq = word.indexOf('=');
    const option = eq > 0 && word.startsWith('--') ? word.slice(0, eq) : word;
    const inline = eq > 0 && word.startsWith('--') ? word.slice(eq + 1) : undefined;
    const shown = optionName(word);
    if (Object.hasOwn(DOCKER_REFUSED, option)) return { error: `\`${launcher} run ${option}\` ${DOCKER_REFUSED[option]}` };
    if (Object.hasOwn(MOUNT_REFUSED, option)) return { error: `\`${launcher} run ${option}\` ${MOUNT_REFUSED[option]}` };
    if (DOCKER_FLAGS.has(option) || /^-[itdqP]{2,}$/.test(option)) continue;
    if (!DOCKER_WITH_VALUE.has(option)) return { error: `the \`${launcher} run\` option \`${shown}\` is not understood` };
    let value = inline;
    if (value === undefined) {
      i += 1;
      value = words[i];
      if (value === undefined) return { error: `the \`${launcher} run\` option \`${option}\` has no value` };
    }
    if (MOUNT_OPTIONS.has(option)) {
      targets.push({ option, target: mountTarget(option, value), empty: mountIsEmpty(option, value) });
    }
    if (option === '-e' || option === '--env') envKeys.push(value.split('=')[0] ?? '');
  }
  const envWhy = envProblem(envKeys);
  if (envWhy !== undefined) return { error: `\`${launcher} run -e\` ${envWhy} in the container` };
  const ref = words[i];
  if (ref === undefined) return { error: `\`${launcher} run\` names no image` };
  const image = parseImageRef(ref);
  if (failed(image)) return image;
  const after = words[i + 1];
  if (after !== undefined && !after.startsWith('-')) {
    const base = (after.split(/[\\/]/).at(-1) ?? after).replace(WINDOWS_EXTENSION, '').toLowerCase();
    if (COMMAND_NAMES.test(base)) return { error: `\`${launcher} run\` passes the command \`${after}\` after the image, replacing the server` };
  }
  const name = canonicalImageName(image.name);
  if (launcher === 'podman' && !hasRegistryHost(image.name)) {
    return {
      error: `podman resolves the short image name \`${image.name}\` through its own registry search list; write the registry host, e.g. \`docker.io/${name}\``,
    };
  }
  const mapped = index.mapped?.images.get(name);
  const ids = new Set([...(index.images.get(name) ?? []), ...(mapped?.keys() ?? [])]);
  if (ids.size === 0) return { error: `no record names the image \`${image.name}\`` };
  if (ids.size > 1) return { error: `the image \`${image.name}\` is named by several records (${[...ids].sort().join(', ')})` };
  for (const { option, target, empty } of targets) {
    if (target === undefined) return { error: `the \`${launcher} run ${option}\` value is not understood, so what it mounts where is unknown` };
    const problem = mountProblem(name, target, empty);
    if (problem !== undefined) return { error: `\`${launcher} run ${option}\` ${problem}` };
  }
  const recordId = [...ids][0]!;
  const tagText = image.digest !== undefined ? `@${image.digest.slice(0, 19)}…` : image.tag !== undefined ? `:${image.tag}` : '';
  const at = index.images.get(name)?.has(recordId) === true ? undefined : mapped?.get(recordId);
  return {
    recordId,
    subject: `image ${image.name}${tagText}`,
    version: image.version,
    launcher: `${launcher} run`,
    ...(at !== undefined ? { mapping: at } : {}),
  };
}
