import { useEndpoints } from './endpoints-context';
import { hostOf } from './endpoint-form';
import { selectSelected, selectTransport } from './selectors';

/** One muted line on what the selected model is (and how the built-in one is served). */
export function ModelNote() {
  const selected = useEndpoints(selectSelected);
  const transport = useEndpoints(selectTransport);
  const text =
    selected.kind === 'user'
      ? `Runs call ${selected.model} at ${hostOf(selected.baseUrl)}.`
      : transport === 'in-process'
        ? 'Simulated model, run in the page: service workers are unavailable on this origin.'
        : 'Simulated model: it encodes published tendencies, not a real LLM.';
  return (
    <p title={text} className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400">
      {text}
    </p>
  );
}
