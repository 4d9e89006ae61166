/** The phase graph's header: its title, the mode switch, "show all transitions" and notices. */
import { FOCUS_RING } from '../../components';
import type { PhaseGraphMode } from '../../projections/phase-graph';

const MODES: readonly { readonly value: PhaseGraphMode; readonly label: string }[] = [
  { value: 'aggregate', label: 'Aggregated' },
  { value: 'unrolled', label: 'Unrolled' },
];

export interface GraphToolbarProps {
  readonly mode: PhaseGraphMode;
  readonly onMode: (mode: PhaseGraphMode) => void;
  readonly showAll: boolean;
  readonly onShowAll: (showAll: boolean) => void;
  /** Transitions the default view leaves out (0: nothing to show). */
  readonly hidden: number;
  readonly notice: string | null;
}

/** Title, a segmented mode switch and the toggle that shows every transition of the machine. */
export function GraphToolbar({
  mode,
  onMode,
  showAll,
  onShowAll,
  hidden,
  notice,
}: GraphToolbarProps) {
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        Phase graph
      </h2>
      <div
        role="group"
        aria-label="Graph mode"
        className="inline-flex rounded-md border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-900"
      >
        {MODES.map((option) => {
          const active = option.value === mode;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={active}
              onClick={() => onMode(option.value)}
              className={`rounded px-2.5 py-0.5 text-xs font-medium transition-colors ${FOCUS_RING} ${
                active
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {mode === 'aggregate' && (
        <label className="inline-flex cursor-pointer items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <input
            type="checkbox"
            checked={showAll}
            onChange={(event) => onShowAll(event.target.checked)}
            className={`h-3.5 w-3.5 rounded accent-sky-600 ${FOCUS_RING}`}
          />
          Show all transitions
          {!showAll && hidden > 0 && (
            <span className="text-slate-500 tabular-nums dark:text-slate-400">
              ({hidden} hidden)
            </span>
          )}
        </label>
      )}
      {notice && (
        <p role="status" className="text-xs text-amber-700 dark:text-amber-300">
          {notice}
        </p>
      )}
    </div>
  );
}
