/**
 * Building a long trace's lens without holding the main thread: a trace of up to
 * `AT_ONCE_STEPS` steps gets its lens at once (a few milliseconds); a longer one in pieces of
 * about `PIECE_MS` each, a task apiece, so a step selected or a key pressed meanwhile is handled
 * between them (built at once, a 100,000-step trace's lens took ~0.5 s in one task). One build
 * per trace and settings, however many panes wait for it; dropped when none waits any more.
 */
import type { Trace } from '../../engine';
import {
  builtLens,
  lensInPieces,
  lensOf,
  type Lens,
  type LensSettings,
} from '../../projections/lens';

/** Up to this many steps the lens is built in the render that asks for it. */
export const AT_ONCE_STEPS = 5_000;
/** Steps walked between two looks at the clock. */
const STEPS_PER_LOOK = 500;
/** A piece ends once it has run this long. */
const PIECE_MS = 8;

interface Build {
  readonly waiting: Set<() => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const builds = new WeakMap<Trace, Map<LensSettings, Build>>();

/** The lens, if it is built (or short enough to build now); else undefined. */
export function lensNow(trace: Trace, settings: LensSettings): Lens | undefined {
  if (trace.steps.length <= AT_ONCE_STEPS) return lensOf(trace, settings);
  return builtLens(trace, settings);
}

/**
 * Builds the lens in pieces, if it is not built yet, and calls `onBuilt` once it is. Returns
 * the way to stop waiting; the build stops when nothing waits for it.
 */
export function whenLensBuilt(
  trace: Trace,
  settings: LensSettings,
  onBuilt: () => void,
): () => void {
  if (builtLens(trace, settings)) {
    onBuilt();
    return () => {};
  }
  const forTrace = builds.get(trace) ?? new Map<LensSettings, Build>();
  builds.set(trace, forTrace);
  let build = forTrace.get(settings);
  if (!build) {
    const started: Build = { waiting: new Set(), timer: undefined };
    const pieces = lensInPieces(trace, settings);
    const piece = () => {
      const until = performance.now() + PIECE_MS;
      let lens: Lens | null = null;
      do lens = pieces.advance(STEPS_PER_LOOK);
      while (lens === null && performance.now() < until);
      if (lens === null) {
        started.timer = setTimeout(piece, 0);
        return;
      }
      forTrace.delete(settings);
      for (const notify of started.waiting) notify();
    };
    started.timer = setTimeout(piece, 0);
    forTrace.set(settings, started);
    build = started;
  }
  const running = build;
  running.waiting.add(onBuilt);
  return () => {
    running.waiting.delete(onBuilt);
    if (running.waiting.size > 0 || forTrace.get(settings) !== running) return;
    clearTimeout(running.timer);
    forTrace.delete(settings);
  };
}
