/**
 * The presenter store: plays two lanes of one scenario (a curated demo, or two compare lanes) to
 * an audience. It wraps a compare store of the two lanes, records both runs on the built-in model
 * (in-process, simulated time on a virtual clock: seeded, so a demo plays the same way every
 * time), then steps through the aligned rows on a timer: captions in words, a pause at the rows
 * that matter (a reflection, a guard trip, where the runs part ways), and a closing slide.
 * Vanilla Zustand; the timer is injected (the app passes `setTimeout`/`clearTimeout`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scenario } from '../engine';
import type { CaptionLane } from '../projections/captions';
import { buildPresentation, type Presentation } from '../projections/presentation';
import {
  compareScenario,
  createCompareStore,
  selectAlignment,
  type CompareState,
  type CompareStore,
  type LaneSpec,
} from './compare-store';
import type { Demo, DemoId } from './demos';
import { createRunStore, type RunStatus, type RunStore } from './run-store';

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

/** The timer the store plays on (the browser's, or a test's). */
export interface PresenterTimer {
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

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
  /** The compare store of the two lanes (alignment, summary, each lane's cursor). */
  readonly compare: CompareStore;
  readonly phase: PresenterPhase;
  readonly progress: readonly LaneProgress[];
  /** Built once both lanes recorded. */
  readonly presentation: Presentation | null;
  /** The row on screen; null: the title card before the first row. */
  readonly row: number | null;
  /** Why playback paused by itself ("ReflAct reflects and the runs part ways"), else null. */
  readonly pausedFor: string | null;
  readonly speed: PresenterSpeed;
  /** Pause on reflections, guard trips and where the runs part ways (default on). */
  readonly pauseOnMoments: boolean;
  readonly error: string | null;

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
  readonly timer: PresenterTimer;
  readonly speed?: PresenterSpeed;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describeSource(source: PresenterSource) {
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

const failureOf = (compare: CompareState): string | null => {
  for (const lane of compare.lanes) {
    const error = compare.runs[lane.id]?.error;
    if (error) return `${lane.label} could not record: ${error.message}`;
  }
  return null;
};

/** Creates a presenter's store; nothing runs until `start()`. */
export function createPresenterStore(options: PresenterStoreOptions): PresenterStore {
  const { scenarios, timer } = options;
  const described = describeSource(options.source);
  const compare = createCompareStore({
    scenarios,
    scenarioId: described.scenarioId,
    lanes: described.lanes,
  });
  let handle: unknown = null;

  return createStore<PresenterState>()((set, get) => {
    const stopTimer = () => {
      if (handle === null) return;
      timer.clearTimeout(handle);
      handle = null;
    };
    const schedule = () => {
      stopTimer();
      handle = timer.setTimeout(() => {
        handle = null;
        if (get().phase === 'playing') advance(true);
      }, BASE_DWELL_MS / get().speed);
    };
    const show = (row: number | null) => {
      set({ row });
      compare.getState().setRow(row);
    };
    const lastRow = () => (get().presentation?.rows.length ?? 0) - 1;
    const recorded = () => get().presentation !== null && get().phase !== 'failed';

    /** One row on; past the last, the closing slide. Playback pauses on a moment. */
    const advance = (auto: boolean) => {
      const { presentation, row } = get();
      if (!presentation) return;
      const next = row === null ? 0 : row + 1;
      if (next > lastRow()) {
        stopTimer();
        set({ phase: 'closing', pausedFor: null });
        return;
      }
      show(next);
      const moment = presentation.rows[next]?.moment ?? null;
      if (auto && moment && get().pauseOnMoments) {
        stopTimer();
        set({ phase: 'paused', pausedFor: moment });
        return;
      }
      if (get().phase === 'playing') schedule();
    };

    /** Follows the recording; builds the presentation once both lanes are done. */
    const onCompare = (state: CompareState) => {
      if (get().phase !== 'preparing') return;
      const progress = state.lanes.map((lane) => ({
        label: lane.label,
        status: state.runs[lane.id]?.status ?? 'idle',
        steps: state.runs[lane.id]?.steps.length ?? 0,
      }));
      const error = failureOf(state);
      if (error) {
        set({ progress, phase: 'failed', error });
        return;
      }
      const traces = state.lanes.map((lane) => state.runs[lane.id]?.trace ?? null);
      const done = state.lanes.every((lane) => state.runs[lane.id]?.status === 'done');
      if (!done || traces.some((trace) => trace === null)) {
        set({ progress });
        return;
      }
      const lanes = state.lanes.map((lane, index): CaptionLane => ({
        label: lane.label,
        trace: traces[index]!,
      }));
      const presentation = buildPresentation(
        compareScenario(state),
        [lanes[0]!, lanes[1]!],
        selectAlignment(state),
      );
      set({ progress, presentation, phase: 'ready', row: null });
    };

    return {
      title: described.title,
      watch: described.watch,
      demoId: described.demoId,
      scenario: compareScenario(compare.getState()),
      lanes: described.lanes,
      compare,
      phase: 'preparing',
      progress: described.lanes.map((lane) => ({ label: lane.label, status: 'idle', steps: 0 })),
      presentation: null,
      row: null,
      pausedFor: null,
      speed: options.speed ?? 1,
      pauseOnMoments: true,
      error: null,

      start() {
        if (get().presentation !== null) return stopTimer;
        const state = compare.getState();
        const attached = state.lanes.map((lane) => {
          const store: RunStore = createRunStore(
            { scenarioId: state.scenarioId, overrides: lane.overrides },
            // No deps: the scenario's own model in-process, its simulated time on a virtual clock.
            { scenarios },
          );
          return { id: lane.id, store, detach: state.attach(lane.id, store) };
        });
        const unsubscribe = compare.subscribe(onCompare);
        let live = true;
        // The compare store starts given lanes as they attach; a lane a cleanup stopped before
        // it ran (a remount) starts here instead.
        queueMicrotask(() => {
          if (!live) return;
          for (const { id, store } of attached) {
            if (store.getState().runNumber === 0) void compare.getState().runLane(id);
          }
        });
        onCompare(compare.getState());
        return () => {
          live = false;
          unsubscribe();
          stopTimer();
          for (const { store, detach } of attached) {
            store.getState().actions.stop();
            detach();
          }
        };
      },

      play() {
        const { phase } = get();
        if (!recorded() || phase === 'playing') return;
        if (phase === 'closing') {
          get().playAgain();
          return;
        }
        set({ phase: 'playing', pausedFor: null });
        if (get().row === null) advance(false);
        else schedule();
      },

      pause() {
        if (get().phase !== 'playing') return;
        stopTimer();
        set({ phase: 'paused', pausedFor: null });
      },

      toggle() {
        if (get().phase === 'playing') get().pause();
        else get().play();
      },

      next() {
        const { phase } = get();
        if (!recorded() || phase === 'closing') return;
        if (phase !== 'playing') set({ phase: 'paused', pausedFor: null });
        else set({ pausedFor: null });
        advance(false);
      },

      previous() {
        const { phase, row } = get();
        if (!recorded()) return;
        if (phase === 'closing') {
          get().leaveClosing();
          return;
        }
        if (row === null) return;
        const back = row === 0 ? null : row - 1;
        show(back);
        if (phase === 'playing') schedule();
        else set({ phase: back === null ? 'ready' : 'paused', pausedFor: null });
      },

      restart() {
        if (!recorded()) return;
        stopTimer();
        show(null);
        set({ phase: 'ready', pausedFor: null });
      },

      playAgain() {
        get().restart();
        get().play();
      },

      setSpeed(speed) {
        set({ speed });
        if (get().phase === 'playing') schedule();
      },

      setPauseOnMoments(on) {
        set({ pauseOnMoments: on });
      },

      leaveClosing() {
        if (get().phase !== 'closing') return;
        show(lastRow());
        set({ phase: 'paused', pausedFor: null });
      },
    };
  });
}
