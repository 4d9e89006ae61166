import { useState } from 'react';
import { useRunStore } from '../run';
import { previousValues, type ShownRun } from './previous-run';
import { metricChips, selectLiveMetrics, type ChipTone } from './metrics';
import { selectError, selectGrade, selectMode, selectStatus, selectTrace } from './selectors';
import type { RunState } from '../../state/run-store';

const selectSteps = (state: RunState) => state.steps;
const selectRunNumber = (state: RunState) => state.runNumber;

const TONE: Record<ChipTone, string> = {
  neutral:
    'border-slate-200 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
  accent:
    'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950/60 dark:text-violet-100',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100',
  warn: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
  bad: 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100',
};

/**
 * The run's counters, one chip each, readable as "<name>: <value>"; they move as steps end. After
 * a settings change, a finished run's chips keep the previous run's value beside the new one.
 */
export function MetricChips() {
  const metrics = useRunStore(selectLiveMetrics);
  const status = useRunStore(selectStatus);
  const steps = useRunStore(selectSteps);
  const trace = useRunStore(selectTrace);
  const error = useRunStore(selectError);
  const grade = useRunStore(selectGrade);
  const nextMode = useRunStore(selectMode);
  const chips = metricChips({
    metrics,
    status,
    steps,
    stopReason: trace?.stopReason ?? null,
    failed: error !== null,
    grade,
    mode: trace?.config.mode ?? nextMode,
  });
  const runNumber = useRunStore(selectRunNumber);
  // React's "information from previous renders": the last two finished runs as shown.
  const [runs, setRuns] = useState<{ last: ShownRun | null; before: ShownRun | null }>({
    last: null,
    before: null,
  });
  if (status === 'done' && trace && error === null && runs.last?.key !== runNumber) {
    const last = {
      key: runNumber,
      scenario: trace.scenario,
      config: JSON.stringify(trace.config),
      chips,
    };
    setRuns({ last, before: runs.last });
  }
  const was = runs.last?.key === runNumber ? previousValues(runs.last, runs.before) : {};
  return (
    <section aria-label="Metrics" className="min-w-0">
      <ul className="flex flex-wrap items-center gap-1.5">
        {chips.map((chip) => (
          <li
            key={chip.name}
            title={chip.hint}
            className={`flex h-6 shrink-0 items-center gap-1 rounded-full border px-2.5 text-xs whitespace-nowrap ${TONE[chip.tone]}`}
          >
            <span className="opacity-80">{chip.name}:</span>{' '}
            <span className="font-semibold tabular-nums">{chip.value}</span>
            {was[chip.name] !== undefined && (
              <span className="opacity-80" title="The previous run, before the settings changed">
                , was <span className="tabular-nums">{was[chip.name]}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
