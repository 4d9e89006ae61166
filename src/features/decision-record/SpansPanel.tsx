import { memo, useMemo } from 'react';
import { FOCUS_RING } from '../../components';
import type { ImportedSpans } from '../../state/run-record';
import { spanTreeView, type SpanTreeRow } from '../../projections/span-tree';

const TYPE_STYLE: Readonly<Record<string, string>> = {
  model: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  tool: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  agent: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
};
const OTHER_STYLE = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';

const Row = memo(function Row({
  row,
  onSelect,
}: {
  readonly row: SpanTreeRow;
  readonly onSelect: (step: number) => void;
}) {
  const step = row.step;
  return (
    <li
      className="border-b border-slate-100 py-1.5 pr-3 text-xs dark:border-slate-800"
      style={{ paddingLeft: `${0.75 + row.indent * 0.75}rem` }}
      data-span-type={row.type}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span
          className={`rounded px-1.5 py-px text-[11px] font-medium ${TYPE_STYLE[row.type] ?? OTHER_STYLE}`}
        >
          {row.typeLabel}
        </span>
        <span className="font-mono break-all text-slate-900 dark:text-slate-100">
          {row.name || '(no name)'}
        </span>
        <span className="text-slate-500 dark:text-slate-400">{row.label}</span>
        {row.depth > row.indent && <span className="text-slate-500">depth {row.depth}</span>}
        {row.error && (
          <span className="font-medium text-rose-700 dark:text-rose-300">
            error{row.statusMessage ? `: ${row.statusMessage}` : ''}
          </span>
        )}
        {step !== null && (
          <button
            type="button"
            onClick={() => onSelect(step)}
            className={`rounded px-1 text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
          >
            step #{step}
          </button>
        )}
      </div>
      {row.note && <p className="mt-0.5 text-slate-600 dark:text-slate-400">{row.note}</p>}
    </li>
  );
});

/**
 * The span tree of an imported trace: every span typed by its operation or kind, the step it
 * became (a link to it), or why it was not mapped. View only: the record holds the rows and
 * `projections/span-tree` words the summary.
 */
export function SpansPanel({
  imported,
  onSelect,
}: {
  readonly imported: ImportedSpans;
  readonly onSelect: (step: number) => void;
}) {
  const view = useMemo(() => spanTreeView(imported), [imported]);
  return (
    <div className="pb-6">
      <p
        className="px-3 py-2 text-xs text-slate-700 dark:text-slate-300"
        data-testid="span-summary"
      >
        {view.summary}
      </p>
      {view.notes.length > 0 && (
        <ul className="mx-3 mb-2 list-disc rounded bg-amber-50 py-1.5 pr-2 pl-6 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          {view.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <ol aria-label="Span tree" className="border-t border-slate-100 dark:border-slate-800">
        {view.rows.map((row, index) => (
          <Row key={`${row.id}-${index}`} row={row} onSelect={onSelect} />
        ))}
      </ol>
      {view.hiddenRows > 0 && (
        <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
          {view.hiddenRows} more spans are not listed.
        </p>
      )}
    </div>
  );
}
