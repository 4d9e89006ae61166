import { describe, expect, it } from 'vitest';
import { alignPair, type Pair } from './align-pair';

/**
 * The full-table alignment compare used before the band (kept here as the reference the band
 * must reproduce cell for cell): suffix costs in an (n + 1) × (m + 1) table, walked from the
 * start preferring a match or substitution, then a row alone, then the step alone.
 */
function fullTable(n: number, m: number, matches: (i: number, j: number) => boolean): Pair[] {
  const width = m + 1;
  const cost = new Uint32Array((n + 1) * width);
  const at = (i: number, j: number) => cost[i * width + j] ?? 0;
  const diagonal = (i: number, j: number) => (matches(i, j) ? 0 : 2) + at(i + 1, j + 1);
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      if (i === n) cost[i * width + j] = m - j;
      else if (j === m) cost[i * width + j] = n - i;
      else cost[i * width + j] = Math.min(diagonal(i, j), 1 + at(i + 1, j), 1 + at(i, j + 1));
    }
  }
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const here = at(i, j);
    if (i < n && j < m && diagonal(i, j) === here) pairs.push([i++, j++]);
    else if (i < n && (j === m || 1 + at(i + 1, j) === here)) pairs.push([i++, null]);
    else pairs.push([null, j++]);
  }
  return pairs;
}

/** A seeded generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A run of `length` steps over `kinds` different things a step can do. */
function run(next: () => number, length: number, kinds: number): number[] {
  return Array.from({ length }, () => Math.floor(next() * kinds));
}

/** `base` with a few steps dropped, added or changed: a second run of the same scenario. */
function variant(next: () => number, base: readonly number[], edits: number, kinds: number) {
  const steps = [...base];
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (steps.length + 1));
    const what = next();
    if (what < 0.33) steps.splice(at, 1);
    else if (what < 0.66) steps.splice(at, 0, Math.floor(next() * kinds));
    else if (at < steps.length) steps[at] = Math.floor(next() * kinds);
  }
  return steps;
}

const matchOf = (a: readonly number[], b: readonly number[]) => (i: number, j: number) =>
  a[i] === b[j];

describe('alignPair', () => {
  it('gives the full table’s alignment on 600 random pairs of runs up to 60 steps', () => {
    const next = random(12);
    for (let trial = 0; trial < 600; trial++) {
      const kinds = 1 + Math.floor(next() * 6);
      const a = run(next, Math.floor(next() * 61), kinds);
      const b =
        trial % 2 === 0
          ? run(next, Math.floor(next() * 61), kinds)
          : variant(next, a, Math.floor(next() * 12), kinds);
      expect(alignPair(a.length, b.length, matchOf(a, b)), `trial ${trial}`).toEqual(
        fullTable(a.length, b.length, matchOf(a, b)),
      );
    }
  });

  it('gives the full table’s alignment when a row matches several different steps', () => {
    const next = random(7);
    for (let trial = 0; trial < 200; trial++) {
      // A profile row holds what 2–3 lanes did there: a set of signatures.
      const rows = Array.from(
        { length: Math.floor(next() * 50) },
        () => new Set(run(next, 1 + Math.floor(next() * 3), 5)),
      );
      const steps = run(next, Math.floor(next() * 50), 5);
      const matches = (i: number, j: number) => rows[i]?.has(steps[j] as number) ?? false;
      expect(alignPair(rows.length, steps.length, matches), `trial ${trial}`).toEqual(
        fullTable(rows.length, steps.length, matches),
      );
    }
  });

  it('gives the full table’s alignment on long runs that part ways, one wider band at a time', () => {
    const next = random(3);
    for (const [length, edits] of [
      [400, 5],
      [400, 80],
      [700, 300],
    ] as const) {
      const a = run(next, length, 4);
      const b = variant(next, a, edits, 4);
      expect(alignPair(a.length, b.length, matchOf(a, b))).toEqual(
        fullTable(a.length, b.length, matchOf(a, b)),
      );
    }
  });

  it('gives the full table’s alignment of two long runs that share nothing', () => {
    const a = Array.from({ length: 300 }, (_, i) => i % 3);
    const b = Array.from({ length: 250 }, (_, i) => 3 + (i % 2));
    expect(alignPair(a.length, b.length, matchOf(a, b))).toEqual(
      fullTable(a.length, b.length, matchOf(a, b)),
    );
  });

  it('gives the full table’s alignment when only checkpoint rows are kept', () => {
    const next = random(5);
    for (let trial = 0; trial < 100; trial++) {
      const a = run(next, Math.floor(next() * 200), 3);
      const b = variant(next, a, Math.floor(next() * 60), 3);
      // 50 cells: every band outgrows it, so the walk refills blocks from checkpoints.
      expect(alignPair(a.length, b.length, matchOf(a, b), 50), `trial ${trial}`).toEqual(
        fullTable(a.length, b.length, matchOf(a, b)),
      );
    }
  });

  it('pairs every step of two equal 10,000-step runs in order', () => {
    const next = random(9);
    const a = run(next, 10_000, 8);
    const pairs = alignPair(a.length, a.length, matchOf(a, a));
    expect(pairs).toHaveLength(10_000);
    expect(pairs.every(([row, step], index) => row === index && step === index)).toBe(true);
  });

  it('aligns empty runs', () => {
    expect(alignPair(0, 0, () => true)).toEqual([]);
    expect(alignPair(2, 0, () => true)).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(alignPair(0, 2, () => true)).toEqual([
      [null, 0],
      [null, 1],
    ]);
  });
});
