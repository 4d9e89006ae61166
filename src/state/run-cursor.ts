/**
 * The run store's cursor actions: where the views look (a step, a mark, one attempt). With an
 * attempt selected, every move stays within its steps; showing a step of another attempt moves
 * the selection to that attempt, so the shown step is always in the attempt the views show.
 */
import { attemptRange } from '../projections/attempts';
import { nextMark, timelineMarks } from '../projections/timeline';
import type { RunActions, RunState, ViewState } from './run-store-types';

type CursorActions = Pick<
  RunActions,
  | 'selectStep'
  | 'awaitStep'
  | 'awaitAttempt'
  | 'moveCursor'
  | 'cursorTo'
  | 'jumpTo'
  | 'selectAttempt'
>;

/** Pure: the steps the views show, as an index range (an attempt's, or the run's); null: none. */
export function scopeRange(
  state: Pick<RunState, 'steps' | 'attempt'>,
): { readonly first: number; readonly last: number } | null {
  if (state.steps.length === 0) return null;
  const range = state.attempt === null ? null : attemptRange(state.steps, state.attempt);
  return range ?? { first: 0, last: state.steps.length - 1 };
}

/** The cursor actions over a store's `get` / `set`, and the awaited-step check `run` calls. */
export function createCursorActions(
  get: () => RunState,
  set: (partial: Partial<ViewState>) => void,
): { readonly actions: CursorActions; readonly settleAwaited: () => void } {
  const clamp = (index: number) => {
    const range = scopeRange(get());
    return range ? Math.max(range.first, Math.min(range.last, index)) : 0;
  };
  const cursorOf = (state: RunState) => state.cursor ?? state.steps.length - 1;
  /** The attempt scope after showing step `index`: the step's own when it lies outside. */
  const scopeFor = (index: number): Partial<Pick<ViewState, 'attempt'>> => {
    const { attempt, steps } = get();
    const owner = steps[index]?.attempt;
    return attempt === null || owner === undefined || owner === attempt ? {} : { attempt: owner };
  };

  /** Scopes to `attempt`: the cursor to its first step unless it is already in it. */
  const scopeTo = (attempt: number): Partial<ViewState> | null => {
    const state = get();
    const range = attemptRange(state.steps, attempt);
    if (!range) return null;
    const at = cursorOf(state);
    const inside = state.cursor !== null && at >= range.first && at <= range.last;
    return { attempt, cursor: inside ? at : range.first };
  };

  const settleAttempt = () => {
    const { awaitedAttempt, status } = get();
    if (awaitedAttempt === null) return;
    const scoped = scopeTo(awaitedAttempt);
    if (scoped) set({ ...scoped, awaitedAttempt: null });
    else if (status === 'done') set({ attempt: null, awaitedAttempt: null });
  };

  const settleAwaited = () => {
    settleAttempt();
    const { awaitedStep, steps, status } = get();
    if (awaitedStep === null) return;
    if (steps.length > awaitedStep) {
      set({ ...scopeFor(awaitedStep), cursor: awaitedStep, awaitedStep: null });
    } else if (status === 'done' && steps.length > 0) {
      set({ attempt: null, cursor: steps.length - 1, awaitedStep: null });
    }
  };

  const actions: CursorActions = {
    selectStep(index) {
      if (index === null)
        return set({ cursor: null, attempt: null, awaitedStep: null, awaitedAttempt: null });
      const bounded = Math.max(0, Math.min(get().steps.length - 1, index));
      set({ ...scopeFor(bounded), cursor: bounded, awaitedStep: null });
    },

    awaitStep(index) {
      set({ awaitedStep: Math.max(0, index) });
      settleAwaited();
    },

    awaitAttempt(attempt) {
      set({ awaitedAttempt: Math.max(1, attempt) });
      settleAwaited();
    },

    moveCursor(delta) {
      const state = get();
      if (state.steps.length === 0) return;
      set({ cursor: clamp(cursorOf(state) + delta), awaitedStep: null });
    },

    cursorTo(end) {
      const range = scopeRange(get());
      if (!range) return;
      set({ cursor: end === 'first' ? range.first : range.last, awaitedStep: null });
    },

    jumpTo(mark, direction) {
      const state = get();
      const range = scopeRange(state);
      if (!range) return;
      const marks = timelineMarks(state.steps, state.path);
      const list = (mark === 'reflection' ? marks.reflections : marks.guardTrips).filter(
        (index) => index >= range.first && index <= range.last,
      );
      const found = nextMark(list, cursorOf(state), direction);
      if (found !== null) set({ cursor: found, awaitedStep: null });
    },

    selectAttempt(attempt) {
      if (attempt === null) return set({ attempt: null, awaitedAttempt: null });
      const scoped = scopeTo(attempt);
      if (scoped) set({ ...scoped, awaitedStep: null, awaitedAttempt: null });
    },
  };
  return { actions, settleAwaited };
}
