import { memo, useId } from 'react';
import { FOCUS_RING } from '../../components';
import { CloseIcon } from '../../components/icons';
import { DEFAULT_EVAL_LABELS, EVAL_PRESETS } from '../../projections/eval-matrix';
import { laneLabel } from '../../state/lane-tokens';
import type { SavedConfigsState } from '../../state/saved-configs';
import { useSavedConfigs, useSavedConfigsActions } from '../saved-configs';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { configColor, configHint, gatingHint } from './labels';
import { selectConfigLabels } from './selectors';
import { CHECKBOX, HEADING } from './styles';

const selectSaved = (state: SavedConfigsState) => state.configs;
const selectWarning = (state: SavedConfigsState) => state.warning;

/**
 * The user's saved settings as columns after the presets: a checkbox each, what it changes, and
 * Remove; a hint when there are none, and why when the stored ones could not be read.
 */
function SavedConfigs({ selected }: { readonly selected: readonly string[] }) {
  const actions = useEvalActions();
  const savedActions = useSavedConfigsActions();
  const saved = useSavedConfigs(selectSaved);
  const warning = useSavedConfigs(selectWarning);
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="mt-2">
      <h4 id={headingId} className="px-1 text-[11px] text-slate-500 dark:text-slate-400">
        Saved settings
      </h4>
      {warning && (
        <p
          role="alert"
          className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-[11px] leading-snug text-amber-900 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {warning}
        </p>
      )}
      {saved.length === 0 ? (
        <p className="px-1 pt-0.5 text-[11px] leading-snug text-slate-600 dark:text-slate-400">
          None yet: in the inspector, tune the Settings and press Save… to add them here.
        </p>
      ) : (
        saved.map(({ name, overrides }) => (
          <div
            key={name}
            className="flex items-center gap-2 rounded px-1 py-0.5 text-[12px] hover:bg-slate-100 dark:hover:bg-slate-900"
          >
            <label
              title={laneLabel(overrides)}
              className="flex min-w-0 flex-1 cursor-pointer items-center gap-2"
            >
              <input
                type="checkbox"
                checked={selected.includes(name)}
                onChange={() => actions.toggleConfig(name)}
                className={`${CHECKBOX} ${FOCUS_RING}`}
              />
              <span
                aria-hidden="true"
                className="h-2 w-2 shrink-0 rounded-full"
                style={{ backgroundColor: configColor(name) }}
              />
              <span className="truncate font-mono">{name}</span>
            </label>
            <button
              type="button"
              aria-label={`Remove saved settings ${name}`}
              title="Remove these saved settings"
              onClick={() => {
                if (selected.includes(name)) actions.toggleConfig(name);
                savedActions.remove(name);
              }}
              className={`shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100 ${FOCUS_RING}`}
            >
              <CloseIcon />
            </button>
          </div>
        ))
      )}
    </div>
  );
}

/**
 * One checkbox per preset (the matrix's columns), a button back to `loop eval`'s four, and the
 * user's saved settings.
 */
export const ConfigPicker = memo(function ConfigPicker() {
  const actions = useEvalActions();
  const selected = useEvalStore(selectConfigLabels);
  const savedCount = useSavedConfigs(selectSaved).length;
  const headingId = useId();
  return (
    <section role="group" aria-labelledby={headingId} className="min-w-0">
      <div className="flex items-center justify-between">
        <h3 id={headingId} className={HEADING}>
          Configs{' '}
          <span className="font-normal tabular-nums normal-case">
            {selected.length}/{EVAL_PRESETS.length + savedCount}
          </span>
        </h3>
        <button
          type="button"
          title="The four configs `loop eval` runs by default"
          className={`rounded px-1.5 text-[11px] font-medium text-sky-700 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
          onClick={() => actions.setConfigs(DEFAULT_EVAL_LABELS)}
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
              onChange={() => actions.toggleConfig(label)}
              className={`${CHECKBOX} ${FOCUS_RING}`}
            />
            <span
              aria-hidden="true"
              className="h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: configColor(label) }}
            />
            <span className="min-w-28 shrink-0 font-mono whitespace-nowrap">{label}</span>
            <span
              aria-hidden="true"
              className="truncate text-[11px] text-slate-500 dark:text-slate-400"
            >
              {gatingHint(label)}
            </span>
          </label>
        ))}
        <SavedConfigs selected={selected} />
      </div>
    </section>
  );
});
