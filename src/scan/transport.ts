/**
 * An MCP stdio client transport for servers that may be hostile. The SDK's
 * `StdioClientTransport` does not start its child in a process group of its
 * own, so what the server spawns could outlive it; this one does
 * (`detached: true` on POSIX) and kills the whole group when closed.
 *
 * Limits (a server that breaks one is cut off, and the reason recorded):
 * - one stdout line at most {@link MAX_LINE_BYTES};
 * - stdout at most {@link MAX_STDOUT_BYTES} in all;
 * - at most {@link MAX_JUNK_LINES} stdout lines that are not JSON-RPC
 *   (servers that log to stdout are tolerated up to there);
 * - only the last {@link STDERR_TAIL_BYTES} of stderr are kept.
 *
 * A child that starts a new session of its own (`setsid`) leaves the group;
 * on Linux with user namespaces the server runs in a PID namespace of its
 * own (pid-namespace.ts), which ends such a child too. Elsewhere it can
 * outlive the scan: run scans of untrusted configurations in a container. On Windows there are no process groups: the tree is ended with
 * `taskkill /T /F`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { inPidNamespace } from './pid-namespace.ts';

/** Longest stdout line accepted (bytes). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** Most stdout read from one server (bytes). */
export const MAX_STDOUT_BYTES = 32 * 1024 * 1024;
/** Most stdout lines that are not JSON-RPC messages. */
export const MAX_JUNK_LINES = 1000;
/** How much of the end of stderr is kept (bytes, roughly: UTF-16 units). */
const STDERR_TAIL_BYTES = 8 * 1024;

/** How to start a server. */
export interface LaunchSpec {
  command: string;
  args: readonly string[];
  /** The child's whole environment: nothing else is inherited. */
  env: Record<string, string>;
  cwd: string;
}

/** Why the transport cut a server off. */
export interface TransportFault {
  kind: 'spawn' | 'limit';
  /** Our words; safe to print. */
  message: string;
}

/** Process groups of servers still running, killed if rclass exits first. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function killTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Kill every server group still running (rclass is exiting, or was interrupted). */
export function killAllServers(): void {
  for (const child of live) killTree(child);
  live.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllServers);
}

/** A stdio transport whose server leads its own process group, with the limits above. */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Why the server was cut off, if it was. */
  fault: TransportFault | undefined;
  /** The last {@link STDERR_TAIL_BYTES} of stderr. Never printed unredacted. */
  stderrTail = '';
  /** Whether earlier stderr was dropped, so the tail may start in the middle of a line (or a secret). */
  stderrCut = false;
  /** How the child ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  #child: ChildProcess | undefined;
  readonly #buffer = new ReadBuffer({ maxBufferSize: MAX_LINE_BYTES });
  #stdoutBytes = 0;
  #junkLines = 0;
  #closed: Promise<void> | undefined;

  constructor(private readonly launch: LaunchSpec) {}

  /** The server's process id (and process group id on POSIX), once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * Start the server.
   * @throws Error when the command cannot be started (the fault is recorded as `spawn`)
   */
  start(): Promise<void> {
    installExitHook();
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        // In a PID namespace of its own where Linux allows one, so a child that detaches with setsid dies with it (pid-namespace.ts).
        const spawned = inPidNamespace(this.launch);
        child = spawn(spawned.command, spawned.args, {
          env: this.launch.env,
          cwd: this.launch.cwd,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: process.platform !== 'win32',
          shell: false,
          windowsHide: true,
        });
      } catch (error) {
        this.fault = { kind: 'spawn', message: `it could not be started (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
        reject(error);
        return;
      }
      this.#child = child;
      this.#closed = new Promise((done) => child.once('close', () => done()));
      child.once('error', (error: NodeJS.ErrnoException) => {
        if (this.fault === undefined)
          this.fault = { kind: 'spawn', message: `\`${this.launch.command.split(/[\\/]/).at(-1)}\` could not be started (${error.code ?? 'error'})` };
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        live.add(child);
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
      });
      child.once('close', () => {
        live.delete(child);
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.#onStdout(chunk));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        const all = this.stderrTail + chunk;
        if (all.length > STDERR_TAIL_BYTES) this.stderrCut = true;
        this.stderrTail = all.slice(-STDERR_TAIL_BYTES);
      });
    });
  }

  #cutOff(message: string): void {
    if (this.fault === undefined) this.fault = { kind: 'limit', message };
    this.#buffer.clear();
    this.#child?.stdout?.removeAllListeners('data');
    void this.close();
  }

  #onStdout(chunk: Buffer): void {
    if (this.fault !== undefined) return;
    this.#stdoutBytes += chunk.byteLength;
    if (this.#stdoutBytes > MAX_STDOUT_BYTES) {
      this.#cutOff(`it wrote more than ${MAX_STDOUT_BYTES} bytes to stdout`);
      return;
    }
    try {
      this.#buffer.append(chunk);
    } catch {
      this.#cutOff(`it wrote a line longer than ${MAX_LINE_BYTES} bytes`);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#buffer.readMessage();
      } catch {
        // A line that is not a JSON-RPC message (a log line): skipped, up to a limit.
        this.#junkLines += 1;
        if (this.#junkLines > MAX_JUNK_LINES) {
          this.#cutOff(`it wrote more than ${MAX_JUNK_LINES} lines that are not MCP messages`);
          return;
        }
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  /** Write one message as a line on the server's stdin. */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) return Promise.reject(new Error('not connected'));
    return new Promise((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Kill the server's whole process group (SIGKILL) and wait, at most 5 s,
   * for the server to be reaped. Safe to call more than once.
   */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    killTree(child);
    child.stdin?.destroy();
    live.delete(child);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#closed ?? Promise.resolve(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
  }
}
