import { useState } from 'react';
import { Button } from '../../components';
import { MAX_LANES, MIN_LANES, selectAlignment, type CompareLane } from '../../state/compare-store';
import { AttemptChips } from '../attempts';
import { DecisionRecordPane } from '../decision-record';
import { PhaseGraphPane } from '../phase-graph';
import { useRunStore } from '../run';
import { useCompare, useCompareApi } from './compare-context';
import { CloseIcon, ForkIcon, PlayIcon, SlidersIcon } from '../../components/icons';
import { laneLetter } from './labels';
import { LaneSettings } from './LaneSettings';
import { LaneStatus } from './LaneStatus';
import { useReadOnly } from './read-only';
import {
  selectBaseline,
  selectLaneCount,
  selectRow,
  selectRunCursor,
  selectRunStatus,
  selectRunStepCount,
  selectRunTrace,
} from './selectors';

export interface LaneCardProps {
  readonly lane: CompareLane;
  readonly index: number;
}

/** Where the lane's record stands against the shared cursor, and "Fork from here". */
function RecordBar({ lane, index }: LaneCardProps) {
  const compare = useCompareApi();
  const recorded = useRunStore(selectRunTrace) !== null;
  const cursor = useRunStore(selectRunCursor);
  const stepCount = useRunStore(selectRunStepCount);
  const row = useCompare(selectRow);
  const alignment = useCompare(selectAlignment);
  const laneCount = useCompare(selectLaneCount);
  const readOnly = useReadOnly();
  const shown = stepCount === 0 ? null : Math.min(cursor ?? stepCount - 1, stepCount - 1);
  const gap = row !== null && alignment.rows[row]?.cells[index] === null;
  const full = laneCount >= MAX_LANES;
  const canFork = recorded && shown !== null && !full;
  const title = full
    ? `At most ${MAX_LANES} lanes: remove one to fork`
    : shown === null || !recorded
      ? 'Run the lane first, then fork from one of its steps'
      : `Replay steps before step ${shown} without calling the model, then run from step ${shown} on live with other settings`;
  return (
    <div className="flex h-9 shrink-0 items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-800">
      <p className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-300">
        {shown === null ? (
          'No step yet'
        ) : gap ? (
          <>
            <span className="font-medium text-amber-800 dark:text-amber-300">
              No step at row {(row ?? 0) + 1}
            </span>{' '}
            · showing its step {shown}
          </>
        ) : row !== null ? (
          `Row ${row + 1} · step ${shown}`
        ) : cursor === null ? (
          'Following the run'
        ) : (
          `Step ${shown}`
        )}
      </p>
      {!readOnly && (
        <Button
          size="sm"
          tone="ghost"
          className="ml-auto h-7"
          disabled={!canFork}
          title={title}
          onClick={() => {
            if (shown !== null) compare.getState().actions.fork(lane.id, shown);
          }}
        >
          <ForkIcon />
          Fork from here
        </Button>
      )}
    </div>
  );
}

/**
 * One lane inside its own run store's provider: its header (letter, label, status, Run lane,
 * settings, remove), its settings, a small phase graph and the decision record of the step the
 * shared cursor puts it on.
 */
export function LaneCard({ lane, index }: LaneCardProps) {
  const compare = useCompareApi();
  const status = useRunStore(selectRunStatus);
  const laneCount = useCompare(selectLaneCount);
  const baseline = useCompare(selectBaseline);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const readOnly = useReadOnly();
  const letter = laneLetter(index);
  const running = status === 'running';
  const settingsId = `lane-settings-${lane.id}`;

  return (
    <section
      aria-label={`Lane ${letter}: ${lane.label}`}
      className="@container flex min-h-0 min-w-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <header className="flex items-center gap-2 px-3 pt-2">
        <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded bg-slate-800 text-[11px] font-semibold text-white dark:bg-slate-200 dark:text-slate-900">
          {letter}
        </span>
        <h3 className="min-w-0 truncate text-sm font-semibold" title={lane.label}>
          {lane.label}
        </h3>
        {index === baseline && (
          <span className="shrink-0 rounded border border-slate-300 px-1 text-[10px] font-medium tracking-wide text-slate-600 uppercase dark:border-slate-600 dark:text-slate-300">
            Baseline
          </span>
        )}
        {!readOnly && (
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <Button
              size="sm"
              className="h-7 px-2"
              onClick={() => void compare.getState().actions.runLane(lane.id)}
              disabled={running}
              aria-label="Run lane"
              title={
                lane.fork ? 'Replay the fork’s prefix, then run on live' : 'Run this lane alone'
              }
            >
              <PlayIcon />
              <span className="hidden @md:inline">Run lane</span>
            </Button>
            <Button
              size="icon"
              tone={settingsOpen ? 'secondary' : 'ghost'}
              className="h-7 w-7"
              aria-label="Lane settings"
              aria-expanded={settingsOpen}
              aria-controls={settingsId}
              title={settingsOpen ? 'Hide the settings form' : 'Edit this lane’s settings'}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              <SlidersIcon />
            </Button>
            <Button
              size="icon"
              tone="ghost"
              className="h-7 w-7"
              aria-label={`Remove lane ${letter}`}
              title={laneCount <= MIN_LANES ? `At least ${MIN_LANES} lanes` : 'Remove this lane'}
              disabled={laneCount <= MIN_LANES}
              onClick={() => compare.getState().actions.removeLane(lane.id)}
            >
              <CloseIcon />
            </Button>
          </div>
        )}
      </header>
      <div id={settingsId} className="pt-1">
        <LaneSettings
          lane={lane}
          index={index}
          open={settingsOpen && !readOnly}
          disabled={running}
          status={<LaneStatus lane={lane} />}
        />
      </div>
      {lane.fork && (
        <p className="mx-3 mb-2 flex items-center gap-1.5 rounded bg-slate-100 px-2 py-1 text-[11px] text-slate-600 dark:bg-slate-800/70 dark:text-slate-300">
          <ForkIcon />
          <span className="min-w-0 truncate">
            Forked from <span className="font-medium">{lane.fork.sourceLabel}</span>:{' '}
            {lane.fork.atStep === 0
              ? 'runs live from step 0'
              : `${lane.fork.atStep === 1 ? 'step 0' : `steps 0–${lane.fork.atStep - 1}`} replayed without calling the model, live from step ${lane.fork.atStep}`}
          </span>
        </p>
      )}
      {/* A lane of several attempts: one chip each; pressing one scopes the lane's graph to it. */}
      <div className="mx-3 mb-1.5 empty:hidden">
        <AttemptChips />
      </div>
      {/* Narrow lanes stack the graph over the record; wide ones put them side by side. */}
      <div className="grid min-h-0 flex-1 grid-rows-[15rem_minmax(0,1fr)] border-t border-slate-200 @xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] @xl:grid-rows-1 dark:border-slate-800">
        <div className="min-h-0 min-w-0 border-b border-slate-200 @xl:border-r @xl:border-b-0 dark:border-slate-800">
          <PhaseGraphPane initialMode="unrolled" />
        </div>
        <div className="flex min-h-0 min-w-0 flex-col">
          <RecordBar lane={lane} index={index} />
          <div className="min-h-0 flex-1 overflow-auto">
            <DecisionRecordPane />
          </div>
        </div>
      </div>
    </section>
  );
}
