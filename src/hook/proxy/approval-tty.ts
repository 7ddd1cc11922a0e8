/**
 * The terminal channel of the proxy's out-of-band approval (SPEC 8.7,
 * `rclass proxy --approve-tty`): the question is written to the
 * controlling terminal (`/dev/tty`, see tty(4)), not to the client, and
 * only the line typed there that repeats the random code the question shows
 * approves. The client's model sees neither the question nor the answer. A
 * fixed answer such as `yes` would not do: any process of the terminal's
 * session (the agent's own shell tool) can push input into the terminal
 * (the TIOCSTI ioctl, see ioctl_tty(2), still allowed where
 * `dev.tty.legacy_tiocsti` is 1), but it cannot read what the terminal
 * shows, so it cannot know the code. Node-only.
 */
import { randomInt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { revealHidden } from '../../core/hidden-characters.ts';
import { APPROVAL_TTL_MS } from './approvals.ts';

/** The controlling terminal. */
const TERMINAL = '/dev/tty';

/** The letters of an approval code: lower case, without the look-alikes i, l and o. */
const CODE_LETTERS = 'abcdefghjkmnpqrstuvwxyz';

/** A random code of six letters (23^6, about 1.5e8, for the one guess a blind writer gets). */
function approvalCode(): string {
  return Array.from({ length: 6 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
}

/**
 * The question the terminal shows about one call: the decision's reason,
 * then the arguments, with every character a person would not see (a
 * bidirectional override, a zero-width space, an escape sequence's ESC)
 * written as its `\uXXXX` escape (src/core/hidden-characters.ts), and a
 * line naming them when there are any, so what is approved reads as what
 * runs.
 * @param reason the decision's reason (one paragraph)
 * @param args the canonical JSON of the call's arguments
 */
export function terminalQuestion(reason: string, args: string): string {
  const shownReason = revealHidden(reason);
  const shownArgs = revealHidden(args);
  const hidden = [...shownReason.hidden, ...shownArgs.hidden];
  const note =
    hidden.length === 0
      ? ''
      : `\nNote: ${hidden.length} character${hidden.length === 1 ? '' : 's'} you would not see (${[...new Set(hidden)].join(', ')}) ${hidden.length === 1 ? 'is' : 'are'} shown as \\u escapes; ${hidden.length === 1 ? 'it is' : 'they are'} part of the call.`;
  return `${shownReason.text}\nArguments: ${shownArgs.text}${note}`;
}

/**
 * Ask on the terminal and wait for one line.
 * @param question what the person is asked (one paragraph)
 * @param device the terminal's path (`/dev/tty`; a file in tests)
 * @param code the code the person must type back ({@link approvalCode}; fixed in tests)
 * @returns true only for a line that is the code (letter case and spaces aside); false for anything else (`yes` included), end of input, or no answer within {@link APPROVAL_TTL_MS}
 * @throws when the terminal cannot be opened (no controlling terminal: ENXIO), so the caller can fall back to another channel
 */
export async function askTerminal(question: string, device: string = TERMINAL, code: string = approvalCode()): Promise<boolean> {
  const input = createReadStream(device, { encoding: 'utf8' });
  await new Promise<void>((opened, failed) => {
    input.once('open', () => opened());
    input.once('error', failed);
  });
  const output = createWriteStream(device, { flags: 'a' });
  output.on('error', () => undefined);
  output.write(`\n${question}\nTo run it, type the code ${code}; anything else refuses: `);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    return await new Promise<boolean>((answer) => {
      const timer = setTimeout(() => answer(false), APPROVAL_TTL_MS);
      timer.unref();
      lines.once('line', (line) => {
        clearTimeout(timer);
        answer(line.trim().toLowerCase() === code);
      });
      lines.once('close', () => {
        clearTimeout(timer);
        answer(false);
      });
    });
  } finally {
    lines.close();
    input.destroy();
    await new Promise<void>((done) => output.end(() => done()));
  }
}
