import { useState } from 'react';
import {
  Button,
  clipLine,
  CopyLinkButton,
  FOCUS_RING,
  SelectField,
  pageLink,
} from '../../components';
import { viewHash } from '../../components/view-route';
import { PresentIcon } from '../../components/icons';
import { MAX_LANES, PRESETS, type CompareLane, type CompareStore } from '../../state/compare-store';
import { laneToken } from '../../state/lane-tokens';
import { ModelPicker } from '../endpoints';
import { useCompare, useCompareApi } from './compare-context';
import { compareHash } from './link';
import { PlayIcon, PlusIcon, StopIcon } from '../../components/icons';
import {
  selectAllRecorded,
  selectAnyRunning,
  selectLaneCount,
  selectLanes,
  selectPreset,
  selectScenarioId,
  selectScenarios,
} from './selectors';

/** The presets as a segmented control; the active one is pressed while the lanes are still it. */
function Presets() {
  const store = useCompareApi();
  const preset = useCompare(selectPreset);
  const running = useCompare(selectAnyRunning);
  const active = PRESETS.find((candidate) => candidate.id === preset);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="text-xs font-medium text-slate-600 dark:text-slate-300" id="compare-presets">
        Preset
      </span>
      <div
        role="group"
        aria-labelledby="compare-presets"
        className="inline-flex shrink-0 rounded-md border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-900"
      >
        {PRESETS.map((candidate) => {
          const pressed = candidate.id === preset;
          return (
            <button
              key={candidate.id}
              type="button"
              aria-pressed={pressed}
              title={candidate.description}
              disabled={running}
              onClick={() => store.getState().actions.applyPreset(candidate.id)}
              className={`rounded px-2.5 py-1 text-xs font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS_RING} ${
                pressed
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {candidate.name}
            </button>
          );
        })}
      </div>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">
        {active ? active.description : 'Custom lanes: each one runs with the settings it shows.'}
      </p>
    </div>
  );
}

/** The presenter's hash for two lanes, or why they cannot be presented. */
function presentTarget(
  scenarioId: string,
  pair: readonly CompareLane[],
): { hash: string } | { why: string } {
  if (pair.length < 2 || pair[0] === pair[1]) return { why: 'Choose two different lanes' };
  if (pair.some((lane) => lane.fork !== null)) {
    return {
      why: 'A forked lane replays a recorded run: the presenter can only record fresh runs',
    };
  }
  const tokens = pair.map((lane) => laneToken(lane.overrides));
  return { hash: viewHash('present', scenarioId, tokens, { from: 'compare' }) };
}

/** A lane of the pair to present, by its letter and name. */
function LaneChoice({
  label,
  lanes,
  value,
  onChange,
}: {
  readonly label: string;
  readonly lanes: readonly CompareLane[];
  readonly value: string;
  readonly onChange: (id: string) => void;
}) {
  return (
    <SelectField
      label={label}
      layout="inline"
      className="shrink-0"
      selectClassName="w-32"
      value={value}
      options={lanes.map((lane, index) => ({
        value: lane.id,
        label: `${String.fromCharCode(65 + index)}: ${lane.label}`,
      }))}
      onChange={onChange}
    />
  );
}

/**
 * "Present these lanes": two lanes in the presenter (recorded afresh, seeded), the first two
 * unless the user picks others (with three or four lanes, "Present" and "against" choose them).
 */
function PresentLanes() {
  const scenarioId = useCompare(selectScenarioId);
  const lanes = useCompare(selectLanes);
  const [chosen, setChosen] = useState<readonly [string | null, string | null]>([null, null]);
  // A chosen lane that was removed falls back to the first two.
  const pick = (slot: 0 | 1) =>
    lanes.find((lane) => lane.id === chosen[slot]) ?? lanes[slot] ?? lanes[0]!;
  const pair = [pick(0), pick(1)];
  const target = presentTarget(scenarioId, pair);
  return (
    <div className="flex shrink-0 items-center gap-2">
      {lanes.length > 2 && (
        <>
          <LaneChoice
            label="Present"
            lanes={lanes}
            value={pair[0]!.id}
            onChange={(id) => setChosen([id, pair[1]!.id])}
          />
          <LaneChoice
            label="against"
            lanes={lanes}
            value={pair[1]!.id}
            onChange={(id) => setChosen([pair[0]!.id, id])}
          />
        </>
      )}
      <Button
        size="sm"
        disabled={'why' in target}
        title={
          'why' in target
            ? target.why
            : `Play ${pair[0]?.label} and ${pair[1]?.label} side by side, with captions, in large type`
        }
        onClick={() => {
          if ('hash' in target) window.location.hash = target.hash;
        }}
      >
        <PresentIcon />
        Present these lanes
      </Button>
    </div>
  );
}

/**
 * Two rows: the scenario every lane runs, the model, Add lane and Run all (Stop while running);
 * then the presets.
 */
/** What compare's Export writes: the share page of the lanes, or their runs as a library file. */
export type CompareExportKind = 'html' | 'traces';

export function CompareToolbar({
  onExport,
}: {
  /** Export these lanes: one HTML page, or their traces as one library file; none without it. */
  readonly onExport?: (store: CompareStore, kind: CompareExportKind) => void;
}) {
  const store = useCompareApi();
  const recorded = useCompare(selectAllRecorded);
  const scenarios = useCompare(selectScenarios);
  const scenarioId = useCompare(selectScenarioId);
  const running = useCompare(selectAnyRunning);
  const laneCount = useCompare(selectLaneCount);
  const current = scenarios.find((scenario) => scenario.id === scenarioId);
  // The app writes the new scenario into the URL (a new history entry), so a reload opens it again.
  const chooseScenario = (id: string) => store.getState().actions.setScenario(id);
  return (
    <div className="shrink-0 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/70">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-1.5">
        <SelectField
          label="Scenario"
          layout="inline"
          value={scenarioId}
          options={scenarios.map((scenario) => ({
            value: scenario.id,
            label: clipLine(scenario.id),
          }))}
          onChange={chooseScenario}
          disabled={running}
          selectClassName="w-48"
          title={current ? clipLine(current.title) : undefined}
        />
        <ModelPicker disabled={running} layout="inline" />
        <div className="ml-auto flex shrink-0 items-center gap-1.5">
          <CopyLinkButton
            what="these lanes"
            link={() => pageLink(compareHash(store.getState(), { copied: true }))}
          />
          {onExport && (
            <Button
              size="sm"
              disabled={running || !recorded}
              onClick={() => onExport(store, 'html')}
              title={
                recorded
                  ? 'Save these lanes as one HTML page that opens read-only in any browser, offline'
                  : 'Export: run every lane first'
              }
            >
              Export HTML page
            </Button>
          )}
          {onExport && (
            <Button
              size="sm"
              disabled={running || !recorded}
              onClick={() => onExport(store, 'traces')}
              title={
                recorded
                  ? 'Save the lanes’ runs, each with its trace and scenario, as one library file (Open… brings them back)'
                  : 'Export: run every lane first'
              }
            >
              Export traces
            </Button>
          )}
          <PresentLanes />
          <Button
            size="sm"
            onClick={() => store.getState().actions.addLane()}
            disabled={laneCount >= MAX_LANES}
            title={
              laneCount >= MAX_LANES
                ? `At most ${MAX_LANES} lanes`
                : 'Add a lane with the last lane’s settings'
            }
          >
            <PlusIcon />
            Add lane
          </Button>
          {running ? (
            <Button
              size="sm"
              onClick={() => store.getState().actions.stopAll()}
              title="Stop every lane"
            >
              <StopIcon />
              Stop all
            </Button>
          ) : (
            <Button
              tone="primary"
              size="sm"
              onClick={() => void store.getState().actions.runAll()}
              title="Run every lane with its settings"
            >
              <PlayIcon />
              Run all
            </Button>
          )}
        </div>
      </div>
      <div className="flex h-9 items-center gap-3 overflow-x-auto border-t border-slate-200/70 px-3 dark:border-slate-800/70">
        <Presets />
      </div>
    </div>
  );
}
