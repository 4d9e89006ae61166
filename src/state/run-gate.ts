/**
 * Pause and Step for a live run: a gate the run's model waits at before each call. Open, calls
 * pass; paused, they wait until the run resumes, or until Step lets exactly one through.
 */
import type { ModelAdapter } from '../engine';

export interface RunGate {
  readonly paused: boolean;
  pause(): void;
  resume(): void;
  /** Lets one waiting (or the next) call through and stays paused. */
  step(): void;
  /** Resolves when a call may go; rejects when `signal` aborts while it waits. */
  wait(signal?: AbortSignal): Promise<void>;
}

/** Creates a gate; `onChange` hears every pause and resume. */
export function createRunGate(onChange: (paused: boolean) => void = () => {}): RunGate {
  let paused = false;
  let credits = 0;
  const waiters: (() => void)[] = [];
  const release = () => {
    while (waiters.length && (!paused || credits > 0)) {
      if (paused) credits--;
      waiters.shift()?.();
    }
  };
  return {
    get paused() {
      return paused;
    },
    pause() {
      paused = true;
      onChange(true);
    },
    resume() {
      paused = false;
      credits = 0;
      onChange(false);
      release();
    },
    step() {
      credits++;
      release();
    },
    wait(signal) {
      if (!paused) return Promise.resolve();
      if (credits > 0) {
        credits--;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const go = () => resolve();
        waiters.push(go);
        signal?.addEventListener('abort', () => {
          const at = waiters.indexOf(go);
          if (at >= 0) waiters.splice(at, 1);
          reject(signal.reason);
        });
      });
    },
  };
}

/** The run's model behind the gate: each call first waits there (Pause, Step). */
export function gatedModel(model: ModelAdapter, gate: RunGate): ModelAdapter {
  return {
    name: model.name,
    async *stream(request, options) {
      await gate.wait(options.signal);
      yield* model.stream(request, options);
    },
  };
}
