/** The presenter store's shape, its sources and speeds. Types and pure helpers; no React. */
import type { StoreApi } from 'zustand/vanilla';
import type { Scenario, TokenCounter, Trace } from '../engine';
import type { Presentation } from '../projections/presentation';
import type { LaneSpec } from './compare-presets';
import type { Demo, DemoId } from './demos';
import type { RunStatus } from './run-store-types';
import type { Timer } from './timer';

export type PresenterSpeed = 0.5 | 1 | 2 | 4;

/** The speeds offered, slowest first. */
export const PRESENTER_SPEEDS: readonly PresenterSpeed[] = [0.5, 1, 2, 4];

/** How long a row stays on screen at 1×: time to read its caption aloud. */
export const BASE_DWELL_MS = 2500;

/**
 * - `preparing`: both lanes are recording.
 * - `ready`: recorded; the title card shows (no row yet).
 * - `playing`: a row every dwell.
 * - `paused`: by the user, or on a moment (`pausedFor` says which).
 * - `closing`: the closing slide.
 * - `failed`: a lane could not record (`error` says why).
 */
export type PresenterPhase = 'preparing' | 'ready' | 'playing' | 'paused' | 'closing' | 'failed';

/** What to present: a curated demo, or two lanes of a scenario (opened from compare). */
export type PresenterSource =
  | { readonly demo: Demo }
  | { readonly scenarioId: string; readonly lanes: readonly [LaneSpec, LaneSpec] };

/** One lane while it records. */
export interface LaneProgress {
  readonly label: string;
  readonly status: RunStatus;
  readonly steps: number;
}

export interface PresenterState {
  /** The demo's title, or "ReAct vs ReflAct" for given lanes. */
  readonly title: string;
  /** One sentence on what to watch for. */
  readonly watch: string;
  readonly demoId: DemoId | null;
  readonly scenario: Scenario;
  /** The two lanes: the first is the baseline of the closing slide's deltas. */
  readonly lanes: readonly [LaneSpec, LaneSpec];
  readonly phase: PresenterPhase;
  readonly progress: readonly LaneProgress[];
  /** Built once both lanes recorded. */
  readonly presentation: Presentation | null;
  /** Each lane's trace, in the lanes' order, once both recorded (empty before): the library keeps them. */
  readonly traces: readonly Trace[];
  /** The row on screen; null: the title card before the first row. */
  readonly row: number | null;
  /** Why playback paused by itself ("ReflAct reflects and the runs part ways"), else null. */
  readonly pausedFor: string | null;
  readonly speed: PresenterSpeed;
  /** Pause on reflections, guard trips and where the runs part ways (default on). */
  readonly pauseOnMoments: boolean;
  readonly error: string | null;
  readonly actions: PresenterActions;
}

/** The presenter's actions: made once with the store. */
export interface PresenterActions {
  /** Records both lanes (once); returns the cleanup (stops the timer and the runs). */
  start(): () => void;
  play(): void;
  pause(): void;
  toggle(): void;
  next(): void;
  previous(): void;
  /** Back to the title card, not playing. */
  restart(): void;
  /** Back to the title card and play. */
  playAgain(): void;
  setSpeed(speed: PresenterSpeed): void;
  setPauseOnMoments(on: boolean): void;
  /** From the closing slide back to the last row. */
  leaveClosing(): void;
}

export type PresenterStore = StoreApi<PresenterState>;

export interface PresenterStoreOptions {
  readonly scenarios: readonly Scenario[];
  readonly source: PresenterSource;
  /** The timer the store plays on (the browser's, or a test's). */
  readonly timer: Timer;
  readonly speed?: PresenterSpeed;
  /** Counts the demo's tokens (the page's token worker); default the engine's counter. */
  readonly tokens?: TokenCounter;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Pure: the title, the words on what to watch, the scenario and the lanes of a source. */
export function describeSource(source: PresenterSource) {
  if ('demo' in source) {
    const { demo } = source;
    return {
      title: demo.title,
      watch: demo.description,
      demoId: demo.id,
      scenarioId: demo.scenarioId,
      lanes: demo.lanes,
    };
  }
  const lanes = source.lanes.map((lane) => ({
    ...lane,
    label: capitalised(lane.label),
  })) as unknown as readonly [LaneSpec, LaneSpec];
  return {
    title: `${lanes[0].label} vs ${lanes[1].label}`,
    watch: 'The same task, two settings: watch where the runs part ways, then what it cost.',
    demoId: null,
    scenarioId: source.scenarioId,
    lanes,
  };
}
