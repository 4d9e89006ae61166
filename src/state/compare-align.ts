/**
 * Compare's alignment of long runs off the main thread: when the longest lane has
 * `alignOffThreadFrom` steps or more, an injected aligner (the app's align worker) aligns the
 * lanes and this keeps its latest answer in the store; shorter runs align in the selector, at
 * once, as before. One alignment in flight at a time: when it answers, the lanes as they are
 * then are sent, so a long live run is not re-aligned for every step it adds. No React.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Step } from '../engine';
import { alignAgainst, stepSignature, type Alignment } from '../projections/align';

/** Aligns the lanes' step signatures against lane `baseline`, elsewhere (the align worker). */
export type Aligner = (
  signatures: readonly (readonly string[])[],
  baseline: number,
) => Promise<Alignment>;

/** A lane with no run yet: one array, so lanes compare by identity. */
export const NO_STEPS: readonly Step[] = [];

/** The lanes' steps, by lane. */
export function laneSteps(state: Pick<Aligned, 'lanes' | 'runs'>): readonly (readonly Step[])[] {
  return state.lanes.map((lane) => state.runs[lane.id]?.steps ?? NO_STEPS);
}

/** Runs this long (the longest lane, in steps) align through the aligner when there is one. */
export const ALIGN_OFF_THREAD_STEPS = 2_000;

/** An aligner's answer and what it aligned. */
export interface AlignedLanes {
  readonly steps: readonly (readonly Step[])[];
  readonly baseline: number;
  readonly alignment: Alignment;
}

/** What the compare state holds for it. */
export interface AlignmentState {
  /** The aligner's latest answer (null before the first). */
  readonly aligned: AlignedLanes | null;
  /** Steps from which the aligner aligns; null: no aligner, every alignment is in the selector. */
  readonly alignOffThreadFrom: number | null;
  readonly baseline: number;
}

/** The compare state's start for this: nothing aligned yet; off the thread when given an aligner. */
export function alignmentStart(initial: {
  readonly aligner?: Aligner;
  readonly alignOffThreadFrom?: number;
}): Pick<AlignmentState, 'aligned' | 'alignOffThreadFrom'> {
  const from = initial.alignOffThreadFrom ?? ALIGN_OFF_THREAD_STEPS;
  return { aligned: null, alignOffThreadFrom: initial.aligner ? from : null };
}

/** Pure: whether lanes this long align through the aligner. */
export function alignsOffThread(from: number | null, steps: readonly (readonly Step[])[]) {
  return from !== null && steps.some((lane) => lane.length >= from);
}

/** Pure: the aligner's answer when it aligned exactly these lanes against this baseline. */
export function currentAlignment(
  state: AlignmentState,
  steps: readonly (readonly Step[])[],
): Alignment | null {
  const aligned = state.aligned;
  if (!aligned || aligned.baseline !== state.baseline || aligned.steps.length !== steps.length)
    return null;
  return aligned.steps.every((lane, index) => lane === steps[index]) ? aligned.alignment : null;
}

/**
 * Pure: the alignment to show while the current one is being made: the previous answer while
 * the lanes only grew since (a live run: its new steps are in no row yet), else no rows.
 */
export function interimAlignment(
  state: AlignmentState,
  steps: readonly (readonly Step[])[],
): Alignment {
  const aligned = state.aligned;
  const grown =
    aligned !== null &&
    aligned.baseline === state.baseline &&
    aligned.steps.length === steps.length &&
    aligned.steps.every((lane, index) => {
      const now = steps[index] ?? [];
      return (
        lane.length <= now.length && (lane.length === 0 || lane.at(-1) === now[lane.length - 1])
      );
    });
  if (grown) return aligned.alignment;
  return {
    lanes: steps.length,
    rows: [],
    signatures: steps.map(() => []),
    firstDivergence: null,
    rowOfStep: steps.map(() => []),
  };
}

interface Aligned extends AlignmentState {
  readonly lanes: readonly { readonly id: string }[];
  readonly runs: Readonly<Record<string, { readonly steps: readonly Step[] } | undefined>>;
}

/**
 * Keeps `store`'s `aligned` up to date through `aligner`. If the aligner fails (the worker did
 * not load), the lanes are aligned here instead: slower for the page, but nothing is lost.
 */
export function keepAlignment<S extends Aligned>(store: StoreApi<S>, aligner: Aligner): void {
  let busy = false;
  const request = () => {
    const state = store.getState();
    const lanes = laneSteps(state);
    if (busy || !alignsOffThread(state.alignOffThreadFrom, lanes)) return;
    if (currentAlignment(state, lanes)) return;
    busy = true;
    const { baseline } = state;
    const keep = (alignment: Alignment) =>
      store.setState({ aligned: { steps: lanes, baseline, alignment } } as Partial<S>);
    aligner(
      lanes.map((lane) => lane.map(stepSignature)),
      baseline,
    )
      .then(keep, () => keep(alignAgainst(lanes, baseline)))
      .finally(() => {
        busy = false;
        request();
      });
  };
  store.subscribe(request);
  request();
}
