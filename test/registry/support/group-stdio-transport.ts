/**
 * An MCP stdio client transport that starts the server in a process group
 * of its own, so everything it spawns can be killed together afterwards.
 * The SDK's `StdioClientTransport` does not detach its child, and killing
 * only the child can leave grandchildren (browsers, helpers) running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** How to start the server. */
export interface GroupStdioOptions {
  /** The executable, e.g. `process.execPath`. */
  command: string;
  args: readonly string[];
  /** The complete environment of the child; nothing is inherited. */
  env: Record<string, string>;
  cwd: string;
  /** Called with each chunk the server writes to stderr. */
  onStderr?: (chunk: string) => void;
}

/** A stdio transport whose child leads its own process group (POSIX only). */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly options: GroupStdioOptions) {}

  /** The process group id (the child's pid), once started. */
  get pgid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Spawn the server with `detached: true`, which makes it a process group leader.
   * @throws the spawn error when the command cannot be started
   */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, [...this.options.args], {
        env: this.options.env,
        cwd: this.options.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        shell: false,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('close', () => this.onclose?.());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.buffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (error) {
            // A line that is not JSON-RPC (a log line on stdout): report it and go on.
            this.onerror?.(error as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => this.options.onStderr?.(chunk));
    });
  }

  /** Write one JSON-RPC message as a line on the server's stdin. */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) return Promise.reject(new Error('not connected'));
    return new Promise((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Kill the whole process group; see {@link killGroup}. */
  async close(): Promise<void> {
    await this.killGroup();
  }

  /**
   * Send SIGKILL to the server's process group and wait (at most 5 s) for the
   * child to be reaped. Safe to call more than once.
   */
  async killGroup(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.pid === undefined) return;
    const closed = child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
    child.stdin?.destroy();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((resolve) => { timer = setTimeout(resolve, 5_000); })]);
    clearTimeout(timer);
  }
}
