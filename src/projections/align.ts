/**
 * Aligning 2–4 runs of one scenario step by step, by what each step did (tool and arguments,
 * reflection, answer, escalation), not by index: an extra reflection in one lane shows as a gap
 * in the others, and the first row where the lanes differ is where the runs part ways.
 * Pure: no React.
 */
import { canonicalJson, type Step } from '../engine';

/** One aligned row: a step index per lane (null: the lane has a gap here). */
export interface AlignedRow {
  readonly cells: readonly (number | null)[];
  /** Every lane has a step here and they all did the same thing. */
  readonly same: boolean;
}

export interface Alignment {
  /** How many lanes were aligned; every row has this many cells. */
  readonly lanes: number;
  readonly rows: readonly AlignedRow[];
  /** Each lane's step signatures, by step index (what `same` compares). */
  readonly signatures: readonly (readonly string[])[];
  /** The first row that is not `same`; null when the runs did the same things throughout. */
  readonly firstDivergence: number | null;
  /** For each lane, the row of each of its steps (by step index). */
  readonly rowOfStep: readonly (readonly number[])[];
}

/** Pure: what a step did, as a string two steps share exactly when they did the same thing. */
export function stepSignature(step: Step): string {
  switch (step.kind) {
    case 'action': {
      const action = step.decision.action;
      return action ? `tool:${action.tool} ${canonicalJson(action.args)}` : 'tool:?';
    }
    case 'reflection':
      return 'reflection';
    case 'answer':
      return 'answer';
    case 'escalate':
      return `escalate:${step.decision.policy.reason ?? 'model'}`;
    case 'attempt_reflection':
      return 'attempt-reflection';
    case 'reprompt':
      return 'reprompt';
  }
}

/** A pairwise alignment column: a baseline step, the other lane's step, or both. */
type Pair = readonly [number | null, number | null];

/**
 * Pure: a minimum-cost alignment of two signature lists. Matches cost 0 and gaps 1; a
 * substitution costs what two gaps cost (2), so it never changes the score: it only puts two
 * differing steps in one row where that is as cheap as a gap in each lane. The table holds the
 * cost of aligning the suffixes, so the walk from the start prefers, at equal cost, a match or
 * a substitution, then a baseline step alone, then the other lane's step alone: steps pair up
 * as early as they can and trailing extras end up at the end.
 */
function alignPair(base: readonly string[], other: readonly string[]): Pair[] {
  const n = base.length;
  const m = other.length;
  const width = m + 1;
  const cost = new Uint32Array((n + 1) * width);
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      if (i === n) cost[i * width + j] = m - j;
      else if (j === m) cost[i * width + j] = n - i;
      else {
        const diagonal = (base[i] === other[j] ? 0 : 2) + (cost[(i + 1) * width + j + 1] ?? 0);
        const down = 1 + (cost[(i + 1) * width + j] ?? 0);
        const right = 1 + (cost[i * width + j + 1] ?? 0);
        cost[i * width + j] = Math.min(diagonal, down, right);
      }
    }
  }
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const here = cost[i * width + j] ?? 0;
    if (i < n && j < m) {
      const diagonal = (base[i] === other[j] ? 0 : 2) + (cost[(i + 1) * width + j + 1] ?? 0);
      if (diagonal === here) {
        pairs.push([i++, j++]);
        continue;
      }
    }
    if (i < n && (j === m || 1 + (cost[(i + 1) * width + j] ?? 0) === here))
      pairs.push([i++, null]);
    else pairs.push([null, j++]);
  }
  return pairs;
}

/** A row being built: one cell per lane, null where a lane has nothing (yet). */
type Cells = (number | null)[];

/**
 * Merges one lane's run of steps that have no baseline step (an insertion) into the rows the
 * other lanes inserted at the same place, by the same minimum-cost walk over the rows' first
 * signatures: a step shares a row it pairs with, else it gets a row of its own.
 */
function mergeInsertions(
  block: Cells[],
  lane: number,
  steps: readonly number[],
  signatures: readonly (readonly string[])[],
  lanes: number,
): Cells[] {
  const rowSignature = (row: Cells) => {
    const first = row.findIndex((cell) => cell !== null);
    return signatures[first]?.[row[first] ?? -1] ?? '';
  };
  const pairs = alignPair(
    block.map(rowSignature),
    steps.map((step) => signatures[lane]?.[step] ?? ''),
  );
  const merged: Cells[] = [];
  for (const [row, step] of pairs) {
    const existing = row === null ? null : (block[row] ?? null);
    const stepIndex = step === null ? null : (steps[step] ?? null);
    if (existing) {
      // The row has no cell of this lane yet: the lane's step joins it (same thing or not).
      if (stepIndex !== null) existing[lane] = stepIndex;
      merged.push(existing);
    } else if (stepIndex !== null) {
      const fresh: Cells = Array.from({ length: lanes }, () => null);
      fresh[lane] = stepIndex;
      merged.push(fresh);
    }
  }
  return merged;
}

/**
 * Pure: aligns 1–4 lanes of steps against the first (the baseline). Each other lane is aligned to
 * the baseline on step signatures (see `alignPair`), then the pairwise alignments are merged into
 * rows: a baseline step's row holds what every lane paired with it, and steps a lane has where the
 * baseline has none go into rows between them (shared by lanes that inserted the same thing).
 * Deterministic: the same lanes always give the same rows.
 */
export function alignRuns(lanes: readonly (readonly Step[])[]): Alignment {
  const count = lanes.length;
  const signatures = lanes.map((steps) => steps.map(stepSignature));
  const base = signatures[0] ?? [];
  const baseLength = base.length;
  // For each lane: what it paired with each baseline step, and its insertions before each
  // baseline step (index baseLength: after the last one).
  const paired: (number | null)[][] = [];
  const inserted: number[][][] = [];
  for (let lane = 0; lane < count; lane++) {
    const pairedWith: (number | null)[] = Array.from({ length: baseLength }, () => null);
    const insertions: number[][] = Array.from({ length: baseLength + 1 }, () => []);
    if (lane === 0) {
      for (let k = 0; k < baseLength; k++) pairedWith[k] = k;
    } else {
      let next = 0;
      for (const [b, o] of alignPair(base, signatures[lane] ?? [])) {
        if (b !== null) {
          pairedWith[b] = o;
          next = b + 1;
        } else if (o !== null) insertions[next]?.push(o);
      }
    }
    paired.push(pairedWith);
    inserted.push(insertions);
  }

  const rows: Cells[] = [];
  for (let k = 0; k <= baseLength; k++) {
    let block: Cells[] = [];
    for (let lane = 1; lane < count; lane++) {
      const steps = inserted[lane]?.[k] ?? [];
      if (steps.length > 0) block = mergeInsertions(block, lane, steps, signatures, count);
    }
    rows.push(...block);
    if (k < baseLength) rows.push(paired.map((pairedWith) => pairedWith[k] ?? null));
  }

  const aligned: AlignedRow[] = rows.map((cells) => {
    const first = cells[0];
    const signature = first === null || first === undefined ? null : (base[first] ?? null);
    const same =
      signature !== null &&
      cells.every((cell, lane) => cell !== null && signatures[lane]?.[cell] === signature);
    return { cells, same };
  });
  const divergence = aligned.findIndex((row) => !row.same);
  const rowOfStep = lanes.map((steps, lane) => {
    const found: number[] = Array.from({ length: steps.length }, () => 0);
    aligned.forEach((row, index) => {
      const cell = row.cells[lane];
      if (cell !== null && cell !== undefined) found[cell] = index;
    });
    return found;
  });
  return {
    lanes: count,
    rows: aligned,
    signatures,
    firstDivergence: divergence === -1 ? null : divergence,
    rowOfStep,
  };
}

/** Pure: the row that holds a lane's step (null when the lane has no such step). */
export function rowForStep(alignment: Alignment, lane: number, stepIndex: number): number | null {
  return alignment.rowOfStep[lane]?.[stepIndex] ?? null;
}

/**
 * Pure: the lane's step at a row; where the lane has a gap, its nearest step before the row
 * (null when it has none before, or the row is out of range).
 */
export function stepForRow(alignment: Alignment, lane: number, row: number): number | null {
  if (row < 0 || row >= alignment.rows.length) return null;
  for (let index = row; index >= 0; index--) {
    const cell = alignment.rows[index]?.cells[lane];
    if (cell !== null && cell !== undefined) return cell;
  }
  return null;
}

/**
 * Pure: `alignRuns` with any lane as the baseline: the lanes keep their order in the rows, but
 * every other lane is aligned against lane `baseline` (0 when out of range).
 */
export function alignAgainst(lanes: readonly (readonly Step[])[], baseline: number): Alignment {
  const first = baseline > 0 && baseline < lanes.length ? baseline : 0;
  if (first === 0) return alignRuns(lanes);
  // Lane `first` goes to the front; `order[k]` is the original lane at position k.
  const order = [first, ...Array.from(lanes.keys()).filter((lane) => lane !== first)];
  const aligned = alignRuns(order.map((lane) => lanes[lane] ?? []));
  const back = <T>(values: readonly T[]): T[] => {
    const result: T[] = [];
    order.forEach((lane, position) => (result[lane] = values[position] as T));
    return result;
  };
  return {
    lanes: aligned.lanes,
    rows: aligned.rows.map((row) => ({ cells: back(row.cells), same: row.same })),
    signatures: back(aligned.signatures),
    firstDivergence: aligned.firstDivergence,
    rowOfStep: back(aligned.rowOfStep),
  };
}
