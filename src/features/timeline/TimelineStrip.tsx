import { memo, Suspense, type RefObject } from 'react';
import { lazyComponent } from '../../components';
import type { CellLens, TimelineCell as Cell } from '../../projections/timeline';

export interface TimelineStripProps {
  readonly cells: readonly Cell[];
  /** The guards lens's marks by step (empty when the lens is hidden). */
  readonly lens: ReadonlyMap<number, CellLens>;
  /** The phase graph has a selection: cells outside it fade. */
  readonly selectionActive: boolean;
  /** The run is still recording: a pulsing slot shows where the next step lands. */
  readonly live: boolean;
  readonly idPrefix: string;
  /** The pane's width in px: the cells share it (see `cellWidth`). */
  readonly width: number;
  readonly stripRef: RefObject<HTMLDivElement | null>;
  /** Filled with "bring this step into view" for the playhead painter. */
  readonly revealRef: RefObject<((index: number) => boolean) | null>;
  /** Called after every draw: the cells in the DOM may have changed (the playhead repaints). */
  readonly onDrawn: () => void;
  readonly onPick: (index: number) => void;
}

const Virtual = lazyComponent<TimelineStripProps>(() =>
  import('./VirtualStrip').then((module) => module.VirtualStrip),
);

/** Loads the strip's code now (after the first paint, with the run code): a run's first cell shows at once. */
export const preloadTimelineStrip = Virtual.preload;

const EMPTY = 'flex h-[4.25rem] items-center px-3 text-sm text-slate-600 dark:text-slate-400';

/**
 * The steps as a horizontal listbox of cells: click a cell to show its step; the keyboard
 * shortcuts move the cursor while the strip has focus. Virtualised (`VirtualStrip`,
 * loaded with the first cell); until its code is in, the strip's place holds a loading line.
 */
export const TimelineStrip = memo(function TimelineStrip(props: TimelineStripProps) {
  const { cells, live } = props;
  if (cells.length === 0) {
    return (
      <div className={EMPTY}>
        {live
          ? 'Waiting for the first step…'
          : 'Press Run: each step of the run lands here as a cell.'}
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        // Not a status: the timeline's one live region is its position line.
        <div aria-busy="true" className={EMPTY}>
          Loading the timeline…
        </div>
      }
    >
      <Virtual {...props} />
    </Suspense>
  );
});
