import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { FOCUS_RING } from '../../components';
import { buildTimeline, timelineLens } from '../../projections/timeline';
import { useLens } from '../lens';
import { useRunStore, useRunStoreApi } from '../run';
import { ShortcutsLayer } from '../shortcuts';
import { createCursorPainter } from './cursor-painter';
import { usePlayback } from './playback';
import {
  cursorView,
  selectAttempt,
  selectGrade,
  selectPath,
  selectSelection,
  selectStatus,
  selectSteps,
} from './selectors';
import { TimelineControls } from './TimelineControls';
import { Scrubber } from './Scrubber';
import { TimelineLegend } from './TimelineLegend';
import { TimelineStrip } from './TimelineStrip';

interface PlayheadRefs {
  readonly strip: RefObject<HTMLDivElement | null>;
  readonly reveal: RefObject<((index: number) => boolean) | null>;
  readonly scrubber: RefObject<HTMLInputElement | null>;
  readonly position: RefObject<HTMLSpanElement | null>;
}

/**
 * The playhead: marks the cursor cell, sets the scrubber and the step text from
 * `store.subscribe` (STYLE rule 8). One painter per mounted pane (it remembers the cell it
 * marked); it paints again whenever the strip draws (`repaint`), so a cell that scrolled into
 * the DOM or a new cell gets the mark too.
 */
function usePlayhead(targets: PlayheadRefs, idPrefix: string): () => void {
  const store = useRunStoreApi();
  const [painter] = useState(() =>
    createCursorPainter({
      strip: () => targets.strip.current,
      cellAt: (index) => document.getElementById(`${idPrefix}${index}`),
      reveal: (index) => targets.reveal.current?.(index) ?? false,
      scrubber: () => targets.scrubber.current,
      position: () => targets.position.current,
    }),
  );
  useLayoutEffect(() => {
    painter.paint(cursorView(store.getState()));
    return store.subscribe((state, previous) => {
      if (
        state.cursor !== previous.cursor ||
        state.steps !== previous.steps ||
        state.path !== previous.path ||
        state.status !== previous.status
      ) {
        painter.paint(cursorView(state));
      }
    });
  }, [store, painter]);
  return useCallback(() => painter.paint(cursorView(store.getState())), [painter, store]);
}

/** An element's width in px, kept up to date as the pane resizes. */
function useWidth(target: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    // The observer reports the first size at once, then every change.
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return width;
}

function TimelineBody() {
  const store = useRunStoreApi();
  const steps = useRunStore(selectSteps);
  const path = useRunStore(selectPath);
  const selection = useRunStore(selectSelection);
  const live = useRunStore(selectStatus) === 'running';
  const attempt = useRunStore(selectAttempt);
  const grade = useRunStore(selectGrade);
  const timeline = useMemo(
    () => buildTimeline(steps, path, selection, undefined, grade),
    [steps, path, selection, grade],
  );
  // An attempt chosen in the attempts strip: only its steps (the live slot only in the newest).
  const cells = useMemo(
    () =>
      attempt === null ? timeline.cells : timeline.cells.filter((cell) => cell.attempt === attempt),
    [timeline.cells, attempt],
  );
  const newest = attempt === null || steps.at(-1)?.attempt === attempt;
  const lens = timelineLens(useLens());

  const strip = useRef<HTMLDivElement>(null);
  const reveal = useRef<((index: number) => boolean) | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const width = useWidth(body);
  const scrubber = useRef<HTMLInputElement>(null);
  const position = useRef<HTMLSpanElement>(null);
  const idPrefix = `${useId()}step-`;
  const repaint = usePlayhead({ strip, reveal, scrubber, position }, idPrefix);
  usePlayback(store);

  const onPick = useCallback(
    (index: number) => store.getState().actions.selectStep(index),
    [store],
  );

  return (
    <>
      <TimelineControls positionRef={position} />
      <div
        ref={body}
        className={`min-h-0 flex-1 overflow-y-auto ${FOCUS_RING}`}
        tabIndex={0}
        role="group"
        aria-label="Timeline steps and legend"
      >
        {/* Fits its cells (up to the pane's width), so the scrubber spans exactly the strip. */}
        <div className="w-fit max-w-full pt-1.5">
          <TimelineStrip
            cells={cells}
            lens={lens}
            selectionActive={selection !== null}
            live={live && newest}
            idPrefix={idPrefix}
            width={width}
            stripRef={strip}
            revealRef={reveal}
            onDrawn={repaint}
            onPick={onPick}
          />
          <Scrubber scrubberRef={scrubber} />
        </div>
        <TimelineLegend selectedCount={timeline.selectedCount} lens={lens.size > 0} />
      </div>
    </>
  );
}

/**
 * The timeline: one cell per step, coloured by kind, with a scrubber, transport and jumps to
 * reflections and guard trips. Mounts the keyboard shortcuts (until the shell mounts them around
 * the whole run view; a nested layer stays silent).
 */
export function TimelinePane() {
  return (
    <section
      aria-label="Timeline"
      className="flex h-full min-h-0 flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      <ShortcutsLayer>
        <TimelineBody />
      </ShortcutsLayer>
    </section>
  );
}
