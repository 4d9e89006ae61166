import { useState, type KeyboardEvent } from 'react';
import { clipLine } from '../../components/Clipped';
import { FOCUS_RING } from '../../components/focus-ring';
import type { RunSummary } from '../../state/library-types';
import { formatDuration } from '../inspector';
import {
  OUTCOME_HINT,
  OUTCOME_TONE,
  OUTCOME_WORD,
  formatCount,
  formatWhen,
  runTitle,
  settingsWords,
} from './format';
import { useLibraryActions } from './library-context';

export const ROW_HEIGHT = 44;

/** The list's columns: one grid template shared by the header and every row. */
export const COLUMNS =
  'grid grid-cols-[2rem_2rem_7.5rem_minmax(12rem,1fr)_12rem_3.5rem_4.5rem_5rem_4.5rem_7.5rem_9.5rem] items-center gap-x-2';

const CELL = 'truncate tabular-nums text-right';
const ACTION = `rounded px-1.5 py-0.5 text-xs font-medium text-sky-800 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950 ${FOCUS_RING}`;

export interface RunRowProps {
  readonly run: RunSummary;
  readonly index: number;
  readonly now: number;
  readonly checked: boolean;
  readonly onCheck: (id: string, checked: boolean) => void;
  readonly onOpen: (id: string) => void;
}

/** One kept run: tick, pin, outcome, name (renamable), settings, the figures, date, actions. */
export function RunRow({ run, index, now, checked, onCheck, onOpen }: RunRowProps) {
  const actions = useLibraryActions();
  const [renaming, setRenaming] = useState(false);
  const fullTitle = runTitle(run);
  const title = clipLine(fullTitle);
  const finishRename = (value: string | null) => {
    setRenaming(false);
    if (value === null) return;
    const name = value.trim();
    void actions.rename(run.id, name === '' || name === run.scenarioTitle ? null : name);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finishRename(event.currentTarget.value);
    if (event.key === 'Escape') finishRename(null);
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={checked}
      className={`${COLUMNS} h-full border-b border-slate-100 px-3 text-xs dark:border-slate-800/70 ${
        checked ? 'bg-sky-50/70 dark:bg-sky-950/40' : 'hover:bg-slate-50 dark:hover:bg-slate-900/60'
      }`}
    >
      <span role="cell">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheck(run.id, event.currentTarget.checked)}
          aria-label={`Select ${title}`}
          className={`h-4 w-4 accent-sky-700 ${FOCUS_RING}`}
        />
      </span>
      <span role="cell">
        <button
          type="button"
          aria-pressed={run.pinned}
          aria-label={run.pinned ? `Unpin ${title}` : `Pin ${title}`}
          title={
            run.pinned
              ? 'Pinned: kept when old runs are cleared'
              : 'Pin: keep it when old runs are cleared'
          }
          onClick={() => void actions.pin(run.id, !run.pinned)}
          className={`rounded px-1 text-sm leading-none ${FOCUS_RING} ${
            run.pinned
              ? 'text-amber-600 dark:text-amber-400'
              : 'text-slate-400 hover:text-slate-700 dark:text-slate-500 dark:hover:text-slate-200'
          }`}
        >
          {run.pinned ? '★' : '☆'}
        </button>
      </span>
      <span role="cell">
        <span
          title={run.why ? `${OUTCOME_WORD[run.outcome]}: ${run.why}` : OUTCOME_HINT[run.outcome]}
          className={`inline-flex h-5 items-center rounded px-1.5 text-[11px] font-semibold whitespace-nowrap ring-1 ring-inset ${OUTCOME_TONE[run.outcome]}`}
        >
          {OUTCOME_WORD[run.outcome]}
        </span>
      </span>
      <span role="cell" className="min-w-0">
        {renaming ? (
          <input
            autoFocus
            defaultValue={fullTitle}
            aria-label={`New name for ${title}`}
            onKeyDown={onRenameKey}
            onBlur={(event) => finishRename(event.currentTarget.value)}
            className={`h-7 w-full rounded border border-sky-400 bg-white px-1.5 text-xs dark:bg-slate-900 ${FOCUS_RING}`}
          />
        ) : (
          <button
            type="button"
            onClick={() => onOpen(run.id)}
            title={clipLine(
              run.answer ? `Answer: ${run.answer}` : `Open ${title} in the inspector`,
            )}
            className={`block w-full truncate rounded text-left font-medium text-slate-900 hover:underline dark:text-slate-100 ${FOCUS_RING}`}
          >
            {title}
            {run.name ? (
              <span className="ml-1.5 font-normal text-slate-500 dark:text-slate-400">
                {clipLine(run.scenarioTitle)}
              </span>
            ) : null}
          </button>
        )}
        {run.why && !renaming ? (
          <span className="block truncate text-[11px] text-rose-800 dark:text-rose-300">
            Wrong: {run.why}
          </span>
        ) : null}
      </span>
      <span role="cell" className="truncate text-slate-700 dark:text-slate-300">
        {settingsWords(run)}
        {run.origin !== 'live' ? (
          <span className="ml-1 text-slate-500 dark:text-slate-400">({run.origin})</span>
        ) : null}
      </span>
      <span role="cell" className={CELL}>
        {formatCount(run.llmCalls)}
      </span>
      <span role="cell" className={CELL}>
        {formatCount(run.reflections)}
      </span>
      <span role="cell" className={CELL}>
        {formatCount(run.tokens)}
      </span>
      <span role="cell" className={CELL}>
        {formatDuration(run.latencyMs)}
      </span>
      <span role="cell" className={`${CELL} text-slate-600 dark:text-slate-400`}>
        <time dateTime={new Date(run.startedAt).toISOString()}>
          {formatWhen(run.startedAt, now)}
        </time>
      </span>
      <span role="cell" className="flex justify-end gap-0.5">
        <button
          type="button"
          className={ACTION}
          onClick={() => onOpen(run.id)}
          aria-label={`Open ${title} in the inspector`}
        >
          Open
        </button>
        <button
          type="button"
          className={ACTION}
          onClick={() => setRenaming(true)}
          aria-label={`Rename ${title}`}
        >
          Rename
        </button>
        <button
          type="button"
          className={`${ACTION} text-rose-800 hover:bg-rose-50 dark:text-rose-300 dark:hover:bg-rose-950`}
          onClick={() => void actions.remove([run.id])}
          aria-label={`Delete ${title}`}
        >
          Delete
        </button>
      </span>
    </div>
  );
}
