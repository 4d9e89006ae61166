import { useEndpoints } from './endpoints-context';
import { selectSelected, selectTransport } from './selectors';

const MUTED = 'text-xs text-slate-600 dark:text-slate-400';

/** Pure: the endpoint's origin for display (never its path, where a secret could hide). */
function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** One muted line on what the selected model is (and how the built-in one is served). */
export function ModelNote() {
  const selected = useEndpoints(selectSelected);
  const transport = useEndpoints(selectTransport);
  if (selected.kind === 'user') {
    return (
      <p className={MUTED}>
        Runs call {selected.model} at {originOf(selected.baseUrl)}.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-0.5">
      <p className={MUTED}>
        Simulated model: it encodes published tendencies (ReflAct drifts less; reflection helps a
        stalling loop). Connect a real endpoint to see a real model.
      </p>
      {transport === 'in-process' && (
        <p className={MUTED}>
          Service workers are unavailable on this origin, so the simulated model runs in the page
          instead of over the OpenAI wire.
        </p>
      )}
    </div>
  );
}
