import { useId, useState, type ReactNode } from 'react';
import { FOCUS_RING, SelectField } from '../../components';
import type { ConfigOverrides, LoopConfig } from '../../engine';
import { scenarioConfig } from '../../projections/scenario-config';
import { compareScenario, type CompareLane } from '../../state/compare-store';
import { useCompare, useCompareApi } from './compare-context';
import { DUPLICATE_OPTIONS, GATING_OPTIONS, GATING_WORD, MODE_OPTIONS, MODE_WORD } from './labels';
import { selectBaseline, selectLanes } from './selectors';
import { ApplySaved, changesTo, describeChanges, KnobGroups } from '../settings';

/** The inspector's knobs the lane's own compact form already shows (by knob id). */
const IN_FORM = ['mode', 'gating', 'duplicates', 'fabrication', 'seed'] as const;

/** The settings a lane shows as chips, each with its words. */
const CHIPS: readonly {
  readonly key: string;
  readonly read: (config: LoopConfig) => string;
}[] = [
  { key: 'mode', read: (config) => MODE_WORD[config.mode] },
  { key: 'gating', read: (config) => GATING_WORD[config.reflection.gating] },
  { key: 'duplicates', read: (config) => `duplicates: ${config.duplicates}` },
  {
    key: 'fabrication',
    read: (config) => `fabrication guard ${config.fabricationGuard ? 'on' : 'off'}`,
  },
  { key: 'seed', read: (config) => `seed ${config.seed}` },
];

/** The seed field: a whole number, applied when valid. */
function SeedField({
  value,
  onChange,
}: {
  readonly value: number;
  readonly onChange: (seed: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        Seed
      </label>
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const seed = Number(event.target.value);
          if (event.target.value !== '' && Number.isSafeInteger(seed) && seed >= 0) onChange(seed);
        }}
        className={`h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 tabular-nums dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
      />
    </div>
  );
}

export interface LaneSettingsProps {
  readonly lane: CompareLane;
  readonly index: number;
  readonly open: boolean;
  readonly disabled: boolean;
  /** The lane's status, shown before the chips. */
  readonly status: ReactNode;
}

/**
 * A lane's settings: as chips (the ones that differ from the baseline lane's stand out), or, when
 * open, a compact form — mode, reflection gating, duplicate guard, fabrication guard, seed — and
 * "More settings": every other knob of the inspector's Settings (its own field components), so
 * "stall threshold 1 vs 2" can be compared. Changes apply to the lane's next run ("Run lane").
 */
export function LaneSettings({ lane, index, open, disabled, status }: LaneSettingsProps) {
  const store = useCompareApi();
  const scenario = useCompare(compareScenario);
  const lanes = useCompare(selectLanes);
  const baseline = useCompare(selectBaseline);
  const config = scenarioConfig(scenario, lane.overrides);
  const baseConfig = scenarioConfig(scenario, lanes[baseline]?.overrides ?? {});
  const update = (change: ConfigOverrides) => store.getState().actions.updateLane(lane.id, change);
  // Every other knob that differs from the scenario's defaults is a chip too ("Stall threshold: 2").
  const defaults = scenarioConfig(scenario);
  const more = describeChanges(config, defaults, IN_FORM);
  const baseMore = new Set(describeChanges(baseConfig, defaults, IN_FORM));
  const moreChips = more.map((text) => ({ key: text, text, differs: !baseMore.has(text) }));
  const baseChips = [...baseMore].filter((text) => !more.includes(text));

  const chips = (
    <div className="flex flex-wrap items-center gap-1 px-3 pb-2">
      {status}
      <ul aria-label="Settings" className="contents">
        {[
          ...CHIPS.map((chip) => ({
            key: chip.key,
            text: chip.read(config),
            differs: chip.read(config) !== chip.read(baseConfig),
          })),
          ...moreChips,
          // A knob the baseline changed and this lane keeps at its default.
          ...baseChips.map((text) => ({
            key: `default ${text}`,
            text: `${text.slice(0, text.indexOf(':'))}: default`,
            differs: true,
          })),
        ].map(({ key, text, differs: differsFromBase }) => {
          const differs = index !== baseline && differsFromBase;
          return (
            <li
              key={key}
              className={`rounded px-1.5 py-0.5 text-[11px] ${
                differs
                  ? 'bg-sky-100 font-medium text-sky-900 dark:bg-sky-900/60 dark:text-sky-100'
                  : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
              }`}
              title={differs ? 'Differs from the baseline lane' : undefined}
            >
              {text}
            </li>
          );
        })}
      </ul>
    </div>
  );
  if (!open) return chips;
  return (
    <>
      {chips}
      <fieldset
        disabled={disabled}
        className="mx-3 mb-2 grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-900"
      >
        <legend className="sr-only">Settings of lane {lane.label}</legend>
        <ApplySaved
          className="col-span-full"
          onApply={(saved) => update(changesTo(config, scenarioConfig(scenario, saved)))}
        />
        <SelectField
          label="Mode"
          value={config.mode}
          options={MODE_OPTIONS}
          onChange={(mode) => update({ mode })}
        />
        <SelectField
          label="Reflection gating"
          value={config.reflection.gating}
          options={GATING_OPTIONS}
          onChange={(gating) => update({ reflection: { gating } })}
        />
        <SelectField
          label="Duplicate guard"
          value={config.duplicates}
          options={DUPLICATE_OPTIONS}
          onChange={(duplicates) => update({ duplicates })}
        />
        <SeedField value={config.seed} onChange={(seed) => update({ seed })} />
        <label className="col-span-full flex cursor-pointer items-center gap-2 text-xs text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={config.fabricationGuard}
            onChange={(event) => update({ fabricationGuard: event.target.checked })}
            className={`h-3.5 w-3.5 rounded accent-sky-600 ${FOCUS_RING}`}
          />
          Fabrication guard
          <span className="text-slate-500 dark:text-slate-400">(an answer must cite evidence)</span>
        </label>
        <details className="col-span-full rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-950">
          <summary
            className={`cursor-pointer px-2 py-1.5 text-xs font-medium text-slate-700 dark:text-slate-200 ${FOCUS_RING}`}
          >
            More settings{more.length > 0 ? ` (${more.length} changed)` : ''}
          </summary>
          <KnobGroups
            key={`${lane.id} ${scenario.id}`}
            config={config}
            defaults={baseConfig}
            onChange={update}
            omit={IN_FORM}
          />
        </details>
      </fieldset>
    </>
  );
}
