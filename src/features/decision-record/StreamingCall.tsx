import { useEffect, useRef } from 'react';
import type { RunState } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { formatMs } from './labels';
import { selectPaused, selectPhase } from './selectors';
import { streamingTail } from './streaming-tail';

/** How often the elapsed time ticks (it shows tenths of a second). */
const TICK_MS = 100;

function callLabel(state: RunState): string {
  const call = state.liveCall;
  if (!call) return 'Waiting for the first model call';
  const purpose = call.purpose === 'action' ? '' : ` · ${call.purpose.replace(/-/g, ' ')}`;
  return `Model call for step ${call.step}${purpose}`;
}

/**
 * The call that is streaming right now: what it is for, the phase, its elapsed time and its text
 * token by token. Text and time are written to the DOM from `store.subscribe` (at most once a frame,
 * the reply's tail only: `streaming-tail.ts`) and a timer, so the tokens never re-render React
 * (STYLE rule 8).
 */
export function StreamingCall() {
  const phase = useRunStore(selectPhase);
  const paused = useRunStore(selectPaused);
  const store = useRunStoreApi();
  const textRef = useRef<HTMLPreElement>(null);
  const callRef = useRef<HTMLSpanElement>(null);
  const timeRef = useRef<HTMLSpanElement>(null);

  // Outside system: the store's stream of tokens and a clock; both end with the component.
  useEffect(() => {
    let callNumber = store.getState().liveCall?.number ?? 0;
    let callStart = performance.now();
    // Once the call ended (a tool runs, or the run waits paused), its time stops.
    let callEnd: number | null = null;
    const writeTime = () => {
      const elapsed = (callEnd ?? performance.now()) - callStart;
      if (timeRef.current) timeRef.current.textContent = formatMs(elapsed);
    };
    const write = (state: RunState) => {
      if (textRef.current) textRef.current.textContent = streamingTail(state.streamingText);
      if (callRef.current) callRef.current.textContent = callLabel(state);
    };
    // At most one write per frame, however many tokens arrive in it.
    let frame: number | null = null;
    const writeNextFrame = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        write(store.getState());
      });
    };
    write(store.getState());
    writeTime();
    const timer = setInterval(writeTime, TICK_MS);
    const unsubscribe = store.subscribe((state, previous) => {
      const number = state.liveCall?.number ?? 0;
      if (number !== callNumber) {
        callNumber = number;
        callStart = performance.now();
        callEnd = null;
        writeTime();
      }
      if (callEnd === null && state.events.last()?.type === 'model-call-end') {
        callEnd = performance.now();
        writeTime();
      }
      // Lengths, not contents: comparing two long streamed strings would cost their length.
      if (
        state.streamingText.length !== previous.streamingText.length ||
        state.liveCall !== previous.liveCall
      )
        writeNextFrame();
    });
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      clearInterval(timer);
      unsubscribe();
    };
  }, [store]);

  return (
    <section
      aria-label="Streaming model call"
      className="border-b border-sky-200 bg-sky-50/70 px-4 py-3 dark:border-sky-900/70 dark:bg-sky-950/30"
    >
      <div className="flex items-center gap-2 text-xs">
        <span aria-hidden="true" className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-sky-400 opacity-60" />
          <span className="relative inline-flex size-2 rounded-full bg-sky-500" />
        </span>
        <span ref={callRef} className="font-medium text-sky-900 dark:text-sky-100" />
        <span className="ml-auto shrink-0 text-slate-600 tabular-nums dark:text-slate-400">
          {paused ? 'paused before the next call · ' : phase ? `${phase} · ` : ''}
          <span ref={timeRef} />
        </span>
      </div>
      <pre
        ref={textRef}
        aria-live="off"
        className="mt-2 max-h-48 min-h-[2.5rem] overflow-auto rounded-md border border-dashed border-amber-300 bg-amber-50/70 px-2.5 py-2 font-mono text-xs whitespace-pre-wrap text-slate-800 dark:border-amber-700/70 dark:bg-amber-950/20 dark:text-slate-200"
      />
    </section>
  );
}
