import { memo, useId } from 'react';
import { FOCUS_RING } from '../../components';
import { DEFAULT_EVAL_LABELS, EVAL_PRESETS } from '../../projections/eval-matrix';
import { useEvalStore, useEvalStoreApi } from './eval-store-context';
import { configColor, configHint, gatingHint } from './labels';
import { selectConfigLabels } from './selectors';
import { CHECKBOX, HEADING } from './styles';

/** One checkbox per preset (the matrix's columns), and a button back to `loop eval`'s four. */
export const ConfigPicker = memo(function ConfigPicker() {
  const store = useEvalStoreApi();
  const selected = useEvalStore(selectConfigLabels);
  const headingId = useId();
  return (
    <section role="group" aria-labelledby={headingId} className="min-w-0">
      <div className="flex items-center justify-between">
        <h3 id={headingId} className={HEADING}>
          Configs{' '}
          <span className="font-normal tabular-nums normal-case">
            {selected.length}/{EVAL_PRESETS.length}
          </span>
        </h3>
        <button
          type="button"
          title="The four configs `loop eval` runs by default"
          className={`rounded px-1.5 text-[11px] font-medium text-sky-700 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
          onClick={() => store.getState().setConfigs(DEFAULT_EVAL_LABELS)}
        >
          CLI defaults
        </button>
      </div>
      <div className="mt-1.5">
        {EVAL_PRESETS.map(({ label }) => (
          <label
            key={label}
            title={configHint(label)}
            className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-[12px] hover:bg-slate-100 dark:hover:bg-slate-900"
          >
            <input
              type="checkbox"
              checked={selected.includes(label)}
              onChange={() => store.getState().toggleConfig(label)}
              className={`${CHECKBOX} ${FOCUS_RING}`}
            />
            <span
              aria-hidden="true"
              className="h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: configColor(label) }}
            />
            <span className="w-28 shrink-0 font-mono">{label}</span>
            <span
              aria-hidden="true"
              className="truncate text-[11px] text-slate-500 dark:text-slate-400"
            >
              {gatingHint(label)}
            </span>
          </label>
        ))}
      </div>
    </section>
  );
});
