import { memo } from 'react';
import { clipLine, FOCUS_RING } from '../../components';
import {
  EVAL_OUTCOMES,
  type EvalCell,
  type EvalMatrix,
  type EvalSummary,
} from '../../projections/eval-matrix';
import { accuracy, meansLines, triggersLine } from './format';
import { configColor, configHint, OUTCOME_LABEL } from './labels';
import { OutcomeBadges, type OpenRun } from './OutcomeBadges';
import { CHECKBOX } from './styles';

/** The key of a cell for the compare picks. */
export const cellKey = (scenario: string, label: string) => `${scenario}\u0000${label}`;

type Open = OpenRun;

export interface MatrixTableProps {
  readonly matrix: EvalMatrix;
  /** Cells ticked for compare; with `onTogglePick`, every cell gets a checkbox. */
  readonly picked?: ReadonlySet<string>;
  readonly onTogglePick?: (key: string) => void;
  readonly onOpen?: Open;
  /** The first this many scenario rows are drawn (the rest follow: `result-stages.ts`); all by default. */
  readonly shownRows?: number;
}

/** Muted text on the aggregates' grey: one step darker than elsewhere, for contrast. */
const AGGREGATE_MUTED = 'text-slate-600 dark:text-slate-400';
const BORDER = 'border-slate-200 dark:border-slate-800';
const STICKY_LEFT = 'sticky left-0 z-10 bg-white dark:bg-slate-950';

function OpenIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path
        d="M6 3H3.5A.5.5 0 0 0 3 3.5v9a.5.5 0 0 0 .5.5h9a.5.5 0 0 0 .5-.5V10M9 3h4v4M13 3 7.5 8.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const Cell = memo(function Cell({
  cell,
  picked,
  onTogglePick,
  onOpen,
}: {
  readonly cell: EvalCell;
  readonly picked: boolean | undefined;
  readonly onTogglePick: ((key: string) => void) | undefined;
  readonly onOpen: Open | undefined;
}) {
  const first = cell.seeds[0];
  const name = `${cell.scenario} · ${cell.label}`;
  return (
    <td
      className={`border-t border-l ${BORDER} px-2 py-1.5 align-top ${picked ? 'bg-sky-50 dark:bg-sky-400/10' : ''}`}
    >
      <div className="flex items-start gap-1">
        <div className="flex min-w-0 flex-1 flex-wrap gap-1">
          <OutcomeBadges cell={cell} onOpen={onOpen} />
        </div>
        {onTogglePick && (
          <input
            type="checkbox"
            checked={picked ?? false}
            onChange={() => onTogglePick(cellKey(cell.scenario, cell.label))}
            aria-label={`Pick ${name} for compare`}
            title="Pick for compare"
            className={`mt-0.5 ${CHECKBOX} ${FOCUS_RING}`}
          />
        )}
        {onOpen && first && (
          <button
            type="button"
            onClick={() => onOpen(cell.scenario, first.overrides, first.run)}
            aria-label={`Open ${name} (seed ${first.seed}) in the inspector`}
            title={`Open in the inspector (seed ${first.seed})`}
            className={`-mt-1 -mr-1 flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`}
          >
            <OpenIcon />
          </button>
        )}
      </div>
      <Means
        summary={cell}
        title={`Means per run over ${cell.runs} run${cell.runs === 1 ? '' : 's'}; reflections by trigger: ${triggersLine(cell)}`}
      />
    </td>
  );
});

/** Means per run in two short lines (calls and reflections; tokens and model time). */
function Means({
  summary,
  title,
  tone = 'text-slate-500 dark:text-slate-400',
}: {
  readonly summary: EvalSummary;
  readonly title?: string;
  readonly tone?: string;
}) {
  const [first, second] = meansLines(summary);
  return (
    <div
      title={title}
      className={`mt-1 text-[11px] leading-4 whitespace-nowrap tabular-nums ${tone}`}
    >
      <div>{first}</div>
      <div>{second}</div>
    </div>
  );
}

/** An aggregate: accuracy, what the other runs came to, the means (and, below, the triggers). */
function Aggregate({
  summary,
  strong = false,
  triggers = false,
}: {
  readonly summary: EvalSummary;
  readonly strong?: boolean;
  readonly triggers?: boolean;
}) {
  const others = EVAL_OUTCOMES.filter(
    (outcome) => outcome !== 'correct' && summary.outcomes[outcome] > 0,
  )
    .map((outcome) => `${summary.outcomes[outcome]} ${OUTCOME_LABEL[outcome]}`)
    .join(' · ');
  return (
    <td
      className={`border-t border-l ${BORDER} px-2 py-1.5 align-top ${strong ? 'bg-slate-100 dark:bg-slate-900' : 'bg-slate-50 dark:bg-slate-900/60'}`}
    >
      <div className="text-[13px] leading-5 font-semibold whitespace-nowrap tabular-nums">
        {accuracy(summary)}{' '}
        <span className={`text-[11px] font-normal ${AGGREGATE_MUTED}`}>correct</span>
      </div>
      {others && (
        <div className="text-[11px] leading-4 text-slate-600 tabular-nums dark:text-slate-300">
          {others}
        </div>
      )}
      <Means summary={summary} tone={AGGREGATE_MUTED} />
      {triggers && summary.reflections > 0 && (
        <div className={`text-[11px] leading-4 ${AGGREGATE_MUTED}`}>
          refl: {triggersLine(summary)}
        </div>
      )}
    </td>
  );
}

/** Scenarios down, configs across; per-scenario totals on the right, per-config totals below. */
export const MatrixTable = memo(function MatrixTable({
  matrix,
  picked,
  onTogglePick,
  onOpen,
  shownRows,
}: MatrixTableProps) {
  const rows = shownRows === undefined ? matrix.rows : matrix.rows.slice(0, shownRows);
  return (
    <div className={`overflow-x-auto rounded-lg border ${BORDER}`}>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">
          Eval matrix: each scenario under each config (outcome, then calls, reflections, tokens and
          model time per run); totals per scenario in the last column, per config in the last row
        </caption>
        <thead>
          <tr className="bg-slate-50 text-[12px] dark:bg-slate-900">
            <th
              scope="col"
              className={`${STICKY_LEFT} bg-slate-50 px-2 py-1.5 font-semibold dark:bg-slate-900`}
            >
              Scenario
            </th>
            {matrix.configs.map((label) => (
              <th
                key={label}
                scope="col"
                title={configHint(label)}
                className={`border-l ${BORDER} px-2 py-1.5 font-mono font-semibold whitespace-nowrap`}
              >
                <span
                  aria-hidden="true"
                  className="mr-1.5 inline-block h-2 w-2 rounded-full"
                  style={{ backgroundColor: configColor(label) }}
                />
                {label}
              </th>
            ))}
            <th
              scope="col"
              className={`border-l ${BORDER} px-2 py-1.5 font-semibold whitespace-nowrap`}
            >
              All configs
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.scenario.id}>
              <th
                scope="row"
                className={`${STICKY_LEFT} max-w-[13rem] min-w-[10rem] border-t ${BORDER} px-2 py-1.5 text-left align-top font-normal`}
              >
                <div
                  className="line-clamp-2 text-[13px] leading-4 font-medium"
                  title={clipLine(row.scenario.title)}
                >
                  {clipLine(row.scenario.title)}
                </div>
                <div className="mt-0.5 truncate font-mono text-[11px] text-slate-500 dark:text-slate-400">
                  {clipLine(row.scenario.id)}
                </div>
              </th>
              {row.cells.map((cell, column) =>
                cell ? (
                  <Cell
                    key={cell.label}
                    cell={cell}
                    picked={picked?.has(cellKey(cell.scenario, cell.label))}
                    onTogglePick={onTogglePick}
                    onOpen={onOpen}
                  />
                ) : (
                  <td
                    key={matrix.configs[column]}
                    className={`border-t border-l ${BORDER} px-2 py-1.5 align-top text-[11px] text-slate-400`}
                  >
                    not run
                  </td>
                ),
              )}
              <Aggregate summary={row.total} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th
              scope="row"
              className={`${STICKY_LEFT} border-t-2 ${BORDER} bg-slate-50 px-2 py-1.5 text-left align-top text-[13px] font-semibold dark:bg-slate-900`}
            >
              All scenarios
            </th>
            {matrix.columns.map((summary, column) => (
              <Aggregate key={matrix.configs[column]} summary={summary} triggers />
            ))}
            <Aggregate summary={matrix.total} strong triggers />
          </tr>
        </tfoot>
      </table>
    </div>
  );
});
