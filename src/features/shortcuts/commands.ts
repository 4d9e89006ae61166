/**
 * What each shortcut action does to a run store. The timeline's buttons call the same functions,
 * so a key and its button can never disagree.
 */
import { scopeRange } from '../../state/run-cursor';
import type { RunState, RunStore } from '../../state/run-store';
import type { ShortcutAction } from './keymap';

/** The step the inspector shows: the cursor, or the newest step while it follows the run. */
export function shownStep(state: Pick<RunState, 'cursor' | 'steps'>): number {
  return state.cursor ?? state.steps.length - 1;
}

/** Starts playback (from the first step when the cursor is on the last) or pauses it; within the chosen attempt. */
export function togglePlayback(store: RunStore): void {
  const state = store.getState();
  if (state.playing) {
    state.actions.setPlaying(false);
    return;
  }
  const range = scopeRange(state);
  if (!range) return;
  // Within the chosen attempt, if any: from its first step when the cursor is on its last.
  const atEnd = shownStep(state) >= range.last;
  const newest = range.last === state.steps.length - 1;
  if (atEnd && (!newest || state.status !== 'running')) state.actions.selectStep(range.first);
  else if (state.cursor === null) state.actions.selectStep(shownStep(state));
  state.actions.setPlaying(true);
}

/**
 * Moves the cursor to the next (1) or previous (-1) reflection or guard trip; stays when there
 * is none. Guard trips include guards that deny nothing (a stall exit, a budget stop).
 */
export function jumpToMark(store: RunStore, mark: 'reflection' | 'guard', direction: 1 | -1): void {
  store.getState().actions.jumpTo(mark, direction);
}

/**
 * Does what a shortcut asks. `show-help` is the layer's own business (it opens the dialog), so
 * it returns false here; every other action returns true.
 */
export function performShortcut(store: RunStore, action: ShortcutAction): boolean {
  const state = store.getState();
  switch (action) {
    case 'previous-step':
      state.actions.moveCursor(-1);
      return true;
    case 'next-step':
      state.actions.moveCursor(1);
      return true;
    case 'first-step':
      state.actions.cursorTo('first');
      return true;
    case 'last-step':
      // While the run streams, End goes back to following its newest step.
      if (state.status === 'running') state.actions.selectStep(null);
      else state.actions.cursorTo('last');
      return true;
    case 'toggle-playback':
      togglePlayback(store);
      return true;
    case 'previous-reflection':
      jumpToMark(store, 'reflection', -1);
      return true;
    case 'next-reflection':
      jumpToMark(store, 'reflection', 1);
      return true;
    case 'previous-guard':
      jumpToMark(store, 'guard', -1);
      return true;
    case 'next-guard':
      jumpToMark(store, 'guard', 1);
      return true;
    case 'show-help':
      return false;
  }
}
