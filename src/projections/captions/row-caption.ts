/**
 * One aligned row across the lanes in words: the lead sentence, then what matters most there (a
 * guard, a reflection and why, a lane taking stock, the answers' grades), and whether it is a
 * moment to pause on.
 */
import type { Scenario } from '../../engine';
import type { Alignment } from '../align';
import { guardMoment } from './guards';
import { isReflective, rowLead, type RowView } from './row-lead';
import { stepCaption } from './step-caption';
import type { CaptionLane, RowCaption } from './types';
import { capital, joinList, quote, sentence } from './words';

/** The row as each lane sees it: its step and that step's caption, null in a gap. */
function viewOf(
  scenario: Scenario,
  lanes: readonly CaptionLane[],
  alignment: Alignment,
  row: number,
): RowView | null {
  const cells = alignment.rows[row]?.cells;
  if (!cells) return null;
  const steps = lanes.map((lane, index) => {
    const cell = cells[index];
    return cell === null || cell === undefined ? null : (lane.trace.steps[cell] ?? null);
  });
  const captions = lanes.map((lane, index) => {
    const step = steps[index];
    return step ? stepCaption(scenario, lane, step.index) : null;
  });
  const same = alignment.rows[row]?.same ?? false;
  return {
    lanes,
    alignment,
    row,
    steps,
    captions,
    same,
    partsWays: alignment.firstDivergence === row,
  };
}

/**
 * Pure: the caption of one aligned row across the lanes: a lead sentence (what each lane does,
 * "Here the runs part ways: …" at the first row where they differ), then what matters most at
 * the row (a guard, a reflection and why, a lane taking stock, the answers' grades), and whether
 * it is a moment to pause on.
 */
export function rowCaption(
  scenario: Scenario,
  lanes: readonly CaptionLane[],
  alignment: Alignment,
  row: number,
): RowCaption | null {
  const view = viewOf(scenario, lanes, alignment, row);
  if (!view) return null;
  const { steps, captions, same, partsWays } = view;
  let lead = rowLead(scenario, view);

  const notes: string[] = [];
  // Guard moments by what happened, so one guard stopping two lanes reads as one phrase.
  const tripped = new Map<(labels: string) => string, string[]>();
  lanes.forEach((lane, index) => {
    const caption = captions[index];
    const step = steps[index];
    if (!caption?.guard || !step) return;
    notes.push(caption.guard);
    const say = guardMoment(lane, step);
    tripped.set(say, [...(tripped.get(say) ?? []), lane.label]);
  });
  const moments = [...tripped].map(([say, labels]) => say(joinList(labels, ', ', ' and ')));
  const reflecting: string[] = [];
  const takingStock: string[] = [];
  const reflections: { label: string; why: string; quote: string | null }[] = [];
  lanes.forEach((lane, index) => {
    const caption = captions[index];
    const step = steps[index] ?? null;
    if (!caption || !step) return;
    if (isReflective(step)) {
      reflecting.push(lane.label);
      reflections.push({
        label: lane.label,
        why: caption.why ? ` ${caption.why}` : '',
        quote: caption.quote ? quote(caption.quote.text) : null,
      });
    } else if (!same && caption.quote?.label === 'Takes stock') {
      // ReflAct's state reflection is part of its action call, not a reflection phase: it
      // counts in no Reflections figure, so the words must not say it "reflects".
      takingStock.push(lane.label);
      notes.push(
        sentence(
          `${lane.label} first takes stock (its state reflection, part of the action call, not a reflection phase): ${quote(caption.quote.text)}`,
        ),
      );
    }
  });
  const [firstReflection] = reflections;
  const alike =
    firstReflection !== undefined &&
    reflections.length === lanes.length &&
    reflections.every(
      (one) => one.why === firstReflection.why && one.quote === firstReflection.quote,
    );
  if (alike && lanes.length > 1) {
    // Every lane reflected alike: one note, not the same one per lane.
    const they = firstReflection.why.replace(/\bits\b/g, 'their').replace(/\bit\b/g, 'they');
    const concluded = firstReflection.quote ? ` They conclude: ${firstReflection.quote}` : '';
    const all = lanes.length === 2 ? 'Both' : 'All';
    if (same) lead = `${sentence(`${all} runs stop to reflect${they}`)}${concluded}`;
    else notes.push(`${sentence(`${all} reflect${they}`)}${concluded}`);
  } else {
    for (const one of reflections) {
      const concluded = one.quote ? ` It concludes: ${one.quote}` : '';
      notes.push(`${sentence(`${one.label} reflects${one.why}`)}${concluded}`);
    }
  }
  if (reflecting.length > 0) {
    moments.push(
      `${joinList(reflecting, ', ', ' and ')} ${reflecting.length === 1 ? 'reflects' : 'reflect'}`,
    );
  }
  if (takingStock.length > 0) {
    moments.push(
      `${joinList(takingStock, ', ', ' and ')} ${takingStock.length === 1 ? 'takes' : 'take'} stock of its state`,
    );
  }
  const verdicts = captions.map((caption) => caption?.verdict ?? null);
  const graded = verdicts.filter((verdict): verdict is string => verdict !== null);
  if (graded.length > 0) {
    const allRight = captions.every((caption) => caption?.correct === true);
    const all = lanes.length === 2 ? 'Both' : 'All';
    notes.push(allRight && lanes.length > 1 ? `${all} answers are correct.` : graded.join(' '));
  }
  if (partsWays) moments.push('the runs part ways');

  const text = [lead, ...notes].join(' ');
  return { text, moment: moments.length > 0 ? capital(joinList(moments, ', ', ' and ')) : null };
}
