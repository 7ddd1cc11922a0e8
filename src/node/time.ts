/**
 * Timestamps as the audit log and the hook's session state write them
 * (SPEC 10.1): RFC 3339 with the local offset, to the millisecond.
 * Browser-safe in itself, kept with the Node infrastructure that uses it.
 */

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * A time as RFC 3339 with the local offset, to the millisecond, e.g.
 * `2026-10-25T13:02:11.042+01:00`.
 * @param date any valid date; the offset is the machine's at that date
 */
export function rfc3339(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
