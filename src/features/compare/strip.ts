/**
 * Pure: the aligned-steps strip as view data. Rows of the alignment become columns with one cell
 * per lane; a gap is an empty cell; a fork's prefix (the steps it replayed from the lane above it)
 * is one cell spanning both lanes, so the shared part shows once. No React.
 */
import type { Step } from '../../engine';
import type { Alignment } from '../../projections/align';
import { formatCall } from '../../projections/compare-summary';

/** How a cell is coloured. */
export type CellTone =
  'tool' | 'empty' | 'denied' | 'reflection' | 'answer' | 'escalate' | 'reprompt';

export interface StripCell {
  readonly lane: number;
  /** The lane's step in this row; null: a gap. */
  readonly step: number | null;
  readonly tone: CellTone | null;
  /** Lanes this cell covers, from `lane` down (more than 1: a fork's shared prefix). */
  readonly span: number;
  readonly title: string;
}

export interface StripColumn {
  readonly row: number;
  readonly same: boolean;
  readonly divergence: boolean;
  /** Cells to draw, top to bottom; lanes covered by a span above have none. */
  readonly cells: readonly StripCell[];
  /** What the row holds, for a screen reader. */
  readonly label: string;
}

export interface StripLane {
  readonly label: string;
  readonly steps: readonly Step[];
  /** Forked from the lane just above it, replaying its steps before `atStep`. */
  readonly forkOfAbove: { readonly atStep: number } | null;
}

/** Pure: the colour of a step's cell. */
export function cellTone(step: Step): CellTone {
  if (step.decision.policy.outcome === 'denied') return 'denied';
  switch (step.kind) {
    case 'action':
      return step.observation?.empty ? 'empty' : 'tool';
    case 'reflection':
    case 'attempt_reflection':
    case 'judge':
      return 'reflection';
    case 'answer':
      return 'answer';
    case 'escalate':
      return 'escalate';
    case 'reprompt':
      return 'reprompt';
  }
}

/** Pure: a step in a few words ("search_logs(…) — empty", "reflection (stall)"). */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'action': {
      const call = formatCall(step) ?? 'a tool call';
      if (step.decision.policy.outcome === 'denied') return `${call}, blocked`;
      return step.observation?.empty ? `${call}, nothing found` : call;
    }
    case 'reflection':
      return step.trigger ? `reflection (${step.trigger})` : 'reflection';
    case 'attempt_reflection':
      return 'reflection between attempts';
    case 'judge':
      return 'judge scores the attempt';
    case 'answer':
      return step.decision.policy.outcome === 'denied' ? 'answer, withheld' : 'answer';
    case 'escalate':
      return `escalation${step.decision.policy.reason ? ` (${step.decision.policy.reason})` : ''}`;
    case 'reprompt':
      return 'reprompt';
  }
}

/** Pure: the strip's columns. */
export function buildStrip(alignment: Alignment, lanes: readonly StripLane[]): StripColumn[] {
  return alignment.rows.map((row, index) => {
    const cells: StripCell[] = [];
    const parts: string[] = [];
    row.cells.forEach((step, lane) => {
      const info = lanes[lane];
      const found = step === null ? undefined : info?.steps[step];
      const what = found ? describeStep(found) : 'no step';
      parts.push(`${info?.label ?? `Lane ${lane + 1}`}: ${found ? `step ${step}, ${what}` : what}`);
      const fork = info?.forkOfAbove ?? null;
      const above = cells[cells.length - 1];
      if (
        fork &&
        above &&
        step !== null &&
        step < fork.atStep &&
        above.step === step &&
        above.lane + above.span === lane
      ) {
        cells[cells.length - 1] = {
          ...above,
          span: above.span + 1,
          title: `${above.title} (shared with ${info?.label ?? 'the fork'}, which replayed it)`,
        };
        return;
      }
      cells.push({
        lane,
        step,
        tone: found ? cellTone(found) : null,
        span: 1,
        title: `${info?.label ?? `Lane ${lane + 1}`} · ${found ? `step ${step}: ${what}` : 'no step at this row'}`,
      });
    });
    return {
      row: index,
      same: row.same,
      divergence: alignment.firstDivergence === index,
      cells,
      label: `Row ${index + 1}${row.same ? '' : ', differs'}: ${parts.join('; ')}`,
    };
  });
}

/**
 * Pure: the row each lane's shown step sits in (its cursor, or its newest step while it follows
 * the run); null for a lane with no steps.
 */
export function shownRows(
  alignment: Alignment,
  lanes: readonly { readonly steps: readonly unknown[]; readonly cursor: number | null }[],
): (number | null)[] {
  return lanes.map((lane, index) => {
    if (lane.steps.length === 0) return null;
    const step = Math.min(lane.cursor ?? lane.steps.length - 1, lane.steps.length - 1);
    return alignment.rowOfStep[index]?.[step] ?? null;
  });
}
