import { useEffect, useRef } from 'react';
import type { RunState } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { selectPhase, selectStatus } from './selectors';

/** How often the elapsed times tick (a tenth of a second is all they show). */
const TICK_MS = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function callLabel(state: RunState): string {
  const call = state.liveCall;
  if (!call) return 'Starting…';
  const purpose = call.purpose === 'action' ? '' : ` (${call.purpose.replace(/-/g, ' ')})`;
  return `Model call for step ${call.step}${purpose}`;
}

/**
 * While a run is live: its phase, the model call in progress with its elapsed time, and the
 * text the model is streaming. Text and times are written to the DOM from `store.subscribe` and
 * a timer, so streaming tokens never re-render the tree (STYLE rule 8).
 */
export function LiveCall() {
  const status = useRunStore(selectStatus);
  const phase = useRunStore(selectPhase);
  const store = useRunStoreApi();
  const textRef = useRef<HTMLPreElement>(null);
  const callRef = useRef<HTMLSpanElement>(null);
  const timeRef = useRef<HTMLSpanElement>(null);
  const running = status === 'running';

  useEffect(() => {
    if (!running) return;
    const runStart = performance.now();
    let callStart = runStart;
    let callNumber = store.getState().liveCall?.number ?? 0;
    const writeTimes = () => {
      const now = performance.now();
      if (timeRef.current) {
        timeRef.current.textContent = `${seconds(now - callStart)} · run ${seconds(now - runStart)}`;
      }
    };
    const write = (state: RunState) => {
      if (textRef.current) textRef.current.textContent = state.streamingText;
      if (callRef.current) callRef.current.textContent = callLabel(state);
    };
    write(store.getState());
    writeTimes();
    const timer = setInterval(writeTimes, TICK_MS);
    const unsubscribe = store.subscribe((state, previous) => {
      const number = state.liveCall?.number ?? 0;
      if (number !== callNumber) {
        callNumber = number;
        callStart = performance.now();
        writeTimes();
      }
      if (state.streamingText !== previous.streamingText || state.liveCall !== previous.liveCall) {
        write(state);
      }
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [store, running]);

  if (!running) return null;
  return (
    <section
      aria-label="Live model call"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm dark:border-sky-900 dark:bg-sky-950/40"
    >
      <p aria-live="polite" className="font-medium text-sky-900 dark:text-sky-100">
        Running{phase ? ` · phase: ${phase}` : ''}
      </p>
      <p className="mt-0.5 text-xs text-slate-600 tabular-nums dark:text-slate-400">
        <span ref={callRef} /> · <span ref={timeRef} />
      </p>
      <pre
        ref={textRef}
        className="mt-2 max-h-40 min-h-[2.5rem] overflow-auto font-mono text-xs whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      />
    </section>
  );
}
