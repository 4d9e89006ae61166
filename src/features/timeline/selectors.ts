/** The timeline's selectors: the run store's own (`state/run-selectors.ts`) and its derived ones. */
import { clipLine } from '../../components/Clipped';
import { guardName, nextMark, stepPosition, timelineMarks } from '../../projections/timeline';
import type { RunState } from '../../state/run-store';
import { shownStep } from '../shortcuts';

export {
  selectAttempt,
  selectGrade,
  selectPath,
  selectPlaybackMs,
  selectPlaying,
  selectScopeCount,
  selectScopeFirst,
  selectScopeLast,
  selectSelection,
  selectStatus,
  selectStepCount,
  selectSteps,
} from '../../state/run-selectors';

/** Which moves the toolbar offers, as bits: a number, so the toolbar re-renders only on a flip. */
export const NAV = {
  back: 1,
  forward: 2,
  previousReflection: 4,
  nextReflection: 8,
  previousGuard: 16,
  nextGuard: 32,
  /** The cursor is pinned while the run streams: End goes back to following it. */
  canFollow: 64,
} as const;

/** The moves open from the cursor (see NAV). Runs on every store change: O(1) after the first. */
export const selectNavigation = (state: RunState): number => {
  const count = state.steps.length;
  if (count === 0) return 0;
  const at = shownStep(state);
  const marks = timelineMarks(state.steps, state.path);
  let bits = 0;
  if (at > 0) bits |= NAV.back;
  if (at < count - 1) bits |= NAV.forward;
  if (nextMark(marks.reflections, at, -1) !== null) bits |= NAV.previousReflection;
  if (nextMark(marks.reflections, at, 1) !== null) bits |= NAV.nextReflection;
  if (nextMark(marks.guardTrips, at, -1) !== null) bits |= NAV.previousGuard;
  if (nextMark(marks.guardTrips, at, 1) !== null) bits |= NAV.nextGuard;
  if (state.status === 'running' && state.cursor !== null) bits |= NAV.canFollow;
  return bits;
};

/** What the cursor shows, for the playhead painter (which runs outside React). */
export function cursorView(state: RunState): { index: number | null; text: string } {
  const count = state.steps.length;
  if (count === 0) {
    return {
      index: null,
      text: state.status === 'running' ? 'Waiting for the first step…' : 'No steps yet',
    };
  }
  const index = shownStep(state);
  const step = state.steps[index];
  if (!step) return { index: null, text: 'No steps yet' };
  let text = stepPosition(step, count);
  // A guard that denied nothing (a stall exit, a budget stop) is not in the step's own words;
  // it is named as people call it ("stall guard"), not by its identifier.
  const guard = timelineMarks(state.steps, state.path).guards.get(index);
  const name = guard ? guardName(guard) : null;
  if (name && !text.includes(name)) text += ` · ${name} tripped`;
  if (state.status === 'running' && state.cursor === null) text += ' · live';
  return { index, text: clipLine(text) };
}
