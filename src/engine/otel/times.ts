/**
 * Times as Unix nanoseconds in decimal strings, from what files write: nanosecond strings or
 * numbers (exact when `lossless-json.ts` kept them as strings), microseconds (Jaeger), ISO 8601
 * with any number of fraction digits and an offset (Langfuse, Phoenix). Pure; BigInt, no clock.
 */

const DIGITS = /^\d+$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Pure: a count of `unit` nanoseconds (1 for ns, 1000 for µs) as ns, or null when unreadable. */
export function nsOfCount(value: unknown, unit: 1 | 1000 = 1): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return (BigInt(Math.round(value)) * BigInt(unit)).toString();
  }
  if (typeof value === 'string' && DIGITS.test(value.trim())) {
    return (BigInt(value.trim()) * BigInt(unit)).toString();
  }
  return null;
}

/** Pure: an ISO 8601 time as ns, or null. */
export function nsOfIso(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match;
  const ms = Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!);
  if (Number.isNaN(ms)) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const nanos = BigInt((fraction + '000000000').slice(0, 9));
  const seconds = BigInt(ms / 1000 - offsetMinutes * 60);
  return (seconds * BigInt(1e9) + nanos).toString();
}

/** Pure: any of the above: a number or digit string is ns, else ISO. */
export const nsOf = (value: unknown): string | null => nsOfCount(value) ?? nsOfIso(value);

/** Pure: `a - b` in milliseconds (0 when either is missing or b is later). */
export function msBetween(start: string | null, end: string | null): number {
  if (start === null || end === null) return 0;
  const delta = BigInt(end) - BigInt(start);
  return delta > BigInt(0) ? Number(delta / BigInt(1000)) / 1000 : 0;
}

/** Pure: compares two ns strings (a missing time sorts last). */
export function compareNs(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const delta = BigInt(a) - BigInt(b);
  return delta > BigInt(0) ? 1 : delta < BigInt(0) ? -1 : 0;
}
