/**
 * Pause and Step for a live run: a gate the run's model waits at before each call. Open, calls
 * pass; paused, they wait until the run resumes, or until Step lets exactly one through.
 */
import type { Clock, ModelAdapter } from '../engine';

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

/**
 * A run's clock that stands still while the run waits at the gate: time a person spends before
 * pressing Step is not model time, so a call's latency and time to first token leave it out.
 * A run that never waits reads the clock it wraps, unchanged.
 */
export interface HeldClock extends Clock {
  /** Runs `waiting` with the clock held; it goes on once `waiting` settles. */
  hold<T>(waiting: Promise<T>): Promise<T>;
  /** The time spent held so far, in the wrapped clock's ms (the gate's wait, shown apart). */
  heldMs(): number;
}

/** Wraps `clock` so that it does not move while held (see `HeldClock`). */
export function heldClock(clock: Clock): HeldClock {
  let held = 0;
  let since: number | null = null;
  const heldMs = () => held + (since === null ? 0 : clock.now() - since);
  return {
    now: () => clock.now() - heldMs(),
    heldMs,
    async hold(waiting) {
      since = clock.now();
      try {
        return await waiting;
      } finally {
        held += clock.now() - since;
        since = null;
      }
    },
  };
}

/**
 * The run's model behind the gate: each call first waits there (Pause, Step), with `clock` (the
 * run's) held meanwhile, so the wait is not counted as the call's time.
 */
export function gatedModel(model: ModelAdapter, gate: RunGate, clock?: HeldClock): ModelAdapter {
  return {
    name: model.name,
    async *stream(request, options) {
      const waiting = gate.wait(options.signal);
      await (clock ? clock.hold(waiting) : waiting);
      yield* model.stream(request, options);
    },
  };
}
