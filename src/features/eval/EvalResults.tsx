import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConfigOverrides, Scenario } from '../../engine';
import { Button } from '../../components';
import type { EvalCell, EvalMatrix, EvalRunRow } from '../../projections/eval-matrix';
import { runnableScenarioIds } from '../../state/eval-store';
import type { EvalRunError } from '../../workers/eval-protocol';
import { CorsHelp } from '../endpoints';
import { createWidthSource } from './chart-width';
import { Downloads } from './Downloads';
import { EvalCharts } from './EvalCharts';
import { errorAdvice, groupErrors, runCountLine } from './format';
import { useEvalStore } from './eval-store-context';
import { KeptLine } from './KeptLine';
import { resultStages } from './result-stages';
import { cellKey, MatrixTable } from './MatrixTable';
import type { OpenRun } from './OutcomeBadges';
import {
  selectDone,
  selectErrors,
  selectMatrix,
  selectNote,
  selectRan,
  selectRanOn,
  selectRows,
  selectStatus,
  selectTotal,
  selectVerdicts,
} from './selectors';
import { useStage } from './use-stage';
import { Verdicts } from './Verdicts';

type Open = OpenRun;
type CompareRuns = (
  scenarioId: string,
  overrides: readonly [ConfigOverrides, ConfigOverrides],
) => void;

export interface EvalResultsProps {
  readonly scenarios: readonly Scenario[];
  readonly onOpenRun?: Open;
  readonly onCompare?: CompareRuns;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The status sentence, read out politely when it changes; it names the model the matrix ran on. */
function StatusLine({ scenarios }: { readonly scenarios: readonly Scenario[] }) {
  const status = useEvalStore(selectStatus);
  const done = useEvalStore(selectDone);
  const total = useEvalStore(selectTotal);
  const ran = useEvalStore(selectRan);
  const ranOn = useEvalStore(selectRanOn);
  const note = useEvalStore(selectNote);
  const shape = ran
    ? ` (${runCountLine(
        runnableScenarioIds(ran, scenarios, ranOn !== null).length,
        ran.configLabels.length,
        ran.seeds,
      )})`
    : '';
  const on = ranOn ? `${ranOn.name} (${ranOn.model})` : 'the built-in models';
  const text =
    status === 'running'
      ? ranOn && ran
        ? `Running ${count(total)} runs on ${on}, ${ran.concurrency} at a time…`
        : `Running ${count(total)} runs in a background worker on ${on}…`
      : status === 'done'
        ? `Done: ${count(done)} runs${shape} on ${on}.`
        : status === 'cancelled'
          ? `Cancelled after ${count(done)} of ${count(total)} runs on ${on}: the matrix shows the runs that finished.`
          : status === 'stopped'
            ? `Stopped early after ${count(done)} of ${count(total)} runs on ${on}.${note ? ` ${note}` : ''}`
            : '';
  return (
    <p role="status" className="min-w-0 text-[13px] text-slate-600 dark:text-slate-300">
      {text}
    </p>
  );
}

/** The picked cells, when they are two cells of one scenario (the only pair Compare opens). */
function comparePair(matrix: EvalMatrix, keys: readonly string[]): [EvalCell, EvalCell] | null {
  if (keys.length !== 2) return null;
  const cells = matrix.rows
    .flatMap((row) => row.cells)
    .filter(
      (cell): cell is EvalCell =>
        cell !== null && keys.includes(cellKey(cell.scenario, cell.label)),
    );
  const [a, b] = cells;
  return a && b && a.scenario === b.scenario ? [a, b] : null;
}

function CompareBar({
  matrix,
  keys,
  onCompare,
}: {
  readonly matrix: EvalMatrix;
  readonly keys: readonly string[];
  readonly onCompare: CompareRuns;
}) {
  const pair = comparePair(matrix, keys);
  const hint =
    keys.length === 0
      ? 'Tick two cells of one scenario to compare their runs.'
      : pair
        ? `${pair[0].scenario}: ${pair[0].label} vs ${pair[1].label}`
        : keys.length === 2
          ? 'The two cells must be of the same scenario.'
          : keys.length === 1
            ? 'Tick one more cell of the same scenario.'
            : 'Tick only two cells.';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Button
        size="sm"
        disabled={!pair}
        onClick={() => {
          if (!pair) return;
          const [a, b] = pair;
          if (a.seeds[0] && b.seeds[0])
            onCompare(a.scenario, [a.seeds[0].overrides, b.seeds[0].overrides]);
        }}
      >
        Compare
      </Button>
      <span className="truncate text-[12px] text-slate-500 dark:text-slate-400">{hint}</span>
    </div>
  );
}

/** Errors shown at most (grouped by message: a wrong key fails every run with one message). */
const ERRORS_SHOWN = 5;

function ErrorList({ errors }: { readonly errors: readonly EvalRunError[] }) {
  const groups = groupErrors(errors);
  const network = groups.some((group) => group.code === 'network');
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-[13px] text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100"
    >
      <p className="font-semibold">
        {errors.length === 1 ? 'A run failed' : `${errors.length} runs failed`}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {groups.slice(0, ERRORS_SHOWN).map((group) => {
          const advice = errorAdvice(group.code, group.message);
          return (
            <li key={group.message}>
              {group.first && (
                <span className="font-medium">
                  {group.first}
                  {group.more > 0 ? ` and ${group.more} more` : ''}:{' '}
                </span>
              )}
              {group.message}
              {advice ? ` ${advice}` : ''}
            </li>
          );
        })}
      </ul>
      {groups.length > ERRORS_SHOWN && (
        <p className="mt-1 text-[12px]">
          …and {groups.length - ERRORS_SHOWN} other errors; the rows say which runs failed.
        </p>
      )}
      {network && (
        <div className="mt-2 border-t border-rose-200 pt-2 dark:border-rose-900">
          <CorsHelp />
        </div>
      )}
    </div>
  );
}

function Empty({ running }: { readonly running: boolean }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
      <p className="text-[14px] font-medium">
        {running ? 'The matrix is running…' : 'No matrix yet'}
      </p>
      <p className="mt-1 max-w-md text-[13px] text-slate-500 dark:text-slate-400">
        {running
          ? 'The table, the verdicts and the charts appear when the last run is in. Cancel keeps the runs that finished.'
          : 'Pick scenarios (or a tag), configs and seeds on the left, then Run matrix. Every cell opens its run in the inspector; two cells of one scenario open as a compare.'}
      </p>
    </div>
  );
}

/** The right side: status, errors, verdicts, compare and downloads, the matrix, the charts. */
export function EvalResults({ scenarios, onOpenRun, onCompare }: EvalResultsProps) {
  const rows = useEvalStore(selectRows);
  const status = useEvalStore(selectStatus);
  const errors = useEvalStore(selectErrors);
  const ranOn = useEvalStore(selectRanOn);
  // Built off the main thread (the worker, with the rows): the view only shows them.
  const matrix = useEvalStore(selectMatrix);
  const verdicts = useEvalStore(selectVerdicts);
  // The charts' width, known before the rows arrive: they render with the table, in one commit.
  const [chartArea] = useState(createWidthSource);
  const column = useRef<HTMLDivElement>(null);
  // The ResizeObserver on the results column, for as long as the view is mounted.
  useEffect(() => (column.current ? chartArea.observe(column.current) : undefined), [chartArea]);
  // Compare picks belong to the rows they were made on: new rows start with none.
  const [picks, setPicks] = useState<{ rows: readonly EvalRunRow[]; keys: readonly string[] }>({
    rows,
    keys: [],
  });
  const picked = useMemo(() => new Set(picks.rows === rows ? picks.keys : []), [picks, rows]);
  const keys = [...picked];
  // One function for the rows' life: the table's memoised cells do not re-render for a new one.
  const togglePick = useCallback(
    (key: string) =>
      setPicks((current) => {
        const now = current.rows === rows ? current.keys : [];
        return { rows, keys: now.includes(key) ? now.filter((k) => k !== key) : [...now, key] };
      }),
    [rows],
  );
  // A new matrix is drawn in pieces, one after each paint (`result-stages.ts`).
  const stages = useMemo(
    () => resultStages(matrix?.rows.length ?? 0, matrix?.configs.length ?? 0),
    [matrix],
  );
  const shown = stages[useStage(matrix, stages.length - 1)]!;

  return (
    <section aria-label="Matrix results" className="min-h-0 min-w-0 flex-1 overflow-auto">
      <div ref={column} className="flex min-h-full flex-col gap-3 p-4 *:shrink-0">
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
          <StatusLine scenarios={scenarios} />
          {rows.length > 0 && <Downloads rows={rows} scenarios={scenarios} endpoint={ranOn} />}
        </div>
        <KeptLine />
        {errors.length > 0 && <ErrorList errors={errors} />}
        {!matrix ? (
          <Empty running={status === 'running'} />
        ) : (
          <>
            <Verdicts verdicts={verdicts} />
            {onCompare && <CompareBar matrix={matrix} keys={keys} onCompare={onCompare} />}
            <MatrixTable
              matrix={matrix}
              {...(onCompare ? { picked, onTogglePick: togglePick } : {})}
              {...(onOpenRun ? { onOpen: onOpenRun } : {})}
              shownRows={shown.rows}
            />
            <EvalCharts matrix={matrix} area={chartArea} shown={shown.charts} />
          </>
        )}
      </div>
    </section>
  );
}
