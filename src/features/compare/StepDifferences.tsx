import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Step } from '../../engine';
import { stepDifferences } from '../../projections/compare-summary';
import { selectAlignment } from '../../state/compare-store';
import { clipLine, FOCUS_RING } from '../../components';
import { viewHash } from '../../components/view-route';
import { DEMOS } from '../../state/demos';
import { laneToken } from '../../state/lane-tokens';
import { useCompare, useCompareApi } from './compare-context';
import { laneLetter } from './labels';
import {
  selectAnyRunning,
  selectBaseline,
  selectLanes,
  selectLaneSteps,
  selectRow,
} from './selectors';
import { describeStep } from './strip';

const LINK =
  'rounded font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-300';

/** The compare view's hash for a demo: its scenario and its two lanes. */
function demoHash(id: string): string {
  const demo = DEMOS.find((candidate) => candidate.id === id) ?? DEMOS[0]!;
  const tokens = demo.lanes.map((lane) => laneToken(lane.overrides));
  return viewHash('compare', demo.scenarioId, tokens);
}

/** The lanes' grid columns. */
export const laneColumns = (lanes: number) => ({
  gridTemplateColumns: `repeat(${lanes}, minmax(18rem, 1fr))`,
});

/**
 * "What differs at this step": for the cursor's aligned row, each aspect in which the lanes' steps
 * differ (what they did, tool and arguments, policy, trigger, observation, tokens) as a table with
 * a column per lane; values that differ from the baseline lane's are marked.
 */
export function StepDifferences() {
  const store = useCompareApi();
  const alignment = useCompare(selectAlignment);
  const lanes = useCompare(selectLanes);
  const steps = useCompare(useShallow(selectLaneSteps));
  const row = useCompare(selectRow);
  const baseline = useCompare(selectBaseline);
  const anyRunning = useCompare(selectAnyRunning);
  const at = row === null ? null : (alignment.rows[row] ?? null);
  const atSteps = useMemo(
    () =>
      at
        ? at.cells.map((cell, lane) => (cell === null ? null : (steps[lane]?.[cell] ?? null)))
        : [],
    [at, steps],
  );
  const differences = useMemo(() => stepDifferences(atSteps, baseline), [atSteps, baseline]);
  const divergence = alignment.firstDivergence;

  let body;
  if (alignment.rows.length === 0) {
    body = (
      <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
        Press Run all. Then step through the lanes together (← →) and see here what each did
        differently.
      </p>
    );
  } else if ((row === null || !at) && divergence === null && !anyRunning) {
    body = (
      <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-800 dark:text-slate-100">
          The lanes did the same things in the same order.
        </span>{' '}
        What differs is inside the steps — the model&apos;s text and the tokens it spent: step
        through (← →) or see the summary. For runs that part ways, open a demo:{' '}
        {DEMOS.map((demo, index) => (
          <span key={demo.id}>
            {index > 0 && ' · '}
            <a href={demoHash(demo.id)} className={`${LINK} ${FOCUS_RING}`}>
              {demo.title}
            </a>
          </span>
        ))}
        .
      </p>
    );
  } else if (row === null || !at) {
    body = (
      <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-300">
        Step through the runs (← →) or click a column of the strip to compare the lanes at one step.
        {divergence !== null && (
          <button
            type="button"
            onClick={() => store.getState().actions.setRow(divergence)}
            className={`ml-1 rounded px-1.5 py-0.5 font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950/50 ${FOCUS_RING}`}
          >
            Go to where they part ways (row {divergence + 1})
          </button>
        )}
      </p>
    );
  } else if (differences.length === 0) {
    const first = atSteps.find((step): step is Step => step !== null);
    body = (
      <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-800 dark:text-slate-100">Nothing differs:</span>{' '}
        every lane did the same{first ? ` — ${clipLine(describeStep(first))}` : ''}.
      </p>
    );
  } else {
    body = (
      <table className="w-full table-fixed text-xs">
        <colgroup>
          <col className="w-32" />
        </colgroup>
        <thead>
          <tr className="text-[11px] text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 pl-3 text-left font-medium">
              <span className="sr-only">Aspect</span>
            </th>
            {lanes.map((lane, index) => (
              <th key={lane.id} scope="col" className="py-1 pr-3 text-left font-normal">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span className="flex h-4 w-4 shrink-0 items-center justify-center rounded bg-slate-800 text-[10px] font-semibold text-white dark:bg-slate-200 dark:text-slate-900">
                    {laneLetter(index)}
                  </span>
                  <span className="truncate">
                    <span className="sr-only">{lane.label}: </span>
                    {at.cells[index] === null ? 'no step' : `step ${at.cells[index]}`}
                    {index === baseline ? ' · baseline' : ''}
                  </span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {differences.map((difference) => (
            <tr key={difference.aspect}>
              <th
                scope="row"
                className="py-px pr-2 pl-3 text-left font-normal whitespace-nowrap text-slate-500 dark:text-slate-400"
              >
                {difference.aspect}
              </th>
              {difference.values.map((value, index) => {
                const differs = difference.differs[index] ?? false;
                return (
                  <td
                    key={lanes[index]?.id ?? index}
                    className="py-px pr-3"
                    title={clipLine(value)}
                  >
                    <span
                      data-differs={differs ? 'true' : undefined}
                      className={`block max-w-full truncate rounded px-1 font-mono text-[11px] ${
                        differs
                          ? 'w-fit bg-amber-100 text-amber-950 dark:bg-amber-500/20 dark:text-amber-100'
                          : 'text-slate-800 dark:text-slate-200'
                      }`}
                    >
                      {clipLine(value)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section
      aria-label="What differs at this step"
      className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h2 className="flex items-baseline gap-2 border-b border-slate-200 px-3 py-1.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:border-slate-800 dark:text-slate-300">
        What differs at this step
        <span className="truncate font-normal tracking-normal text-slate-500 normal-case dark:text-slate-400">
          {row !== null && at
            ? `row ${row + 1}${differences.length > 0 ? ` · marked where a lane differs from ${laneLetter(baseline)}` : ''}`
            : 'at the shared cursor'}
        </span>
      </h2>
      {body}
    </section>
  );
}
