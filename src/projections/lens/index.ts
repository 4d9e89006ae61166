/**
 * The guards lens: where Loopscope's guards and gates would have acted on a recorded trace (any
 * native `Trace`, an imported one included), as "would have" marks beside the trace, never in it.
 */
import type { Trace } from '../../engine';
import { summarise } from './summary';
import type { Lens, LensMark, LensSettings } from './types';
import { lensWalk, walkLens } from './walk';

export type * from './types';
export { costFrom, countsText } from './summary';
export { guardOf, lensWalk, walkLens, type LensWalk } from './walk';
export { costText, duration, markText } from './words';

/** Pure: the lens of a trace under the settings: its marks, by step and transition, and summary. */
export function buildLens(trace: Trace, settings: LensSettings): Lens {
  return lensFromMarks(trace, walkLens(trace, settings));
}

function lensFromMarks(trace: Trace, marks: LensMark[]): Lens {
  const byStep = new Map<number, LensMark[]>();
  const byTransition = new Map<string, number[]>();
  for (const mark of marks) {
    const onStep = byStep.get(mark.step) ?? [];
    onStep.push(mark);
    byStep.set(mark.step, onStep);
    // An empty observation is a count, not a transition the loop would have taken instead.
    if (mark.kind === 'empty') continue;
    const steps = byTransition.get(mark.transition) ?? [];
    steps.push(mark.step);
    byTransition.set(mark.transition, steps);
  }
  return { marks, byStep, byTransition, summary: summarise(trace.steps, marks) };
}

const keys = new WeakMap<LensSettings, string>();

/** The settings a lens was built under, as a key (plain data; made once per settings object). */
function settingsKey(settings: LensSettings): string {
  let key = keys.get(settings);
  if (key === undefined) {
    key = JSON.stringify([settings.config, settings.evidenceRules ?? []]);
    keys.set(settings, key);
  }
  return key;
}

const lensCache = new WeakMap<Trace, { key: string; lens: Lens }>();

/**
 * Pure (memoised per trace, on the settings' value): `buildLens`, computed once per trace and
 * settings however many views ask.
 */
export function lensOf(trace: Trace, settings: LensSettings): Lens {
  const key = settingsKey(settings);
  const known = lensCache.get(trace);
  if (known?.key === key) return known.lens;
  const lens = buildLens(trace, settings);
  lensCache.set(trace, { key, lens });
  return lens;
}

/** The lens of a trace under the settings if `lensOf` or a finished `lensInPieces` built it. */
export function builtLens(trace: Trace, settings: LensSettings): Lens | undefined {
  const known = lensCache.get(trace);
  return known?.key === settingsKey(settings) ? known.lens : undefined;
}

/** A lens built a number of steps at a time (`advance`), so no one piece holds a thread long. */
export interface LensInPieces {
  /** Walks up to `steps` more steps; the lens once the whole trace is walked, else null. */
  advance(steps: number): Lens | null;
}

/**
 * Pure (the finished lens is memoised as `lensOf`'s is): `buildLens` in pieces; the lens it ends
 * with equals `buildLens`'s.
 */
export function lensInPieces(trace: Trace, settings: LensSettings): LensInPieces {
  const key = settingsKey(settings);
  let walk: ReturnType<typeof lensWalk> | null = null;
  return {
    advance(steps) {
      const known = lensCache.get(trace);
      if (known?.key === key) return known.lens;
      walk ??= lensWalk(trace, settings);
      if (!walk.visit(steps)) return null;
      const lens = lensFromMarks(trace, walk.marks);
      lensCache.set(trace, { key, lens });
      return lens;
    },
  };
}
