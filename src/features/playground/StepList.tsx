import { useRunStore } from '../run';
import { selectEvents, selectRunNumber, selectStatus, selectSteps } from './selectors';
import { guardDetails } from './step-text';
import { StepRow } from './StepRow';

/** The run's steps, one row each, as they are recorded. */
export function StepList() {
  const steps = useRunStore(selectSteps);
  const status = useRunStore(selectStatus);
  const runNumber = useRunStore(selectRunNumber);
  const events = useRunStore(selectEvents);
  const details = guardDetails(events);

  return (
    <section aria-label="Steps">
      {status === 'idle' ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Press Run to run this scenario and watch its steps appear here.
        </p>
      ) : steps.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
          {status === 'running' ? 'Running…' : 'The run recorded no steps.'}
        </p>
      ) : (
        // Keyed by run: a new run starts with every row collapsed.
        <ol
          key={runNumber}
          className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
        >
          {steps.map((step) => (
            <StepRow key={step.index} step={step} guardDetail={details.get(step.index)} />
          ))}
        </ol>
      )}
    </section>
  );
}
