import { useMemo, useState } from 'react';
import { FOCUS_RING } from '../../components';
import { scenarioConfig } from '../../projections/scenario-config';
import { stallTrap } from '../../projections/setting-traps';
import { selectedScenario, type RunState } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { KnobControl } from './KnobControls';
import { EVAL_PRESETS } from '../../projections/eval-matrix';
import { KNOB_GROUPS, changedCount, describeChanges } from './knobs';
import { SaveSettingsButton } from './SaveSettings';
import { useLiveSettings } from './use-live-settings';

const selectScenario = (state: RunState) => selectedScenario(state);
const selectOverrides = (state: RunState) => state.overrides;
/** The fields a stall trap (`stallTrap`) concerns: each says so. */
const TRAP_KNOBS: ReadonlySet<string> = new Set(['stall-exit', 'stall-threshold']);
/** Saved settings may not take a preset's name: both are columns of the eval matrix. */
const PRESET_LABELS = EVAL_PRESETS.map((config) => config.label);

function LiveNote({ live }: { readonly live: boolean }) {
  return (
    <p
      className={`mx-3 mt-2 rounded-md px-2.5 py-1.5 text-[11px] leading-snug ${
        live
          ? 'bg-sky-50 text-sky-900 dark:bg-sky-950/50 dark:text-sky-100'
          : 'bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100'
      }`}
    >
      {live
        ? 'Changes re-run the scenario at once (the built-in model is free).'
        : 'Real calls cost money: press Run to apply.'}
    </p>
  );
}

/**
 * Every knob of the loop's config, grouped (Loop, Reflection, Guards, Attempts), each with a
 * one-line explanation; "Reset to defaults". Values are the resolved config of the next run.
 */
export function SettingsPane() {
  const scenario = useRunStore(selectScenario);
  const overrides = useRunStore(selectOverrides);
  const store = useRunStoreApi();
  const { live, apply } = useLiveSettings();
  // Bumped by "Reset to defaults": the fields drop what was typed in them.
  const [generation, setGeneration] = useState(0);
  const config = useMemo(() => scenarioConfig(scenario, overrides), [scenario, overrides]);
  const defaults = useMemo(() => scenarioConfig(scenario), [scenario]);
  const changed = changedCount(config, defaults);
  const changes = useMemo(() => describeChanges(config, defaults), [config, defaults]);
  const trap = stallTrap(config);

  const reset = () => {
    store.getState().actions.resetOverrides();
    setGeneration((count) => count + 1);
    if (changed > 0) apply({});
  };

  return (
    <section aria-label="Settings" className="flex min-h-full flex-col pb-4">
      <div className="sticky top-0 z-10 flex min-h-10 flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-slate-200 bg-white/95 px-3 py-1.5 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <h2 className="text-[13px] font-semibold text-slate-900 dark:text-slate-50">Settings</h2>
        {changed > 0 && (
          <span className="rounded-full bg-sky-100 px-1.5 text-[11px] font-medium whitespace-nowrap text-sky-900 tabular-nums dark:bg-sky-900/60 dark:text-sky-100">
            {changed} changed
          </span>
        )}
        <div className="ml-auto flex items-center gap-0.5 whitespace-nowrap">
          <SaveSettingsButton overrides={overrides} changes={changes} reserved={PRESET_LABELS} />
          <button
            type="button"
            onClick={reset}
            disabled={changed === 0}
            className={`rounded px-1.5 py-1 text-[11px] font-medium text-sky-700 hover:bg-sky-50 disabled:cursor-default disabled:text-slate-400 disabled:hover:bg-transparent dark:text-sky-300 dark:hover:bg-sky-950/50 dark:disabled:text-slate-600 ${FOCUS_RING}`}
          >
            Reset to defaults
          </button>
        </div>
      </div>
      <LiveNote live={live} />
      <div key={generation} className="mt-1">
        {KNOB_GROUPS.map((group) => (
          <details
            key={group.title}
            open
            className="group/section border-b border-slate-100 dark:border-slate-800/80"
          >
            <summary
              className={`flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-[11px] font-semibold tracking-wider text-slate-500 uppercase select-none hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200 [&::-webkit-details-marker]:hidden ${FOCUS_RING} focus-visible:ring-inset focus-visible:ring-offset-0`}
            >
              <span
                aria-hidden="true"
                className="inline-block transition-transform group-open/section:rotate-90"
              >
                ▸
              </span>
              {group.title}
            </summary>
            <div className="px-3 pb-2">
              {group.knobs.map((knob) => (
                <KnobControl
                  key={knob.id}
                  knob={knob}
                  config={config}
                  changed={knob.read(config) !== knob.read(defaults)}
                  onChange={apply}
                  warning={trap && TRAP_KNOBS.has(knob.id) ? trap : null}
                />
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
