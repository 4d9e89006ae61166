/**
 * A recorded run as a value: what ran (the scenario, the settings), what it recorded (the
 * trace), how it ended, where it came from and when. Plain data, serialisable as it is, so a
 * library can store it and a file can carry it; a run store shows one (`actions.open`), live or
 * recorded, and `recordOf` reads one back out of a run store's state.
 */
import {
  scenarioConfig,
  type ConfigOverrides,
  type ForeignFormat,
  type ImportNote,
  type SpanRow,
  type UnmappedSpan,
  type LoopConfig,
  type Scenario,
  type Trace,
} from '../engine';
import type { RunFailure, RunState } from './run-store-types';

/** Where a run came from. */
export type RunOrigin =
  | { readonly kind: 'live' }
  /** Replayed from another run's trace before `atStep`, then live under other settings. */
  | { readonly kind: 'forked'; readonly fromRunId: string | null; readonly atStep: number }
  /** Opened from a file or another tool's trace; `source` names it (a file name, a format). */
  | { readonly kind: 'imported'; readonly source: string }
  /** Recorded again from a stored record without a model (a presenter's demo, say). */
  | { readonly kind: 'replayed' }
  /** A run of the eval matrix, kept with it (its row names it). */
  | { readonly kind: 'eval' };

/**
 * - `running`: live; the trace is not there yet.
 * - `done`: the run ended and left a trace (whatever its stop reason, a model fault included).
 * - `failed`: the run could not record a trace (it never started, or the engine threw).
 * - `interrupted`: it was live when the page went away; kept up to its last step.
 */
export type RecordStatus = 'running' | 'done' | 'failed' | 'interrupted';

/**
 * What a trace imported from another tool held beyond its steps: the format detected, the span
 * tree (each span typed, with the step it became or why not), what was not mapped, and notes.
 * Optional: records kept before imports existed, and every other run, have none.
 */
export interface ImportedSpans {
  readonly format: ForeignFormat;
  readonly formatLabel: string;
  readonly spans: readonly SpanRow[];
  readonly unmapped: readonly UnmappedSpan[];
  readonly notes: readonly ImportNote[];
}

export interface RunRecord {
  readonly id: string;
  readonly scenario: Scenario;
  /** The user's settings the run started with (what a lane or a URL names). */
  readonly overrides: ConfigOverrides;
  /** The settings resolved as the run used them (the trace's config once there is a trace). */
  readonly settings: LoopConfig;
  readonly trace: Trace | null;
  readonly status: RecordStatus;
  readonly error: RunFailure | null;
  readonly origin: RunOrigin;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | null;
  /** Set on a run imported from another tool's trace (see {@link ImportedSpans}). */
  readonly imported?: ImportedSpans;
}

/** Pure: a record of a finished trace (a file opened, a demo recorded). */
export function recordOfTrace(
  trace: Trace,
  fields: Pick<RunRecord, 'id' | 'scenario' | 'origin' | 'startedAt'> &
    Partial<Pick<RunRecord, 'overrides' | 'endedAt' | 'imported'>>,
): RunRecord {
  return {
    overrides: {},
    endedAt: fields.startedAt,
    ...fields,
    settings: trace.config,
    trace,
    status: 'done',
    error: null,
  };
}

/** Pure: the run a store shows, as a record; null before its first run. */
export function recordOf(state: RunState): RunRecord | null {
  const { shown, trace } = state;
  if (!shown || state.status === 'idle') return null;
  const status: RecordStatus = state.status === 'running' ? 'running' : trace ? 'done' : 'failed';
  return {
    ...shown,
    settings: trace?.config ?? scenarioConfig(shown.scenario, shown.overrides),
    trace,
    status,
    error: state.error,
  };
}
