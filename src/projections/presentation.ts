/**
 * A recorded comparison as the presenter plays it: the aligned rows with each lane's step in
 * words, a running tally and the row's caption; which rows to pause on; and the closing slide
 * (each lane's outcome, the second lane's deltas against the first, one verdict sentence).
 * Pure: the same runs always give the same presentation. No React.
 */
import type { Scenario, Step, StopReason } from '../engine';
import { stepForRow, type Alignment } from './align';
import {
  rowCaption,
  stepCaption,
  type CaptionKind,
  type CaptionLane,
  type StepCaption,
} from './captions';
import { buildClosing, type ClosingSlide } from './presentation-closing';

export {
  buildClosing,
  laneOutcome,
  verdictSentence,
  type ClosingMetric,
  type ClosingMetricKey,
  type ClosingSlide,
  type LaneOutcome,
  type OutcomeKind,
} from './presentation-closing';

/** What a lane has spent up to a row. */
export interface LaneTally {
  readonly llmCalls: number;
  readonly toolCalls: number;
  readonly tokens: number;
}

/** One lane at one row. */
export interface PresentCell {
  /** The lane's step at this row; null where it has a gap. */
  readonly step: number | null;
  readonly caption: StepCaption | null;
  /** Where the lane has a gap, what that means ("ReAct goes straight on: next it answers."). */
  readonly gap: string | null;
  /** What the lane has spent up to and including this row. */
  readonly tally: LaneTally;
}

export interface PresentRow {
  readonly index: number;
  /** One cell per lane. */
  readonly cells: readonly PresentCell[];
  /** The caption under the lanes. */
  readonly caption: string;
  /** Why playback pauses here (a reflection, a guard trip, where the runs part ways), or null. */
  readonly moment: string | null;
  /** The first row where the lanes differ. */
  readonly partsWays: boolean;
}
export interface Presentation {
  /** What the runs were asked to do. */
  readonly task: string;
  readonly labels: readonly string[];
  readonly rows: readonly PresentRow[];
  /** Per lane, what each row holds for it (the progress strip): a kind, or null for a gap. */
  readonly strips: readonly (readonly (CaptionKind | null)[])[];
  readonly closing: ClosingSlide;
}

function tallyUpTo(steps: readonly Step[], shown: number | null): LaneTally {
  let llmCalls = 0;
  let toolCalls = 0;
  let tokens = 0;
  if (shown !== null) {
    for (const step of steps.slice(0, shown + 1)) {
      if (step.modelCall) {
        llmCalls++;
        tokens += step.modelCall.usage.promptTokens + step.modelCall.usage.completionTokens;
      }
      const observation = step.observation;
      if (step.kind === 'action' && observation && observation.repeatOf === undefined) toolCalls++;
    }
  }
  return { llmCalls, toolCalls, tokens };
}

function gapNote(
  scenario: Scenario,
  lane: CaptionLane,
  alignment: Alignment,
  laneIndex: number,
  row: number,
): string {
  for (let later = row + 1; later < alignment.rows.length; later++) {
    const cell = alignment.rows[later]?.cells[laneIndex];
    if (cell === null || cell === undefined) continue;
    const next = stepCaption(scenario, lane, cell);
    return next ? `No step here: next, ${lane.label} ${next.short}.` : 'No step here.';
  }
  const started = stepForRow(alignment, laneIndex, row) !== null;
  // Not "No reflection has stopped.": the card sits in its lane, so it names the run, not the lane.
  return started ? `This run has ended: ${ENDED[lane.trace.stopReason]}.` : 'No step here.';
}

/** How a run ended, as the card after its last step says it. */
const ENDED: Readonly<Record<StopReason, string>> = {
  answer: 'it answered',
  stalled: 'the stall guard stopped it',
  escalate: 'it handed the case to a person',
  max_steps: 'it ran out of steps',
  cancelled: 'it was stopped',
  error: 'it failed',
};

/**
 * Pure: the presentation of two finished lanes aligned by `alignment` (the compare store's):
 * every row in words with each lane's tally, the rows to pause on, and the closing slide.
 */
export function buildPresentation(
  scenario: Scenario,
  lanes: readonly [CaptionLane, CaptionLane],
  alignment: Alignment,
): Presentation {
  const rows = alignment.rows.map((row, index): PresentRow => {
    const caption = rowCaption(scenario, lanes, alignment, index);
    return {
      index,
      cells: lanes.map((lane, laneIndex): PresentCell => {
        const cell = row.cells[laneIndex] ?? null;
        return {
          step: cell,
          caption: cell === null ? null : stepCaption(scenario, lane, cell),
          gap: cell === null ? gapNote(scenario, lane, alignment, laneIndex, index) : null,
          tally: tallyUpTo(lane.trace.steps, stepForRow(alignment, laneIndex, index)),
        };
      }),
      caption: caption?.text ?? '',
      moment: caption?.moment ?? null,
      partsWays: alignment.firstDivergence === index,
    };
  });
  return {
    task: scenario.task,
    labels: lanes.map((lane) => lane.label),
    rows,
    strips: lanes.map((_, laneIndex) =>
      rows.map((row) => row.cells[laneIndex]?.caption?.kind ?? null),
    ),
    closing: buildClosing(scenario, lanes),
  };
}
