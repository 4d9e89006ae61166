/**
 * Seeded randomness for the simulated model. Each choice hashes the seed with where it is made
 * (attempt, call, what is decided), so a reply depends only on its context, never on call order.
 */

/** FNV-1a over a string: a 32-bit hash. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** Pure: a number in [0, 1) for this seed and these coordinates (mulberry32 of their hash). */
export function chance(seed: number, ...where: readonly (string | number)[]): number {
  let t = (hash(`${seed}|${where.join('|')}`) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
