import { useEffect, useRef } from 'react';
import type { RunState } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { formatDuration } from './metrics';
import { selectPaused, selectPhase, selectStatus } from './selectors';

/** How often the elapsed time ticks. */
const TICK_MS = 100;

/** Pure: the step the live call is for. */
function callLabel(state: RunState): string {
  const call = state.liveCall;
  return call ? `step ${call.step}` : 'starting';
}

/**
 * While a run is live: a pulsing dot, its phase, the step the streaming call is for and how long
 * that call has taken. Call and time are written from `store.subscribe` and a timer, so the
 * streaming tokens never re-render React (STYLE rule 8).
 */
export function RunProgress() {
  const status = useRunStore(selectStatus);
  const phase = useRunStore(selectPhase);
  const paused = useRunStore(selectPaused);
  const store = useRunStoreApi();
  const callRef = useRef<HTMLSpanElement>(null);
  const timeRef = useRef<HTMLSpanElement>(null);
  const running = status === 'running';

  useEffect(() => {
    if (!running) return;
    let callStart = performance.now();
    let callNumber = store.getState().liveCall?.number ?? 0;
    const writeTime = () => {
      if (timeRef.current)
        timeRef.current.textContent = formatDuration(performance.now() - callStart);
    };
    const writeCall = (state: RunState) => {
      if (callRef.current) callRef.current.textContent = callLabel(state);
    };
    writeCall(store.getState());
    writeTime();
    const timer = setInterval(writeTime, TICK_MS);
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.liveCall === previous.liveCall) return;
      const number = state.liveCall?.number ?? 0;
      if (number !== callNumber) {
        callNumber = number;
        callStart = performance.now();
        writeTime();
      }
      writeCall(state);
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [store, running]);

  if (!running) return null;
  return (
    <div className="flex shrink-0 items-center gap-2 text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${paused ? 'bg-amber-500' : 'animate-pulse bg-sky-500'}`}
      />
      {/* Announced when it changes; the ticking call time below is not. */}
      <span role="status">
        <span className="font-medium">{paused ? 'Paused' : 'Running'}</span>
        {phase && ` · ${phase}`}
      </span>
      <span aria-hidden="true" className="-ml-1 tabular-nums">
        · <span ref={callRef} /> · <span ref={timeRef} />
      </span>
    </div>
  );
}
