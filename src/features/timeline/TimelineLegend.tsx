import { memo } from 'react';
import { useRunStore, useRunStoreApi } from '../run';
import {
  GuardMark,
  KIND_NAME,
  KIND_ORDER,
  KIND_STYLE,
  KindGlyph,
  WouldHaveMark,
  WRONG_ANSWER_STYLE,
  WrongAnswerGlyph,
} from './kinds';
import { selectSelection } from './selectors';

const MUTED = 'text-slate-600 dark:text-slate-400';

/** What the colours, glyphs and marks mean; and, when the phase graph selects, what it selected. */
export const TimelineLegend = memo(function TimelineLegend({
  selectedCount,
  lens,
}: {
  readonly selectedCount: number;
  /** The guards lens marks cells: its two marks join the legend. */
  readonly lens: boolean;
}) {
  const store = useRunStoreApi();
  const selection = useRunStore(selectSelection);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 px-3 pb-2 text-xs">
      <ul aria-label="Legend" className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${MUTED}`}>
        {KIND_ORDER.map((kind) => (
          <li key={kind} className="flex items-center gap-1">
            <span
              className={`inline-flex h-4 w-4 items-center justify-center rounded border ${KIND_STYLE[kind]}`}
            >
              <KindGlyph kind={kind} className="h-2.5 w-2.5" />
            </span>
            {KIND_NAME[kind]}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span
            className={`inline-flex h-4 w-4 items-center justify-center rounded border ${WRONG_ANSWER_STYLE}`}
          >
            <WrongAnswerGlyph className="h-2.5 w-2.5" />
          </span>
          Wrong answer
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-flex h-4 w-4 items-center justify-center">
            <GuardMark className="h-1.5 w-2.5 text-rose-600 dark:text-rose-400" />
          </span>
          Guard trip
        </li>
        {lens && (
          <>
            <li className="flex items-center gap-1">
              <WouldHaveMark stops className="h-3 w-3" />
              Would have stopped
            </li>
            <li className="flex items-center gap-1">
              <WouldHaveMark stops={false} className="h-3 w-3" />
              Would have (lens)
            </li>
          </>
        )}
      </ul>
      {selection && (
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <span className="inline-block h-0.5 w-4 rounded-full bg-amber-500 dark:bg-amber-400" />
          {selectedCount === 1 ? '1 step' : `${selectedCount} steps`} through the selected{' '}
          {selection.kind === 'phase' ? 'phase' : 'transition'}{' '}
          <code className="font-mono">{selection.id}</code>
          <button
            type="button"
            onClick={() => store.getState().actions.select(null)}
            className="rounded px-1.5 py-0.5 font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:text-sky-300 dark:focus-visible:ring-sky-400"
          >
            Clear highlight
          </button>
        </p>
      )}
    </div>
  );
});
