/**
 * The presenter store: plays two lanes of one scenario (a curated demo, or two compare lanes) to
 * an audience. It records both runs with the engine's `runScenario` on the built-in model
 * (in-process, simulated time on a virtual clock: seeded, so a demo plays the same way every
 * time), then keeps only playback state: the row on screen, stepping through the aligned rows on
 * a timer, with captions in words, a pause at the rows that matter (a reflection, a guard trip,
 * where the runs part ways), and a closing slide. Vanilla Zustand; the timer is injected (the app
 * passes `setTimeout`/`clearTimeout`).
 */
import { createStore } from 'zustand/vanilla';
import { runScenario, scenarioConfig, type Trace } from '../engine';
import { alignAgainst } from '../projections/align';
import { buildPresentation } from '../projections/presentation';
import type { LaneSpec } from './compare-presets';
import {
  BASE_DWELL_MS,
  describeSource,
  type LaneProgress,
  type PresenterActions,
  type PresenterState,
  type PresenterStore,
  type PresenterStoreOptions,
} from './presenter-types';

export * from './presenter-types';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Creates a presenter's store; nothing runs until `start()`. */
export function createPresenterStore(options: PresenterStoreOptions): PresenterStore {
  const { scenarios, timer } = options;
  const described = describeSource(options.source);
  const scenario =
    scenarios.find((candidate) => candidate.id === described.scenarioId) ?? scenarios[0];
  if (!scenario) throw new Error('Loopscope: the presenter needs at least one scenario');
  let handle: unknown = null;
  /** The recording in flight (aborted by a cleanup). */
  let recording: AbortController | null = null;

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
    const show = (row: number | null) => set({ row });
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

    /** One lane recorded; its progress counts the steps as they end. */
    const record = async (lane: LaneSpec, index: number, signal: AbortSignal): Promise<Trace> => {
      const progress = (change: Partial<LaneProgress>) =>
        set((state) => ({
          progress: state.progress.map((entry, at) =>
            at === index ? { ...entry, ...change } : entry,
          ),
        }));
      progress({ status: 'running', steps: 0 });
      const trace = await runScenario(scenario, scenarioConfig(scenario, lane.overrides), {
        signal,
        ...(options.tokens ? { tokens: options.tokens } : {}),
        onEvent: (event) => {
          if (!signal.aborted && event.type === 'step-end') {
            progress({ steps: event.step.index + 1 });
          }
        },
      });
      if (!signal.aborted) progress({ status: 'done', steps: trace.steps.length });
      return trace;
    };

    /** Records both lanes, then builds the presentation (the alignment measured on the first). */
    const recordBoth = async (signal: AbortSignal) => {
      const { lanes } = described;
      try {
        const traces = await Promise.all(lanes.map((lane, index) => record(lane, index, signal)));
        if (signal.aborted) return;
        const alignment = alignAgainst(
          traces.map((trace) => trace.steps),
          0,
        );
        const presentation = buildPresentation(
          scenario,
          [
            { label: lanes[0].label, trace: traces[0]! },
            { label: lanes[1].label, trace: traces[1]! },
          ],
          alignment,
        );
        set({ presentation, traces, phase: 'ready', row: null });
      } catch (error) {
        if (signal.aborted) return;
        set({ phase: 'failed', error: `A lane could not record: ${errorText(error)}` });
      }
    };

    const actions: PresenterActions = {
      start() {
        if (get().presentation !== null) return stopTimer;
        recording?.abort();
        const controller = new AbortController();
        recording = controller;
        set({ phase: 'preparing', error: null });
        void recordBoth(controller.signal);
        return () => {
          controller.abort();
          if (recording === controller) recording = null;
          stopTimer();
        };
      },

      play() {
        const { phase } = get();
        if (!recorded() || phase === 'playing') return;
        if (phase === 'closing') {
          actions.playAgain();
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
        if (get().phase === 'playing') actions.pause();
        else actions.play();
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
          actions.leaveClosing();
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
        actions.restart();
        actions.play();
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

    return {
      title: described.title,
      watch: described.watch,
      demoId: described.demoId,
      scenario,
      lanes: described.lanes,
      phase: 'preparing',
      progress: described.lanes.map((lane) => ({ label: lane.label, status: 'idle', steps: 0 })),
      presentation: null,
      traces: [],
      row: null,
      pausedFor: null,
      speed: options.speed ?? 1,
      pauseOnMoments: true,
      error: null,

      actions,
    };
  });
}
