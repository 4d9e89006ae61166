import { useEffect, useRef } from 'react';
import { useRunStore, useRunStoreApi } from './run-store-context';
import { selectPhase, selectStatus } from './selectors';

/**
 * While a run is live: the phase it is in and the text the model is streaming. The text is
 * written to the DOM from `store.subscribe`, so streaming tokens never re-render the tree
 * (STYLE rule 8). A scripted model replies at once, so this is mostly seen with slow models.
 */
export function LiveCall() {
  const status = useRunStore(selectStatus);
  const phase = useRunStore(selectPhase);
  const store = useRunStoreApi();
  const textRef = useRef<HTMLPreElement>(null);
  const running = status === 'running';

  useEffect(() => {
    if (!running) return;
    const write = (text: string) => {
      if (textRef.current) textRef.current.textContent = text;
    };
    write(store.getState().streamingText);
    return store.subscribe((state, previous) => {
      if (state.streamingText !== previous.streamingText) write(state.streamingText);
    });
  }, [store, running]);

  if (!running) return null;
  return (
    <div
      aria-live="polite"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm dark:border-sky-900 dark:bg-sky-950/40"
    >
      <p className="font-medium text-sky-900 dark:text-sky-100">
        Running{phase ? ` · phase: ${phase}` : ''}
      </p>
      <pre
        ref={textRef}
        className="mt-1 max-h-32 overflow-auto font-mono text-xs whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      />
    </div>
  );
}
