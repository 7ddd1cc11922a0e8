/**
 * The terminal channel of the proxy's out-of-band approval (SPEC 8.7,
 * `rclass proxy --approve-tty`): the question is written to the
 * controlling terminal (`/dev/tty`, see tty(4)), not to the client, and
 * only the line `yes` typed there approves. The client's model sees
 * neither the question nor the answer. Node-only.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { APPROVAL_TTL_MS } from './approvals.ts';

/** The controlling terminal. */
const TERMINAL = '/dev/tty';

/**
 * Ask on the terminal and wait for one line.
 * @param question what the person is asked (one paragraph)
 * @param device the terminal's path (`/dev/tty`; a file in tests)
 * @returns true only for the answer `yes` (letter case and spaces aside); false for anything else, end of input, or no answer within {@link APPROVAL_TTL_MS}
 * @throws when the terminal cannot be opened (no controlling terminal: ENXIO), so the caller can fall back to another channel
 */
export async function askTerminal(question: string, device: string = TERMINAL): Promise<boolean> {
  const input = createReadStream(device, { encoding: 'utf8' });
  await new Promise<void>((opened, failed) => {
    input.once('open', () => opened());
    input.once('error', failed);
  });
  const output = createWriteStream(device, { flags: 'a' });
  output.on('error', () => undefined);
  output.write(`\n${question}\nType yes to run it, anything else to refuse: `);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    return await new Promise<boolean>((answer) => {
      const timer = setTimeout(() => answer(false), APPROVAL_TTL_MS);
      timer.unref();
      lines.once('line', (line) => {
        clearTimeout(timer);
        answer(line.trim().toLowerCase() === 'yes');
      });
      lines.once('close', () => {
        clearTimeout(timer);
        answer(false);
      });
    });
  } finally {
    lines.close();
    input.destroy();
    output.end();
  }
}
