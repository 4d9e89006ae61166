import { clipLine } from '../../components/Clipped';
import { FOCUS_RING } from '../../components/focus-ring';
import { Button } from '../../components/Button';
import type { RunOutcome } from '../../state/library-types';
import type { LibraryQuery } from '../../state/library-query';
import { OUTCOME_ORDER, OUTCOME_WORD, runsWord } from './format';
import { useLibraryActions, useLibraryStore } from './library-context';
import { selectQuery } from './selectors';

const FIELD = `h-8 rounded-md border border-slate-300 bg-white px-2 text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`;

export interface LibraryToolbarProps {
  /** The scenarios kept runs are of, for the scenario filter: id and title. */
  readonly scenarios: readonly { readonly id: string; readonly title: string }[];
  readonly shown: number;
  readonly total: number;
  readonly checked: number;
  readonly onOpenChecked: () => void;
  readonly onCompareChecked: () => void;
  readonly onDeleteChecked: () => void;
}

/** Search, the outcome and scenario filters, what is listed, and what to do with the ticked runs. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const { scenarios, shown, total, checked } = props;
  const query = useLibraryStore(selectQuery);
  const actions = useLibraryActions();
  const set = (patch: Partial<LibraryQuery>) => actions.setQuery(patch);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <input
        type="search"
        value={query.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
        placeholder="Search scenario, name, settings, answer"
        aria-label="Search kept runs"
        className={`${FIELD} w-72`}
      />
      <select
        value={query.outcome}
        onChange={(event) => set({ outcome: event.currentTarget.value as RunOutcome | 'all' })}
        aria-label="Outcome"
        className={FIELD}
      >
        <option value="all">Every outcome</option>
        {OUTCOME_ORDER.map((outcome) => (
          <option key={outcome} value={outcome}>
            {OUTCOME_WORD[outcome]}
          </option>
        ))}
      </select>
      <select
        value={query.scenarioId ?? ''}
        onChange={(event) => set({ scenarioId: event.currentTarget.value || null })}
        aria-label="Scenario"
        className={`${FIELD} max-w-56`}
      >
        <option value="">Every scenario</option>
        {scenarios.map((scenario) => (
          <option key={scenario.id} value={scenario.id}>
            {clipLine(scenario.title)}
          </option>
        ))}
      </select>
      <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {shown === total ? runsWord(total) : `${runsWord(shown)} of ${formatTotal(total)}`}
      </p>
      <div className="ml-auto flex items-center gap-2">
        {checked > 0 ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">{checked} ticked</span>
        ) : null}
        <Button size="sm" disabled={checked !== 1} onClick={props.onOpenChecked}>
          Open in the inspector
        </Button>
        <Button
          size="sm"
          disabled={checked < 2}
          onClick={props.onCompareChecked}
          title="Two or more ticked runs side by side in Compare"
        >
          Compare {checked >= 2 ? checked : ''}
        </Button>
        <Button size="sm" tone="danger" disabled={checked === 0} onClick={props.onDeleteChecked}>
          Delete
        </Button>
      </div>
    </div>
  );
}

const formatTotal = (total: number) => total.toLocaleString('en-US');
