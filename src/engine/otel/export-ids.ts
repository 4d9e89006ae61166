/**
 * Deterministic OTLP ids and times for an export: the same run and start time give the same
 * trace id, span ids and timestamps, byte for byte (no randomness, no clock).
 */

/** Pure: a 128-bit hash of a text as 32 lowercase hex characters (four 32-bit lanes, cyrb128). */
export function hash128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join('');
}

/** OTLP forbids all-zero ids; a hash that comes out so (1 in 2^64) is nudged to …1. */
function nonZero(hex: string): string {
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** Pure: a trace id (32 hex) from what identifies the run. */
export function traceIdOf(identity: string): string {
  return nonZero(hash128(`trace\n${identity}`));
}

/** Pure: the span id (16 hex) of a span of a trace, named by its place (`agent`, `chat/3`). */
export function spanIdOf(traceId: string, place: string): string {
  return nonZero(hash128(`span\n${traceId}\n${place}`).slice(0, 16));
}

const NANOS_PER_MS = 1_000_000n;

/** Pure: a time in ms since the Unix epoch (fractions kept to the nanosecond) as BigInt ns. */
export function nanosOfMs(ms: number): bigint {
  const whole = Math.floor(ms);
  return BigInt(whole) * NANOS_PER_MS + BigInt(Math.round((ms - whole) * 1e6));
}
