/** Helpers the phase graph's two modes share: tones, the current phase, the last path entry. */
import type { PathEntry, PhaseId, PhaseSpec, RunGrade, Step } from '../engine';
import { gradeLine } from './grade-words';
import type { NodeTone, PhaseGraphMachine, PhaseGraphRun } from './phase-graph';

const TERMINAL_TONE: Partial<Record<PhaseId, NodeTone>> = {
  answered: 'success',
  escalated: 'stop',
  failed: 'stop',
  cancelled: 'neutral',
};

/** Pure: how a phase looks, from its place in the machine. */
export function phaseTone(phase: PhaseSpec): NodeTone {
  if (phase.ends === 'no') return phase.id.includes('reflecting') ? 'reflect' : 'phase';
  return TERMINAL_TONE[phase.id] ?? 'warn';
}

/** "1 step", "2 steps". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const TARGETS = new WeakMap<PhaseGraphMachine, ReadonlyMap<string, string>>();

/** Each transition's target phase, built once per machine (a cursor move scans the whole path). */
function transitionTargets(machine: PhaseGraphMachine): ReadonlyMap<string, string> {
  let targets = TARGETS.get(machine);
  if (!targets) {
    targets = new Map(machine.transitions.map((spec) => [spec.id, spec.to]));
    TARGETS.set(machine, targets);
  }
  return targets;
}

/**
 * How far a path's steps climb in order: the entries before the first one without a step, and
 * whether their steps never go down there (then a cursor's entries are found by halving). Kept
 * per path array: the store replaces the path, never changes it.
 */
const ORDERED = new WeakMap<
  readonly PathEntry[],
  { readonly end: number; readonly sorted: boolean }
>();

function orderedPrefix(path: readonly PathEntry[]) {
  let known = ORDERED.get(path);
  if (!known) {
    let end = 0;
    let sorted = true;
    for (let previous = -Infinity; end < path.length; end++) {
      const step = (path[end] as PathEntry).step;
      if (step === null) break;
      if (step < previous) sorted = false;
      previous = step;
    }
    known = { end, sorted };
    ORDERED.set(path, known);
  }
  return known;
}

/** The first of `path`'s first `end` entries (steps in order) whose step is above `cursor`. */
function firstAbove(path: readonly PathEntry[], end: number, cursor: number): number {
  let low = 0;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (((path[middle] as PathEntry).step as number) > cursor) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Pure: the path entry the graph marks as last: the run's newest, or with a cursor the one that
 * led into the cursor's step (else the newest entry up to it). A cursor move on a 100,000-entry
 * path looks at the cursor step's few entries, not the whole path.
 */
export function lastEntryIndex(
  path: readonly PathEntry[],
  steps: readonly Step[],
  cursor: number | null,
  machine: PhaseGraphMachine,
): number {
  if (cursor === null) return path.length - 1;
  const phase = steps[cursor]?.phase;
  const targets = transitionTargets(machine);
  const into = (entry: PathEntry) => targets.get(entry.transition) === phase;
  const { end, sorted } = orderedPrefix(path);
  if (sorted) {
    // Entries up to `last` have steps ≤ cursor; those of the cursor's step end there.
    const last = firstAbove(path, end, cursor) - 1;
    let first = last;
    while (first >= 0 && (path[first] as PathEntry).step === cursor) first--;
    for (let i = first + 1; i <= last; i++) if (into(path[i] as PathEntry)) return i;
    return last;
  }
  let fallback = -1;
  for (let i = 0; i < path.length; i++) {
    const entry = path[i] as PathEntry;
    if (entry.step === null || entry.step > cursor) break;
    fallback = i;
    if (entry.step === cursor && into(entry)) return i;
  }
  return fallback;
}

/** Pure: the phase to highlight: the cursor step's phase, else the run's. */
export function currentPhase(run: PhaseGraphRun): PhaseId | null {
  const cursor = run.cursor ?? null;
  if (cursor !== null) return run.steps[cursor]?.phase ?? run.phase;
  return run.phase;
}

/**
 * Pure: the grade of the answer a node stands for, when the run ended on it and its scenario
 * grades it: the Answered phase of a run that stopped there, or that run's final answer step.
 */
export function endingGrade(run: PhaseGraphRun, phase: PhaseId, step?: Step): RunGrade | null {
  const grade = run.grade ?? null;
  if (!grade || run.live || run.phase !== 'answered') return null;
  if (step) return step.kind === 'answer' && step.index === run.steps.at(-1)?.index ? grade : null;
  return phase === 'answered' ? grade : null;
}

/** Pure: how a graded answer changes its node: tone, a word on the second line, the aria text. */
export function gradedLook(grade: RunGrade): { tone: NodeTone; word: string; aria: string } {
  return grade.correct
    ? { tone: 'success', word: '✓ correct', aria: 'correct answer' }
    : { tone: 'stop', word: '✗ wrong', aria: `wrong answer, ${gradeLine(grade)}` };
}
