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
 * Pure: the path entry the graph marks as last: the run's newest, or with a cursor the one that
 * led into the cursor's step (else the newest entry up to it).
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
