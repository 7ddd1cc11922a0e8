/**
 * Turning a caught value into text. Browser-safe.
 */

/**
 * The message of anything a `catch` caught: an `Error`'s `message`, or the
 * value as `String` writes it (a thrown string, number or object).
 * @param error any thrown value
 * @returns its message; never throws for strings, numbers, `Error`s and plain values
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
