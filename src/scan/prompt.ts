/**
 * Asking the user a yes/no question on a terminal, for consent to start a
 * repository's servers. Only when both stdin and stderr are terminals: in a
 * pipe or CI there is nobody to answer, and the servers are not started.
 */

/** Longest answer line read (bytes); anything longer counts as "no". */
const MAX_ANSWER_BYTES = 1024;

/** The streams a question is asked on: the CLI passes its own `CliIO`, which has this shape. */
export interface Terminal {
  /** Answers are read from here, one line each; a TTY stream has `isTTY: true`. */
  stdin: AsyncIterable<string | Uint8Array>;
  /** The question is written here. */
  stderr: { write(chunk: string): unknown };
}

/** Asks one question and resolves to true only for an answer of `y` or `yes`. */
export type Ask = (question: string) => Promise<boolean>;

function isTerminal(stream: unknown): boolean {
  return typeof stream === 'object' && stream !== null && (stream as { isTTY?: unknown }).isTTY === true;
}

/**
 * A function that asks on the terminal, or undefined when stdin or stderr is
 * not one. Lines are read from one iterator of stdin, so several questions
 * can be asked in turn; the end of input answers "no".
 */
export function terminalAsk(io: Terminal): Ask | undefined {
  if (!isTerminal(io.stdin) || !isTerminal(io.stderr)) return undefined;
  const iterator = io.stdin[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  let pending = '';
  const readLine = async (): Promise<string | undefined> => {
    for (;;) {
      const newline = pending.indexOf('\n');
      if (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        return line;
      }
      if (pending.length > MAX_ANSWER_BYTES) {
        pending = '';
        return '';
      }
      const next = await iterator.next();
      if (next.done === true) return pending === '' ? undefined : pending;
      pending += typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    }
  };
  return async (question: string) => {
    io.stderr.write(`${question} [y/N] `);
    const answer = await readLine();
    return answer !== undefined && /^\s*y(es)?\s*$/i.test(answer);
  };
}
