import { memo, type MouseEvent, type RefObject } from 'react';
import { FOCUS_RING } from '../../components';
import type { CellLens, TimelineCell as Cell } from '../../projections/timeline';
import { TimelineCell } from './TimelineCell';

export interface TimelineStripProps {
  readonly cells: readonly Cell[];
  /** The guards lens's marks by step (empty when the lens is hidden). */
  readonly lens: ReadonlyMap<number, CellLens>;
  /** The phase graph has a selection: cells outside it fade. */
  readonly selectionActive: boolean;
  /** The run is still recording: a pulsing slot shows where the next step lands. */
  readonly live: boolean;
  readonly idPrefix: string;
  readonly stripRef: RefObject<HTMLDivElement | null>;
  readonly onPick: (index: number) => void;
}

function AttemptBoundary({ attempt }: { readonly attempt: number }) {
  return (
    <div aria-hidden="true" className="flex shrink-0 flex-col items-center gap-0.5 self-stretch">
      <span className="rounded bg-fuchsia-100 px-1 font-mono text-[10px] leading-3 font-semibold text-fuchsia-900 dark:bg-fuchsia-900/70 dark:text-fuchsia-100">
        A{attempt}
      </span>
      <span className="w-px flex-1 bg-fuchsia-400 dark:bg-fuchsia-500" />
    </div>
  );
}

/**
 * The steps as a horizontal listbox of cells: click a cell to show its step; the keyboard
 * shortcuts move the cursor while the strip has focus. Scrolls sideways on long runs (every cell
 * keeps its minimum width); the playhead painter keeps the cursor cell in view.
 */
export const TimelineStrip = memo(function TimelineStrip({
  cells,
  lens,
  selectionActive,
  live,
  idPrefix,
  stripRef,
  onPick,
}: TimelineStripProps) {
  if (cells.length === 0) {
    return (
      <div className="flex h-[4.25rem] items-center px-3 text-sm text-slate-600 dark:text-slate-400">
        {live
          ? 'Waiting for the first step…'
          : 'Press Run: each step of the run lands here as a cell.'}
      </div>
    );
  }
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    const index = target?.getAttribute('data-index');
    if (index != null) onPick(Number(index));
  };
  return (
    // Click is delegated from the cells; the keyboard reaches every step through the shortcuts
    // (the strip opts in with data-shortcuts) and the "Step" scrubber.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      ref={stripRef}
      role="listbox"
      aria-label="Steps"
      aria-orientation="horizontal"
      tabIndex={0}
      data-shortcuts="allow"
      onClick={onClick}
      className={`relative flex items-start gap-1 overflow-x-auto rounded-md px-3 pt-1 pb-2 ${FOCUS_RING} focus-visible:ring-inset focus-visible:ring-offset-0`}
    >
      {cells.map((cell) => (
        <CellSlot
          key={cell.index}
          cell={cell}
          lens={lens.get(cell.index) ?? null}
          idPrefix={idPrefix}
          dimmed={selectionActive && !cell.selected}
        />
      ))}
      {live && (
        <div aria-hidden="true" className="flex w-8 shrink-0 flex-col gap-0.5 pt-3">
          <div className="h-8 animate-pulse rounded-md border border-dashed border-slate-400 bg-slate-100 dark:border-slate-500 dark:bg-slate-800" />
        </div>
      )}
    </div>
  );
});

function CellSlot({
  cell,
  lens,
  idPrefix,
  dimmed,
}: {
  readonly cell: Cell;
  readonly lens: CellLens | null;
  readonly idPrefix: string;
  readonly dimmed: boolean;
}) {
  const view = <TimelineCell cell={cell} lens={lens} idPrefix={idPrefix} dimmed={dimmed} />;
  if (!cell.attemptStart) return view;
  return (
    <>
      <AttemptBoundary attempt={cell.attempt} />
      {view}
    </>
  );
}
