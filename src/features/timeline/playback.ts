/** Playback through the recorded steps: the run store's `playing` flag, driven by a timer. */
import { useEffect } from 'react';
import { scopeRange } from '../../state/run-cursor';
import type { RunStore } from '../../state/run-store';
import { useRunStore } from '../run';
import { shownStep } from '../shortcuts';
import { selectPlaybackMs, selectPlaying } from './selectors';

/**
 * One playback tick: the next step; at the last one, stop (or wait while the run records more).
 * With an attempt chosen, playback stays in it and stops at its last step.
 */
export function advancePlayback(store: RunStore): void {
  const state = store.getState();
  const at = shownStep(state);
  const last = scopeRange(state)?.last ?? -1;
  const newest = last === state.steps.length - 1;
  if (at < last) state.actions.selectStep(at + 1);
  else if (!newest || state.status !== 'running') state.actions.setPlaying(false);
}

/** Playback speeds a user picks from; the store keeps the interval in ms. */
export const PLAYBACK_SPEEDS = [
  { value: '1400', label: '0.5×' },
  { value: '700', label: '1×' },
  { value: '350', label: '2×' },
  { value: '175', label: '4×' },
] as const;

/** The speed option nearest to an interval (the store may hold any number). */
export function nearestSpeed(ms: number): (typeof PLAYBACK_SPEEDS)[number]['value'] {
  let best: (typeof PLAYBACK_SPEEDS)[number] = PLAYBACK_SPEEDS[1];
  for (const speed of PLAYBACK_SPEEDS) {
    if (Math.abs(Number(speed.value) - ms) < Math.abs(Number(best.value) - ms)) best = speed;
  }
  return best.value;
}

/** The playback timer: the outside system this hook owns, cleared when playback stops. */
export function usePlayback(store: RunStore): void {
  const playing = useRunStore(selectPlaying);
  const playbackMs = useRunStore(selectPlaybackMs);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => advancePlayback(store), playbackMs);
    return () => window.clearInterval(timer);
  }, [store, playing, playbackMs]);
}
