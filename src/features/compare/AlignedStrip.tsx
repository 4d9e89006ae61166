import { memo, useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button, clipLine, FOCUS_RING } from '../../components';
import { selectAligning, selectAlignment } from '../../state/compare-store';
import { useCompare, useCompareApi } from './compare-context';
import { FlagIcon, NextIcon, PreviousIcon } from '../../components/icons';
import { laneLetter, TONE_NAME, TONE_ORDER, TONE_STYLE, ToneGlyph } from './labels';
import { selectLaneCursors, selectLanes, selectLaneSteps, selectRow } from './selectors';
import { buildStrip, shownRows, type StripColumn } from './strip';

/** Cell height and the gap between lanes, in px: a span of n lanes is n cells and n-1 gaps tall. */
const CELL = 24;
const GAP = 4;

interface ColumnProps {
  readonly column: StripColumn;
  readonly current: boolean;
  /** Bit i: lane i shows its step in this column. */
  readonly shown: number;
  readonly focusable: boolean;
  readonly onPick: (row: number) => void;
}

/** One aligned row: a button holding a cell per lane (gaps dashed and empty). */
const Column = memo(function Column({ column, current, shown, focusable, onPick }: ColumnProps) {
  return (
    <div className="relative flex flex-col items-center">
      <div className="relative flex h-5 items-end justify-center">
        {column.divergence && (
          <span className="absolute bottom-0.5 left-1/2 flex -translate-x-[7px] items-center gap-1 text-[11px] font-semibold whitespace-nowrap text-rose-700 dark:text-rose-300">
            <FlagIcon />
            Runs part ways here
          </span>
        )}
      </div>
      <button
        type="button"
        aria-label={clipLine(column.label)}
        aria-current={current ? 'step' : undefined}
        tabIndex={focusable ? 0 : -1}
        data-row={column.row}
        data-same={column.same}
        onClick={() => onPick(column.row)}
        className={`flex flex-col items-center rounded-md px-[3px] py-[3px] transition-colors ${FOCUS_RING} ${
          current
            ? 'bg-sky-100 ring-1 ring-sky-400 dark:bg-sky-950 dark:ring-sky-600'
            : column.divergence
              ? 'bg-rose-50 hover:bg-rose-100 dark:bg-rose-950/40 dark:hover:bg-rose-950/70'
              : 'hover:bg-slate-200/70 dark:hover:bg-slate-800'
        }`}
        style={{ gap: GAP }}
      >
        {column.cells.map((cell) => {
          const isShown =
            (shown >> cell.lane) & 1 || (cell.span > 1 && (shown >> (cell.lane + 1)) & 1);
          return (
            <span
              key={cell.lane}
              title={clipLine(cell.title)}
              data-lane={cell.lane}
              data-span={cell.span}
              data-gap={cell.step === null ? 'true' : undefined}
              style={{ height: CELL * cell.span + GAP * (cell.span - 1) }}
              className={`flex w-6 flex-col items-center justify-center rounded border text-[10px] leading-none font-semibold tabular-nums ${
                cell.tone
                  ? TONE_STYLE[cell.tone]
                  : 'border-dashed border-slate-300 bg-transparent dark:border-slate-700'
              } ${isShown ? 'ring-2 ring-slate-900 ring-offset-1 ring-offset-white dark:ring-white dark:ring-offset-slate-950' : ''}`}
            >
              {cell.tone && <ToneGlyph tone={cell.tone} className="h-2.5 w-2.5" />}
              {cell.step !== null && <span className="mt-px">{cell.step}</span>}
            </span>
          );
        })}
      </button>
    </div>
  );
});

/** The legend of the cells' colours and glyphs. */
function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-slate-600 dark:text-slate-400">
      {TONE_ORDER.map((tone) => (
        <li key={tone} className="flex items-center gap-1">
          <span
            className={`flex h-3.5 w-3.5 items-center justify-center rounded-sm border ${TONE_STYLE[tone]}`}
          >
            <ToneGlyph tone={tone} className="h-2.5 w-2.5" />
          </span>
          {TONE_NAME[tone]}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span className="h-3.5 w-3.5 rounded-sm border border-dashed border-slate-300 dark:border-slate-700" />
        No step (gap)
      </li>
    </ul>
  );
}

/** Where the shared cursor is, and the buttons that move it. */
function CursorControls({ rows }: { readonly rows: number }) {
  const store = useCompareApi();
  const row = useCompare(selectRow);
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <Button
        size="sm"
        tone="ghost"
        className="h-7 px-2 text-xs"
        onClick={() => store.getState().actions.moveRow(-1)}
        disabled={rows === 0 || row === 0}
        title="Every lane to the previous aligned step (←)"
      >
        <PreviousIcon />
        Previous step
      </Button>
      <span
        role="status"
        className="min-w-20 text-center text-xs whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300"
      >
        {rows === 0
          ? 'No steps yet'
          : row === null
            ? `Newest · ${rows} rows`
            : `Row ${row + 1} of ${rows}`}
      </span>
      <Button
        size="sm"
        tone="ghost"
        className="h-7 px-2 text-xs"
        onClick={() => store.getState().actions.moveRow(1)}
        disabled={rows === 0 || row === null || row >= rows - 1}
        title="Every lane to the next aligned step (→)"
      >
        Next step
        <NextIcon />
      </Button>
    </div>
  );
}

/**
 * The aligned steps: one column per aligned row, one cell per lane; gaps are empty, the first row
 * where the lanes differ is flagged, a fork's replayed prefix is one cell across it and its
 * source. Each lane's shown step has a dark ring; the cursor's column is tinted. Click a column
 * to move every lane there.
 */
export function AlignedStrip() {
  const store = useCompareApi();
  const alignment = useCompare(selectAlignment);
  const aligning = useCompare(selectAligning);
  const lanes = useCompare(selectLanes);
  const steps = useCompare(useShallow(selectLaneSteps));
  const cursors = useCompare(useShallow(selectLaneCursors));
  const row = useCompare(selectRow);

  const columns = useMemo(
    () =>
      buildStrip(
        alignment,
        lanes.map((lane, index) => ({
          label: `${laneLetter(index)} ${lane.label}`,
          steps: steps[index] ?? [],
          forkOfAbove:
            lane.fork && lanes[index - 1]?.id === lane.fork.sourceId
              ? { atStep: lane.fork.atStep }
              : null,
        })),
      ),
    [alignment, lanes, steps],
  );
  const shown = shownRows(
    alignment,
    steps.map((laneSteps, index) => ({ steps: laneSteps, cursor: cursors[index] ?? null })),
  );
  const maskOf = (columnRow: number) =>
    shown.reduce<number>((mask, at, lane) => (at === columnRow ? mask | (1 << lane) : mask), 0);
  const focusRow = row ?? columns.length - 1;
  // Stable, so a cursor move re-renders only the columns whose highlight changed.
  const onPick = useCallback((picked: number) => store.getState().actions.setRow(picked), [store]);

  return (
    <section
      aria-label="Aligned steps"
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-1 dark:border-slate-800">
        <h2
          className="text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300"
          title="Steps are matched by what they did (tool and arguments, reflection, answer), not by their number"
        >
          Aligned steps
        </h2>
        {aligning && (
          <span role="status" className="text-xs text-slate-500 dark:text-slate-400">
            Aligning…
          </span>
        )}
        <div className="ml-auto">
          <CursorControls rows={columns.length} />
        </div>
      </div>
      <div className="flex min-w-0 gap-2 px-3 pt-1 pb-2">
        <ul className="flex shrink-0 flex-col pt-[23px]" style={{ gap: GAP }} aria-hidden="true">
          {lanes.map((lane, index) => (
            <li
              key={lane.id}
              style={{ height: CELL }}
              className="flex max-w-40 items-center gap-1.5 text-xs"
              title={lane.label}
            >
              <span className="flex h-4 w-4 shrink-0 items-center justify-center rounded bg-slate-800 text-[10px] font-semibold text-white dark:bg-slate-200 dark:text-slate-900">
                {laneLetter(index)}
              </span>
              <span className="truncate text-slate-700 dark:text-slate-200">
                {lane.fork ? '↳ ' : ''}
                {lane.label}
              </span>
            </li>
          ))}
        </ul>
        {columns.length === 0 ? (
          <p className="self-center pt-5 text-xs text-slate-500 dark:text-slate-400">
            {aligning ? 'Lining the steps up…' : 'Run the lanes to line their steps up here.'}
          </p>
        ) : (
          <div
            data-strip
            role="group"
            aria-label="Aligned rows"
            className="flex min-w-0 overflow-x-auto pr-40 pb-1"
          >
            {columns.map((column) => (
              <Column
                key={column.row}
                column={column}
                current={column.row === row}
                shown={maskOf(column.row)}
                focusable={column.row === focusRow}
                onPick={onPick}
              />
            ))}
          </div>
        )}
      </div>
      <div className="border-t border-slate-100 px-3 py-1.5 dark:border-slate-800/70">
        <Legend />
      </div>
    </section>
  );
}
