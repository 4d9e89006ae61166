import { useMemo, useState } from 'react';
import { FOCUS_RING } from '../../components';
import { viewHash } from '../../components/view-route';
import { laneToken } from '../../state/lane-tokens';
import { scenarioConfig } from '../../projections/scenario-config';
import { selectedScenario, type RunState } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { ApplySaved } from './ApplySaved';
import { changesTo } from './apply-saved';
import { KnobGroups } from './KnobGroups';
import { EVAL_PRESETS } from '../../projections/eval-matrix';
import { changedCount, describeChanges } from './knobs';
import { SaveSettingsButton } from './SaveSettings';
import { useLiveSettings } from './use-live-settings';

const selectScenario = (state: RunState) => selectedScenario(state);
const selectOverrides = (state: RunState) => state.overrides;
/** Saved settings may not take a preset's name: both are columns of the eval matrix. */
const PRESET_LABELS = EVAL_PRESETS.map((config) => config.label);

function LiveNote({
  live,
  lens,
  imported,
}: {
  readonly live: boolean;
  readonly lens: boolean;
  readonly imported: boolean;
}) {
  if (lens) {
    return (
      <p className="mx-3 mt-2 rounded-md bg-indigo-50 px-2.5 py-1.5 text-[11px] leading-snug text-indigo-950 dark:bg-indigo-950/50 dark:text-indigo-100">
        {imported
          ? 'An imported trace, under the guards lens: changes re-tune the lens over the recording (nothing re-runs). Run plays the recorded replies through the loop under these settings; the Library keeps the recording.'
          : 'The guards lens is on: changes re-tune it over the recorded run (nothing re-runs). Press Run to record the scenario again.'}
      </p>
    );
  }
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
        : imported
          ? 'An imported trace: changes wait for Run, which plays the recorded replies through the loop under these settings (the Library keeps the recording).'
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
  const { live, lens, imported, apply } = useLiveSettings();
  // Bumped by "Reset to defaults": the fields drop what was typed in them.
  const [generation, setGeneration] = useState(0);
  const config = useMemo(() => scenarioConfig(scenario, overrides), [scenario, overrides]);
  const defaults = useMemo(() => scenarioConfig(scenario), [scenario]);
  const changed = changedCount(config, defaults);
  const changes = useMemo(() => describeChanges(config, defaults), [config, defaults]);

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
        <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5 whitespace-nowrap">
          {/* Compare opens on two lanes with these settings: change one, run both. */}
          <a
            href={viewHash('compare', scenario.id, [laneToken(overrides), laneToken(overrides)])}
            title="Open compare on two lanes with these settings: change one and run both"
            className={`rounded px-1.5 py-1 text-[11px] font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950/50 ${FOCUS_RING}`}
          >
            Compare with…
          </a>
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
      <LiveNote live={live} lens={lens} imported={imported} />
      <ApplySaved
        className="mx-3 mt-2"
        onApply={(saved) => {
          apply(changesTo(config, scenarioConfig(scenario, saved)));
          setGeneration((count) => count + 1);
        }}
      />
      <div key={generation} className="mt-1">
        <KnobGroups config={config} defaults={defaults} onChange={apply} />
      </div>
    </section>
  );
}
