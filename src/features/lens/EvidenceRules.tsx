/**
 * The lens's evidence rules: the user's own (JSON, as a scenario's `evidenceRules`), for a trace
 * whose scenario has none (an imported one). A rule the engine refuses is not applied and the
 * message names it.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { FOCUS_RING } from '../../components';
import { useLensStore } from './lens-context';

const EXAMPLE =
  '[{"claim": "refund (is )?approved", "requires": {"field": "refundable", "equals": true}}]';

export function EvidenceRules() {
  const store = useLensStore();
  const rules = useStore(store, (state) => state.rules);
  const [text, setText] = useState(() => (rules ? JSON.stringify(rules, null, 2) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const apply = () => void store.getState().actions.setRules(text).then(setProblem);
  return (
    <details className="relative shrink-0">
      <summary
        className={`cursor-pointer list-none rounded px-1.5 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 dark:text-indigo-100 dark:hover:bg-indigo-900/60 [&::-webkit-details-marker]:hidden ${FOCUS_RING}`}
      >
        Evidence rules{rules ? ` (${rules.length} yours)` : '…'}
      </summary>
      <div className="absolute top-7 left-0 z-30 w-96 rounded-md border border-slate-300 bg-white p-2 text-xs shadow-lg dark:border-slate-600 dark:bg-slate-900">
        <label htmlFor={id} className="mb-1 block font-medium text-slate-800 dark:text-slate-100">
          Evidence rules (JSON)
        </label>
        <p className="mb-1 text-slate-600 dark:text-slate-300">
          An answer making a rule&rsquo;s claim needs an observation holding its field. Empty: the
          scenario&rsquo;s rules.
        </p>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={EXAMPLE}
          rows={4}
          spellCheck={false}
          className={`w-full rounded border border-slate-300 bg-white p-1 font-mono text-[11px] text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 ${FOCUS_RING}`}
        />
        {problem && (
          <p role="alert" className="mt-1 text-rose-700 dark:text-rose-300">
            {problem}
          </p>
        )}
        <button
          type="button"
          onClick={apply}
          className={`mt-1 rounded bg-indigo-700 px-2 py-0.5 font-medium text-white hover:bg-indigo-800 dark:bg-indigo-400 dark:text-indigo-950 ${FOCUS_RING}`}
        >
          Apply rules
        </button>
      </div>
    </details>
  );
}
