/** Reading a whole input stream without letting it grow without bound. */

/**
 * Read a stream as UTF-8 text, up to a bound; the rest is not read.
 * @param stdin the stream (strings or bytes)
 * @param limit the largest number of bytes accepted
 * @returns the text, or `ok: false` once more than `limit` bytes arrived
 */
export async function readBounded(stdin: AsyncIterable<string | Uint8Array>, limit: number): Promise<{ ok: true; text: string } | { ok: false }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) return { ok: false };
    chunks.push(bytes);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder('utf-8').decode(all) };
}
