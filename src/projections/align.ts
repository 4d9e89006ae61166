/**
 * Aligning 2–4 runs of one scenario step by step, by what each step did (tool and arguments,
 * reflection, answer, escalation), not by index: an extra reflection in one lane shows as a gap
 * in the others, and the first row where the lanes differ is where the runs part ways.
 * Pure: no React.
 */
import { canonicalJson, type Step } from '../engine';
import { alignPair } from './align-pair';

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
    case 'judge':
      return 'judge';
    case 'reprompt':
      return 'reprompt';
  }
}

/** A row being built: one cell per lane, null where a lane has nothing (yet). */
type Cells = (number | null)[];

/**
 * Pure: aligns 1–4 lanes of steps, the first being the baseline. The lanes are added one at a
 * time to a profile of rows (a progressive alignment): the baseline's steps make the first rows;
 * each further lane is aligned to the rows so far on step signatures (see `alignPair`, which
 * fills only a band of the table, so long runs align too), a step matching a row when any
 * lane's step in that row did the same thing. A step pairs into its row, or gets a row of its
 * own between them; a row it skips is a gap in that lane. So what two non-baseline lanes both
 * did where the baseline did not shares a row.
 * Deterministic: the same lanes always give the same rows.
 */
export function alignRuns(lanes: readonly (readonly Step[])[]): Alignment {
  return alignSignatures(lanes.map((steps) => steps.map(stepSignature)));
}

/** Pure: `alignRuns` on the lanes' step signatures (what the align worker is sent). */
export function alignSignatures(signatures: readonly (readonly string[])[]): Alignment {
  const count = signatures.length;
  const base = signatures[0] ?? [];
  const empty = (): Cells => Array.from({ length: count }, () => null);
  let rows: Cells[] = base.map((_, step) => {
    const cells = empty();
    cells[0] = step;
    return cells;
  });
  // Each signature as a number (its first lane and step), so a cell of the table compares numbers.
  const numbers = new Map<string, number>();
  const codes = signatures.map((lane) =>
    lane.map((signature) => {
      const known = numbers.get(signature);
      if (known !== undefined) return known;
      numbers.set(signature, numbers.size);
      return numbers.size - 1;
    }),
  );
  /** What the lanes did in each row (a row may hold differing steps). */
  let done: Set<number>[] = (codes[0] ?? []).map((code) => new Set([code]));
  for (let lane = 1; lane < count; lane++) {
    const own = codes[lane] ?? [];
    // A row's one signature while it has one (most rows): the table's cells read this.
    const only = done.map((what) =>
      what.size === 1 ? (what.values().next().value as number) : -1,
    );
    const pairs = alignPair(rows.length, own.length, (row, step) => {
      const single = only[row] as number;
      const code = own[step] as number;
      return single === -1 ? (done[row] as Set<number>).has(code) : single === code;
    });
    const nextRows: Cells[] = [];
    const nextDone: Set<number>[] = [];
    for (const [row, step] of pairs) {
      const cells = row === null ? empty() : (rows[row] as Cells);
      const what = row === null ? new Set<number>() : (done[row] as Set<number>);
      if (step !== null) {
        cells[lane] = step;
        what.add(own[step] as number);
      }
      nextRows.push(cells);
      nextDone.push(what);
    }
    rows = nextRows;
    done = nextDone;
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
  const rowOfStep = signatures.map((steps, lane) => {
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
  return alignSignaturesAgainst(
    lanes.map((steps) => steps.map(stepSignature)),
    baseline,
  );
}

/** Pure: `alignAgainst` on the lanes' step signatures (what the align worker is sent). */
export function alignSignaturesAgainst(
  signatures: readonly (readonly string[])[],
  baseline: number,
): Alignment {
  const first = baseline > 0 && baseline < signatures.length ? baseline : 0;
  if (first === 0) return alignSignatures(signatures);
  // Lane `first` goes to the front; `order[k]` is the original lane at position k.
  const order = [first, ...Array.from(signatures.keys()).filter((lane) => lane !== first)];
  const aligned = alignSignatures(order.map((lane) => signatures[lane] ?? []));
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
