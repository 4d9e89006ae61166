import type { CSSProperties, RefObject } from 'react';
import { FOCUS_RING } from '../../components';
import { useRunStore, useRunStoreApi } from '../run';
import { selectScopeCount, selectScopeFirst, selectScopeLast } from './selectors';

/** A thin track and a round thumb, the same in Chromium and Firefox. */
const RANGE = [
  'block h-5 w-full cursor-pointer appearance-none rounded bg-transparent disabled:cursor-not-allowed disabled:opacity-40',
  '[&::-webkit-slider-runnable-track]:h-1 [&::-webkit-slider-runnable-track]:rounded-full [&::-webkit-slider-runnable-track]:bg-slate-200 dark:[&::-webkit-slider-runnable-track]:bg-slate-700',
  '[&::-webkit-slider-thumb]:-mt-[5px] [&::-webkit-slider-thumb]:h-3.5 [&::-webkit-slider-thumb]:w-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-sky-700 [&::-webkit-slider-thumb]:shadow dark:[&::-webkit-slider-thumb]:border-slate-950 dark:[&::-webkit-slider-thumb]:bg-sky-400',
  '[&::-moz-range-track]:h-1 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-slate-200 dark:[&::-moz-range-track]:bg-slate-700',
  '[&::-moz-range-thumb]:h-3.5 [&::-moz-range-thumb]:w-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-sky-700 dark:[&::-moz-range-thumb]:border-slate-950 dark:[&::-moz-range-thumb]:bg-sky-400',
  FOCUS_RING,
].join(' ');

/**
 * Insets the track by half a cell less half the thumb (7px), so the thumb sits under the centre
 * of the cell it shows while the cells fill the strip (the strip's 4px gaps included).
 */
const ALIGN_TO_CELLS: CSSProperties = {
  paddingInline: 'max(0px, calc((100% - (var(--cells) - 1) * 4px) / var(--cells) / 2 - 7px))',
};

/**
 * The "Step" slider. Its value is written by the playhead painter (uncontrolled here), so
 * dragging it re-renders nothing; a change moves the store's cursor.
 */
export function Scrubber({
  scrubberRef,
}: {
  readonly scrubberRef: RefObject<HTMLInputElement | null>;
}) {
  const store = useRunStoreApi();
  // The steps in view: the chosen attempt's, or the run's.
  const count = useRunStore(selectScopeCount);
  const first = useRunStore(selectScopeFirst);
  const last = useRunStore(selectScopeLast);
  // Nothing to scrub before the first step: an empty track with a thumb would read as a control.
  if (count === 0) return null;
  return (
    <div className="px-3">
      <div style={{ ...ALIGN_TO_CELLS, '--cells': Math.max(1, count) } as CSSProperties}>
        <input
          ref={scrubberRef}
          type="range"
          aria-label="Step"
          min={first}
          max={Math.max(first, last)}
          step={1}
          defaultValue={first}
          disabled={count === 0}
          onChange={(event) => store.getState().actions.selectStep(Number(event.target.value))}
          className={RANGE}
        />
      </div>
    </div>
  );
}
