/**
 * Run the CLI in-process with injected arguments, stdin, environment and
 * working directory, collecting what it writes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { run } from '../../src/cli/main.ts';
import type { RegistryDocument } from '../../src/core/record.ts';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What one run produced. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options for {@link runCli}. */
export interface RunOptions {
  stdin?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/**
 * Run `rclass <argv…>` in this process.
 * @returns the exit code and everything written to stdout and stderr
 */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const input = options.stdin ?? '';
  const code = await run(argv, {
    stdin: (async function* () {
      if (input !== '') yield input;
    })(),
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    // A fresh empty HOME per run, so nothing a command writes can reach the real one.
    env: options.env ?? { HOME: tempDir() },
    cwd: options.cwd ?? ROOT,
  });
  return { code, stdout, stderr };
}

/** The temporary directories this test file made, removed after its last test. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file's last test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-test-'));
  made.push(dir);
  return dir;
}

/** Write a registry document to a temporary file and return its path. */
export function writeRegistry(document: RegistryDocument): string {
  const file = path.join(tempDir(), 'registry.json');
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
