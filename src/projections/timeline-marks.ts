/**
 * Pure: the marks a user jumps between on the timeline, the reflections and the guard trips of a
 * run. A trip is a denied policy or a guard transition, with the guard the machine's transition
 * data names: nothing here names a transition, so a new guard transition marks its step by itself.
 */
import { TRANSITIONS, type Guard, type PathEntry, type Step, type TransitionSpec } from '../engine';

/** The steps a user jumps between, ascending. */
export interface TimelineMarks {
  readonly reflections: readonly number[];
  readonly guardTrips: readonly number[];
  /** The guard that tripped at each of `guardTrips`. */
  readonly guards: ReadonlyMap<number, Guard>;
}

/** Each machine's transitions by id (the engine's, or a test's copy with one more). */
const byIdCache = new WeakMap<readonly TransitionSpec[], ReadonlyMap<string, TransitionSpec>>();

/** Pure (memoised per array): the transitions by id. */
export function transitionsById(
  transitions: readonly TransitionSpec[],
): ReadonlyMap<string, TransitionSpec> {
  let specs = byIdCache.get(transitions);
  if (!specs) {
    specs = new Map(transitions.map((spec) => [spec.id, spec]));
    byIdCache.set(transitions, specs);
  }
  return specs;
}

/**
 * Pure: the step each path entry belongs to. An entry without a step (a budget stop, a model
 * error, a cancel) belongs to the last step recorded before it, or to none at the run's start.
 */
export function pathSteps(path: readonly PathEntry[]): (number | null)[] {
  let last: number | null = null;
  return path.map((entry) => {
    if (entry.step !== null) last = entry.step;
    return last;
  });
}

/**
 * Pure: the guard that tripped at each step: a denied policy, or a guard transition (the guard
 * it names in `transitions`, the machine's by default) taken at or after the step.
 */
export function guardTrips(
  steps: readonly Step[],
  path: readonly PathEntry[],
  transitions: readonly TransitionSpec[] = TRANSITIONS,
): ReadonlyMap<number, Guard> {
  const trips = new Map<number, Guard>();
  const specs = transitionsById(transitions);
  const owners = pathSteps(path);
  for (let position = 0; position < path.length; position++) {
    const owner = owners[position];
    if (owner === null || owner === undefined || owner >= steps.length) continue;
    const spec = specs.get(path[position]!.transition);
    if (spec?.kind === 'guard' && spec.guard !== null) trips.set(owner, spec.guard);
  }
  for (const step of steps) {
    const { outcome, reason } = step.decision.policy;
    if (outcome === 'denied' && reason) trips.set(step.index, reason);
  }
  return trips;
}

/**
 * Marks by transitions, steps and path array: selectors ask on every store change, the arrays
 * rarely change (and the transitions are the machine's).
 */
const marksCache = new WeakMap<
  readonly TransitionSpec[],
  WeakMap<readonly Step[], WeakMap<readonly PathEntry[], TimelineMarks>>
>();

/** Pure (memoised on its arrays): the reflections and guard trips of a run. */
export function timelineMarks(
  steps: readonly Step[],
  path: readonly PathEntry[],
  transitions: readonly TransitionSpec[] = TRANSITIONS,
): TimelineMarks {
  let bySteps = marksCache.get(transitions);
  if (!bySteps) {
    bySteps = new WeakMap();
    marksCache.set(transitions, bySteps);
  }
  let byPath = bySteps.get(steps);
  const known = byPath?.get(path);
  if (known) return known;
  const guards = guardTrips(steps, path, transitions);
  const marks: TimelineMarks = {
    reflections: steps
      .filter((step) => step.kind === 'reflection' || step.kind === 'attempt_reflection')
      .map((step) => step.index),
    guardTrips: [...guards.keys()].sort((a, b) => a - b),
    guards,
  };
  if (!byPath) {
    byPath = new WeakMap();
    bySteps.set(steps, byPath);
  }
  byPath.set(path, marks);
  return marks;
}

/** Pure: the next (1) or previous (-1) mark after `from` in ascending `marks`, or null. */
export function nextMark(marks: readonly number[], from: number, direction: 1 | -1): number | null {
  if (direction === 1) return marks.find((mark) => mark > from) ?? null;
  for (let i = marks.length - 1; i >= 0; i -= 1) {
    const mark = marks[i] as number;
    if (mark < from) return mark;
  }
  return null;
}
