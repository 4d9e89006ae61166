/**
 * The pairwise step alignment under compare (see `alignPair`), in a band of the table rather
 * than all of it, so two 10,000-step runs need neither 100 million cells nor 400 MB.
 * Pure: no React.
 */

/** A pairwise alignment column: a profile row, the lane's step, or both. */
export type Pair = readonly [number | null, number | null];

/** No path within the band: larger than any real cost, and still a small integer for V8. */
const OUT = 0x3fffffff;

/** Cells of the band kept at once before the walk switches to checkpoints (32 MB of costs). */
const KEPT_CELLS = 8_000_000;

/**
 * The band: diagonals `k = i - j` from `low` to `high`. A path through cell (i, j) has at least
 * |k| gaps before it and |(n - m) - k| after, so every path costing at most `limit` keeps to
 * the diagonals where those two add up to `limit` or less.
 */
interface Band {
  readonly n: number;
  readonly m: number;
  readonly low: number;
  readonly high: number;
  /** Cells per row (`high - low + 1`); cell (i, j) sits at `j - i + high`. */
  readonly width: number;
  readonly matches: (i: number, j: number) => boolean;
}

function bandFor(n: number, m: number, limit: number, matches: Band['matches']): Band {
  const skew = n - m;
  const spare = Math.floor((limit - Math.abs(skew)) / 2);
  const low = Math.min(0, skew) - spare;
  const high = Math.max(0, skew) + spare;
  return { n, m, low, high, width: high - low + 1, matches };
}

/**
 * Fills `row` (row i of the band) from `below` (row i + 1): the cost of aligning the suffixes
 * from each cell, counting only paths inside the band (OUT where there is none).
 */
function fillRow(band: Band, i: number, below: Int32Array | null, row: Int32Array): void {
  const { n, m, high, width, matches } = band;
  row.fill(OUT);
  const first = Math.max(0, i - band.high);
  const last = Math.min(m, i - band.low);
  for (let j = last; j >= first; j--) {
    const at = j - i + high;
    if (i === n) {
      row[at] = m - j;
      continue;
    }
    if (j === m) {
      row[at] = n - i;
      continue;
    }
    const under = below as Int32Array;
    let best = OUT;
    const diagonal = under[at] as number;
    if (diagonal !== OUT) best = diagonal + (matches(i, j) ? 0 : 2);
    const down = at > 0 ? (under[at - 1] as number) : OUT;
    if (down !== OUT && down + 1 < best) best = down + 1;
    const right = at + 1 < width ? (row[at + 1] as number) : OUT;
    if (right !== OUT && right + 1 < best) best = right + 1;
    row[at] = best;
  }
}

/** Fills rows `top` to `bottom - 1` upwards from `start` (row `bottom`); keeps each in `keep`. */
function fillUp(
  band: Band,
  top: number,
  bottom: number,
  start: Int32Array | null,
  keep: (i: number, row: Int32Array) => void,
): Int32Array {
  let below = start;
  for (let i = bottom; i >= top; i--) {
    if (i === bottom && start) continue;
    const row = new Int32Array(band.width);
    fillRow(band, i, below, row);
    keep(i, row);
    below = row;
  }
  return below as Int32Array;
}

/**
 * The walk from the start of the table, as the full table's walk: at equal cost a match or a
 * substitution, then a row alone, then the step alone. `rowsFrom(i)` gives the band's rows
 * i and i + 1 (i + 1 absent on the last row).
 */
function walk(band: Band, rowsFrom: (i: number) => [Int32Array, Int32Array | null]): Pair[] {
  const { n, m, high, matches } = band;
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  let [row, below] = rowsFrom(0);
  while (i < n || j < m) {
    const at = j - i + high;
    const here = row[at] as number;
    const under = below as Int32Array;
    if (i < n && j < m && (under[at] as number) + (matches(i, j) ? 0 : 2) === here) {
      pairs.push([i++, j++]);
      [row, below] = rowsFrom(i);
    } else if (i < n && (j === m || (at > 0 && (under[at - 1] as number) + 1 === here))) {
      pairs.push([i++, null]);
      [row, below] = rowsFrom(i);
    } else pairs.push([null, j++]);
  }
  return pairs;
}

/**
 * Tries the band for `limit`: the alignment when the cheapest one costs at most `limit` (so it
 * lies inside the band and the band's costs along it are the full table's), else null.
 */
function alignInBand(band: Band, limit: number, keptCells: number): Pair[] | null {
  const { n } = band;
  const keepAll = (n + 1) * band.width <= keptCells;
  const every = keepAll ? 1 : Math.max(1, Math.ceil(Math.sqrt(n + 1)));
  const kept = new Map<number, Int32Array>();
  const top = fillUp(band, 0, n, null, (i, row) => {
    if (keepAll || i % every === 0 || i === n) kept.set(i, row);
  });
  if ((top[band.high] as number) > limit) return null;
  if (keepAll) return walk(band, (i) => [kept.get(i) as Int32Array, kept.get(i + 1) ?? null]);
  // Checkpoints every `every` rows: a block's rows are refilled from the checkpoint below it
  // when the walk enters the block, so at most two blocks' worth of rows are held.
  let block = -1;
  let rows = new Map<number, Int32Array>();
  return walk(band, (i) => {
    if (Math.floor(i / every) !== block || !rows.has(i)) {
      block = Math.floor(i / every);
      const start = block * every;
      const end = Math.min(n, start + every);
      rows = new Map([[end, kept.get(end) as Int32Array]]);
      fillUp(band, start, end, rows.get(end) as Int32Array, (k, row) => rows.set(k, row));
    }
    return [rows.get(i) as Int32Array, rows.get(i + 1) ?? null];
  });
}

/**
 * Pure: a minimum-cost alignment of `n` profile rows with `m` steps, where `matches(i, j)` says
 * whether step j did what row i holds. Matches cost 0 and gaps 1; a substitution costs what two
 * gaps cost (2), so it never changes the score: it only puts two differing steps in one row
 * where that is as cheap as a gap in each. The costs are those of aligning the suffixes, so the
 * walk from the start prefers, at equal cost, a match or a substitution, then a row alone, then
 * the step alone: steps pair up as early as they can and trailing extras end up at the end.
 *
 * The same alignment as the full (n + 1) × (m + 1) table, cell for cell, computed in a band of
 * diagonals that holds every path costing at most a limit (Ukkonen): starting small and doubling
 * until the cheapest path fits, so runs that mostly agree cost O((n + m) · band) time and memory.
 * Past 8 million cells the walk keeps only every √n-th row and refills a block at a time: twice
 * the time, O(√n · band) memory (`keptCells` moves that limit). Two runs that share nothing
 * still take O(n · m) time.
 */
export function alignPair(
  n: number,
  m: number,
  matches: (i: number, j: number) => boolean,
  keptCells = KEPT_CELLS,
): Pair[] {
  let limit = Math.max(Math.abs(n - m), 32);
  for (;;) {
    const capped = Math.min(limit, n + m);
    const pairs = alignInBand(bandFor(n, m, capped, matches), capped, keptCells);
    if (pairs) return pairs;
    limit = capped * 2;
  }
}
