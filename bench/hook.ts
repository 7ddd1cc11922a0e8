/**
 * `rclass hook` as Claude Code runs it, whole process, against a bare
 * `node -e 0` measured in the same run (issue 14). Each case runs in
 * alternating pairs (baseline, hook, baseline, hook, …) after a warm-up, and
 * the ratio is taken pair by pair; medians are printed, for wall time and
 * for CPU time (user + system, which a loaded machine does not inflate the
 * way it inflates wall time). Figures only: nothing is asserted.
 *
 * The hook runs from a package folder laid out as npm installs it (a fresh
 * bundle of the current source), with a temporary home whose
 * `~/.claude.json` runs the memory and SQLite servers, the same session
 * throughout (steady state), and payloads shaped as Claude Code sends them.
 * The 2 MB case pads `~/.claude.json` with 400 projects' history, as Claude
 * Code keeps it. The warm-up runs leave the hook's V8 code cache beside the
 * package's bundle, as the build does. One case runs the hook through the
 * `/bin/sh` guard the generated settings use (issue 23), to show its cost. Times come
 * from bash's `time` keyword (millisecond resolution), so bash must be on
 * the PATH. On a loaded machine wall time grows with every wait for the
 * scheduler; CPU time much less, so read the CPU ratio there.
 *
 * With `--factor N` the package's registry is N times today's (issue 24
 * item 5): the real records and N − 1 synthetic copies of each
 * (`scripts/synthetic-registry.ts`: same shapes, new names, packages and
 * URLs), so a decision reads an index N times as large while the memory and
 * SQLite servers are still the real records. `npm run bench` runs it at 1,
 * 2 and 10.
 *
 * Usage: `npx tsx bench/hook.ts [--pairs N] [--factor N]` (defaults 15 and 1).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RegistryDocument } from '../src/core/record.ts';
import { bundleCli } from '../scripts/steps/cli-bundle.ts';
import { writeRegistryIndex } from '../scripts/steps/registry-index.ts';
import { syntheticCopy } from '../scripts/synthetic-registry.ts';
import { guardedWords } from '../src/export/hook-guard.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pairsArg = process.argv.indexOf('--pairs');
const PAIRS = pairsArg > 0 ? Number(process.argv[pairsArg + 1]) : 15;
const factorArg = process.argv.indexOf('--factor');
const FACTOR = factorArg > 0 ? Number(process.argv[factorArg + 1]) : 1;
if (!Number.isInteger(FACTOR) || FACTOR < 1) throw new Error('--factor takes a whole number of at least 1');

/** The issue's targets, as ratios to `node -e 0`; each is checked against the wall and the CPU ratio. */
const TARGETS: Record<string, number> = {
  'PreToolUse Read (built-in)': 1.7,
  'PreToolUse Read, through the generated command (sh guard)': 1.7,
  'PreToolUse MCP (memory)': 2.2,
  'PreToolUse MCP, 2 MB ~/.claude.json': 2.5,
  'PreToolUse MCP SQL (sqlite SELECT)': 5,
  'PostToolUse MCP (memory)': 1.7,
};

interface Sample {
  wall: number;
  cpu: number;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Run a command once under bash's `time`; returns wall and CPU seconds. */
function timed(command: string[], input: string, env: NodeJS.ProcessEnv, cwd: string): Sample {
  const line = `TIMEFORMAT='%3R %3U %3S'; { time ${command.map(shellQuote).join(' ')} <${shellQuote(input)} >/dev/null 2>/dev/null ; } 2>&1`;
  const result = spawnSync('bash', ['-c', line], { env, cwd, encoding: 'utf8' });
  const [wall, user, sys] = result.stdout.trim().split(/\s+/).map(Number);
  if (wall === undefined || user === undefined || sys === undefined || Number.isNaN(wall))
    throw new Error(`could not time ${command.join(' ')}: ${result.stdout}${result.stderr}`);
  return { wall, cpu: user + sys };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function installedPackage(dir: string): Promise<void> {
  for (const item of ['package.json', 'bin', 'schema']) cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  mkdirSync(path.join(dir, 'build'), { recursive: true });
  const registry = path.join(ROOT, 'build', 'registry.json');
  if (!existsSync(registry)) spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, RCLASS_SKIP_SITE: '1' } });
  let text = readFileSync(registry, 'utf8');
  if (FACTOR > 1) {
    const document = JSON.parse(text) as RegistryDocument;
    const copies = document.servers.flatMap((record) => Array.from({ length: FACTOR - 1 }, (_, copy) => syntheticCopy(record, copy + 1)));
    document.servers = [...document.servers, ...copies].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    text = JSON.stringify(document);
  }
  writeFileSync(path.join(dir, 'build', 'registry.json'), text);
  await writeRegistryIndex(JSON.parse(text) as RegistryDocument, text, path.join(dir, 'build', 'registry-index'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await bundleCli(path.join(dir, 'build', 'cli', 'rclass.mjs'));
}

/** A `~/.claude.json` of about `bytes`, padded with projects' history as Claude Code keeps it. */
function claudeJson(servers: Record<string, unknown>, bytes: number, projectDir: string): string {
  const doc: Record<string, unknown> = { numStartups: 120, installMethod: 'npm', autoUpdates: true, mcpServers: servers };
  const projects: Record<string, unknown> = { [projectDir]: { allowedTools: [], history: [], mcpServers: {} } };
  let size = JSON.stringify(doc).length;
  for (let i = 0; size < bytes; i += 1) {
    const history = Array.from({ length: 12 }, (_, j) => ({
      display: `refactor module ${i}-${j}: move the parser into its own file and update the callers accordingly`,
      pastedContents: {},
    }));
    const project = {
      allowedTools: ['Bash(npm test)'],
      history,
      mcpContextUris: [],
      mcpServers: {},
      enabledMcpjsonServers: [],
      disabledMcpjsonServers: [],
      hasTrustDialogAccepted: true,
      projectOnboardingSeenCount: 2,
      lastCost: 0.42,
      lastDuration: 123456,
    };
    projects[`/home/user/src/project-${i}`] = project;
    size += JSON.stringify({ [`/home/user/src/project-${i}`]: project }, null, 2).length + 2 * 2 * 12;
  }
  doc.projects = projects;
  return JSON.stringify(doc, null, 2);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'rclass-bench-hook-'));
try {
  const pkg = path.join(work, 'pkg');
  await installedPackage(pkg);
  // What the generated hook settings start (`rclass policy --format claude-hook`).
  const bin = path.join(pkg, 'bin', 'rclass-hook.cjs');
  const project = path.join(work, 'project');
  mkdirSync(project, { recursive: true });
  const servers = {
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
    sqlite: { command: 'uvx', args: ['mcp-server-sqlite', '--db-path', path.join(work, 'app.db')] },
  };
  const homes = { small: path.join(work, 'home-small'), large: path.join(work, 'home-large') };
  mkdirSync(homes.small, { recursive: true });
  mkdirSync(homes.large, { recursive: true });
  writeFileSync(path.join(homes.small, '.claude.json'), claudeJson(servers, 0, project));
  const large = claudeJson(servers, 2 * 1024 * 1024, project);
  writeFileSync(path.join(homes.large, '.claude.json'), large);
  const envFor = (home: string): NodeJS.ProcessEnv => ({ HOME: home, CLAUDE_PROJECT_DIR: project, USER: 'bench', PATH: process.env.PATH ?? '' });

  const payload = (session: string, event: string, tool: string, input: unknown): string => {
    const file = path.join(work, `${session}-${event}-${tool}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        session_id: session,
        transcript_path: path.join(work, `${session}.jsonl`),
        cwd: project,
        permission_mode: 'default',
        hook_event_name: event,
        tool_name: tool,
        tool_input: input,
        tool_use_id: 'toolu_01BenchBenchBenchBench',
        ...(event === 'PostToolUse' ? { tool_response: { ok: true } } : {}),
      }),
    );
    return file;
  };
  const entities = { entities: [{ name: 'bench', entityType: 'note', observations: ['one'] }] };
  const cases: Array<{ name: string; input: string; env: NodeJS.ProcessEnv; guarded?: boolean }> = [
    {
      name: 'PreToolUse Read (built-in)',
      input: payload('s-small', 'PreToolUse', 'Read', { file_path: path.join(project, 'README.md') }),
      env: envFor(homes.small),
    },
    {
      name: 'PreToolUse Read, through the generated command (sh guard)',
      input: payload('s-small', 'PreToolUse', 'Read', { file_path: path.join(project, 'README.md') }),
      env: envFor(homes.small),
      guarded: true,
    },
    { name: 'PreToolUse MCP (memory)', input: payload('s-small', 'PreToolUse', 'mcp__memory__create_entities', entities), env: envFor(homes.small) },
    {
      name: 'PreToolUse MCP, 2 MB ~/.claude.json',
      input: payload('s-large', 'PreToolUse', 'mcp__memory__create_entities', entities),
      env: envFor(homes.large),
    },
    {
      name: 'PreToolUse MCP SQL (sqlite SELECT)',
      input: payload('s-small', 'PreToolUse', 'mcp__sqlite__write_query', { query: 'SELECT id, name FROM users WHERE id = 1' }),
      env: envFor(homes.small),
    },
    { name: 'PostToolUse MCP (memory)', input: payload('s-small', 'PostToolUse', 'mcp__memory__create_entities', entities), env: envFor(homes.small) },
  ];
  const hookCommand = [process.execPath, bin, 'hook', '--log', path.join(work, 'audit.jsonl')];
  // What the generated settings run (issue 23): the same words through the `/bin/sh` guard.
  const guardedCommand = guardedWords(hookCommand);
  const empty = path.join(work, 'empty');
  writeFileSync(empty, '');
  const baseline = [process.execPath, '-e', '0'];

  console.log(
    `rclass hook vs node -e 0 (${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; registry ${FACTOR === 1 ? "today's" : `${FACTOR}× today's`}; ~/.claude.json ${(large.length / 1024 / 1024).toFixed(1)} MB in the large case); ${PAIRS} alternating pairs each, medians`,
  );
  console.log('');
  console.log('| case | node -e 0 wall / CPU | hook wall / CPU | ratio wall | ratio CPU | target | met (wall / CPU) |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const c of cases) {
    // Warm-up: the session's state, the page cache and the audit log exist before counting.
    const command = c.guarded === true ? guardedCommand : hookCommand;
    for (let i = 0; i < 2; i += 1) timed(command, c.input, c.env, project);
    const base: Sample[] = [];
    const hook: Sample[] = [];
    const ratioWall: number[] = [];
    const ratioCpu: number[] = [];
    for (let i = 0; i < PAIRS; i += 1) {
      const b = timed(baseline, empty, c.env, project);
      const h = timed(command, c.input, c.env, project);
      base.push(b);
      hook.push(h);
      ratioWall.push(h.wall / b.wall);
      ratioCpu.push(h.cpu / Math.max(b.cpu, 0.001));
    }
    const ms = (s: number) => `${Math.round(s * 1000)} ms`;
    const target = TARGETS[c.name]!;
    const wall = median(ratioWall);
    const cpu = median(ratioCpu);
    const met = (ratio: number) => (ratio <= target ? 'yes' : 'no');
    console.log(
      `| ${c.name} | ${ms(median(base.map((s) => s.wall)))} / ${ms(median(base.map((s) => s.cpu)))} | ${ms(median(hook.map((s) => s.wall)))} / ${ms(median(hook.map((s) => s.cpu)))} | ${wall.toFixed(2)}× | ${cpu.toFixed(2)}× | ≤ ${target}× | ${met(wall)} / ${met(cpu)} |`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
