/** The shapes captions are made of: a lane, a step's caption, a row's caption, a verb phrase. */
import type { Trace } from '../../engine';
import type { TimelineKind } from '../timeline';

/** One lane of a presentation: its name and its finished run. */
export interface CaptionLane {
  /** The lane's name as the audience reads it ("ReAct", "Adaptive"). */
  readonly label: string;
  readonly trace: Trace;
}

/** What a step's card shows: the timeline's kinds, plus a step a guard denied. */
export type CaptionKind = TimelineKind | 'denied';

/** Whose words a quote is. */
export type QuoteLabel =
  'Thinks' | 'Takes stock' | 'Concludes' | 'Answer' | 'Withheld answer' | 'Reply';

/** A verb phrase in two forms: "searches the help centre" / "search the help centre". */
export interface Phrase {
  readonly verb: string;
  readonly rest: string;
}

/** One step in words. */
export interface StepCaption {
  readonly kind: CaptionKind;
  /** What it did, as a sentence without the lane's name ("Searches the help centre for “x”."). */
  readonly what: string;
  /** What it did, for a row caption ("searches again", "answers", "stops to reflect"). */
  readonly short: string;
  /** What it did, with the lane's name ("ReAct searches the help centre for “x”."). */
  readonly sentence: string;
  /** The same thing done by several lanes ("search the help centre for “x”"). */
  readonly plural: string;
  /** What came back, as a sentence ("Finds 3 results.", "Finds nothing."), or null. */
  readonly result: string | null;
  /** Why a reflection happened ("because its last log search found nothing new"), or null. */
  readonly why: string | null;
  /** The model's own words: a reflection's conclusion, a thought, the answer. */
  readonly quote: { readonly label: QuoteLabel; readonly text: string } | null;
  /** What a guard did at this step, as a sentence, or null. */
  readonly guard: string | null;
  /** An answer graded against the scenario: right, wrong, or null (not an answer, not graded). */
  readonly correct: boolean | null;
  /** The grade in words ("ReAct’s answer is wrong: it never mentions “5-7 business days”."). */
  readonly verdict: string | null;
}

/** Why playback stops at a row, or null: a reflection, a guard trip, where the runs part ways. */
export interface RowCaption {
  /** The caption under the lanes: what happens at this row across the lanes. */
  readonly text: string;
  /** Why a presenter would stop here ("ReflAct reflects and the runs part ways"), or null. */
  readonly moment: string | null;
}
