/**
 * The timeline's strip once it has cells: virtualised (@tanstack/react-virtual, horizontal), so
 * only the cells in view and a few beside them are in the DOM and a 100,000-step run scrolls as
 * a 10-step one does; the playhead painter brings the cursor cell into view. A chunk of its own
 * (`TimelineStrip` loads it): the first paint, before any run, shows no cell.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, type MouseEvent } from 'react';
import { FOCUS_RING } from '../../components';
import type { CellLens, TimelineCell as Cell } from '../../projections/timeline';
import { TimelineCell } from './TimelineCell';
import {
  BOUNDARY_WIDTH,
  CELL_GAP,
  CELL_MIN,
  SCROLL_PADDING,
  STRIP_PADDING,
  cellPosition,
  cellWidth,
  revealOffset,
} from './strip-layout';
import type { TimelineStripProps } from './TimelineStrip';

function AttemptBoundary({ attempt }: { readonly attempt: number }) {
  return (
    <div
      aria-hidden="true"
      className="flex w-6 shrink-0 flex-col items-center gap-0.5 self-stretch"
    >
      <span className="rounded bg-fuchsia-100 px-1 font-mono text-[10px] leading-3 font-semibold text-fuchsia-900 dark:bg-fuchsia-900/70 dark:text-fuchsia-100">
        A{attempt}
      </span>
      <span className="w-px flex-1 bg-fuchsia-400 dark:bg-fuchsia-500" />
    </div>
  );
}

/** The strip of `cells` (at least one), virtualised. */
export function VirtualStrip({
  cells,
  lens,
  selectionActive,
  live,
  idPrefix,
  width,
  stripRef,
  revealRef,
  onDrawn,
  onPick,
}: TimelineStripProps) {
  const boundaries = useMemo(() => cells.filter((cell) => cell.attemptStart).length, [cells]);
  const size = cellWidth(width, cells.length, boundaries);
  const count = cells.length + (live ? 1 : 0);
  // A new function whenever a size may change: the virtualiser measures again on a new key getter.
  const getItemKey = useCallback(
    (at: number) => (at < cells.length ? cells[at]!.index : 'live'),
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [cells, size],
  );
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    horizontal: true,
    count,
    getScrollElement: () => stripRef.current,
    estimateSize: (at) =>
      at >= cells.length
        ? CELL_MIN
        : size + (cells[at]!.attemptStart ? BOUNDARY_WIDTH + CELL_GAP : 0),
    getItemKey,
    gap: CELL_GAP,
    paddingStart: STRIP_PADDING,
    paddingEnd: STRIP_PADDING,
    scrollPaddingStart: SCROLL_PADDING,
    scrollPaddingEnd: SCROLL_PADDING,
    overscan: 6,
  });
  revealRef.current = (index: number) => {
    const at = cellPosition(cells, index);
    const element = stripRef.current;
    if (at < 0 || !element) return false;
    const target = revealOffset(virtualizer, at);
    // Before the strip has a size the virtualiser scrolls (and keeps at it while it settles).
    if (target === 'unknown') virtualizer.scrollToIndex(at, { align: 'auto' });
    // Written, never read: the cursor moves before React draws, so the page is laid out already.
    else if (target !== null) element.scrollLeft = target;
    return true;
  };
  useLayoutEffect(onDrawn);
  useLayoutEffect(
    () => () => {
      revealRef.current = null;
    },
    [revealRef],
  );

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
      className={`overflow-x-auto rounded-md pt-1 pb-2 ${FOCUS_RING} focus-visible:ring-inset focus-visible:ring-offset-0`}
    >
      <div className="relative h-16" style={{ width: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const cell = cells[item.index];
          return (
            <div
              key={item.key}
              className="absolute top-0 flex h-full items-start gap-1"
              style={{ left: item.start, width: item.size }}
            >
              {cell ? (
                <CellSlot
                  cell={cell}
                  lens={lens.get(cell.index) ?? null}
                  idPrefix={idPrefix}
                  dimmed={selectionActive && !cell.selected}
                  position={item.index + 1}
                  setSize={cells.length}
                />
              ) : (
                <div aria-hidden="true" className="flex w-8 shrink-0 flex-col gap-0.5 pt-3">
                  <div className="h-8 animate-pulse rounded-md border border-dashed border-slate-400 bg-slate-100 dark:border-slate-500 dark:bg-slate-800" />
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function CellSlot({
  cell,
  lens,
  idPrefix,
  dimmed,
  position,
  setSize,
}: {
  readonly cell: Cell;
  readonly lens: CellLens | null;
  readonly idPrefix: string;
  readonly dimmed: boolean;
  readonly position: number;
  readonly setSize: number;
}) {
  const view = (
    <TimelineCell
      cell={cell}
      lens={lens}
      idPrefix={idPrefix}
      dimmed={dimmed}
      position={position}
      setSize={setSize}
    />
  );
  if (!cell.attemptStart) return view;
  return (
    <>
      <AttemptBoundary attempt={cell.attempt} />
      {view}
    </>
  );
}
