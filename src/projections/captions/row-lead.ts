/**
 * The lead sentence of an aligned row across the lanes: what they all do when they match, what
 * each does where they differ, and "Here the runs part ways: …" at the first row that differs.
 */
import type { Scenario, Step } from '../../engine';
import type { Alignment } from '../align';
import { stepCaption } from './step-caption';
import { resultOf } from './tool-calls';
import type { CaptionLane, StepCaption } from './types';
import { base, joinList, sentence } from './words';

/** One aligned row seen across its lanes: each lane's step and caption (null in a gap). */
export interface RowView {
  readonly lanes: readonly CaptionLane[];
  readonly alignment: Alignment;
  readonly row: number;
  readonly steps: readonly (Step | null)[];
  readonly captions: readonly (StepCaption | null)[];
  /** Every lane did the same at this row. */
  readonly same: boolean;
  /** This is the first row where the lanes differ. */
  readonly partsWays: boolean;
}

/** Pure: whether the step is a reflection (within an attempt or between attempts). */
export const isReflective = (step: Step | null) =>
  step !== null && (step.kind === 'reflection' || step.kind === 'attempt_reflection');

/** What several lanes do when their steps match but their words differ. */
const SAME_WORDS: Readonly<Record<Step['kind'], string>> = {
  action: 'make the same call',
  reflection: 'stop to reflect',
  answer: 'answer',
  escalate: 'hand the case to a person',
  attempt_reflection: 'look back and start over',
  reprompt: 'reply in prose',
  judge: 'ask the judge',
};

/** Reflections first, then steps, then gaps. */
function rank(step: Step | null): number {
  if (step === null) return 2;
  return isReflective(step) ? 0 : 1;
}

/** A lane's next step after `row` (what it does instead where it has a gap), or null. */
function nextStepAfter(alignment: Alignment, lane: number, row: number): number | null {
  for (let index = row + 1; index < alignment.rows.length; index++) {
    const cell = alignment.rows[index]?.cells[lane];
    if (cell !== null && cell !== undefined) return cell;
  }
  return null;
}

/** Pure: the row's lead sentence (lanes that reflect lead, then the others, gaps last). */
export function rowLead(scenario: Scenario, view: RowView): string {
  const { lanes, alignment, row, steps, captions, same, partsWays } = view;
  const doingHere = (index: number): string => {
    const lane = lanes[index]!;
    const caption = captions[index];
    if (caption) return `${lane.label} ${caption.short}`;
    const next = nextStepAfter(alignment, index, row);
    // "the No reflection run": a lane's name is not read as words of the sentence.
    if (next === null) return `the ${lane.label} run has already ended`;
    const later = stepCaption(scenario, lane, next);
    return partsWays && later ? `${lane.label} ${later.short}` : `${lane.label} has no step here`;
  };

  const first = captions[0];
  if (same && first) {
    const all = lanes.length === 2 ? 'Both runs' : 'All runs';
    const shared = captions.every((caption) => caption?.plural === first.plural)
      ? first.plural
      : SAME_WORDS[steps[0]?.kind ?? 'action'];
    let lead = sentence(`${all} ${shared}`);
    const results = steps.map((step) => {
      const result = step ? resultOf(step) : null;
      return result ? base(result) : null;
    });
    if (results[0] && results.every((result) => result === results[0])) {
      lead += ` ${lanes.length === 2 ? 'Both' : 'All'} ${results[0]}.`;
    }
    return lead;
  }
  const order = lanes
    .map((_, index) => index)
    .sort((a, b) => rank(steps[a] ?? null) - rank(steps[b] ?? null) || a - b);
  const parts = order.map(doingHere);
  return partsWays
    ? sentence(`Here the runs part ways: ${joinList(parts, ', ', ', ')}`)
    : sentence(parts.join('; '));
}
