import { useId, useState } from 'react';
import { FOCUS_RING } from '../../components';
import { MAX_EVAL_SEEDS } from '../../state/eval-store';
import { useEvalStore, useEvalStoreApi } from './eval-store-context';
import { selectSeeds } from './selectors';

/** "Seeds per cell": a number field; what is typed stays as typed until it leaves the field. */
export function SeedsField() {
  const store = useEvalStoreApi();
  const seeds = useEvalStore(selectSeeds);
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <label htmlFor={id} className="text-[13px] font-medium text-slate-700 dark:text-slate-200">
        Seeds per cell
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EVAL_SEEDS}
        step={1}
        value={draft ?? String(seeds)}
        aria-describedby={hintId}
        onChange={(event) => {
          setDraft(event.target.value);
          const value = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(value)) store.getState().setSeeds(value);
        }}
        onBlur={() => setDraft(null)}
        className={`h-7 w-16 rounded-md border border-slate-300 bg-white px-2 text-[13px] tabular-nums dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`}
      />
      <span id={hintId} className="text-[11px] text-slate-500 dark:text-slate-400">
        1–{MAX_EVAL_SEEDS}; seeds 1, 2, …
      </span>
    </div>
  );
}
