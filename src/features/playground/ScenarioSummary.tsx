import { GATING_OPTIONS, MODE_LABEL } from './labels';
import { useRunStore } from '../run';
import { selectCurrentScenario, selectTrace } from './selectors';

const gatingLabel = (gating: string) =>
  GATING_OPTIONS.find((option) => option.value === gating)?.label.toLowerCase() ?? gating;

/** The selected scenario's title and task, and how the shown run was configured. */
export function ScenarioSummary() {
  const scenario = useRunStore(selectCurrentScenario);
  const trace = useRunStore(selectTrace);
  return (
    <div className="flex flex-col gap-1">
      <h2 className="text-lg font-semibold tracking-tight">{scenario.title}</h2>
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">Task: </span>
        {scenario.task}
      </p>
      {trace && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Ran as {MODE_LABEL[trace.config.mode]} with reflection gating{' '}
          {gatingLabel(trace.config.reflection.gating)}.
        </p>
      )}
    </div>
  );
}
