/** Pure helpers of the run store: settings merges and moving through a run's steps. */
import type { ConfigOverrides, Step } from '../engine';

/** Pure: a settings change over the current overrides; `reflection` merges field by field. */
export function mergeOverrides(current: ConfigOverrides, change: ConfigOverrides): ConfigOverrides {
  const { reflection, ...rest } = change;
  const merged: ConfigOverrides = { ...current, ...rest };
  if (reflection) merged.reflection = { ...current.reflection, ...reflection };
  return merged;
}

/** Steps a user jumps between: reflections (phases and between attempts) and guard decisions. */
export type StepMark = 'reflection' | 'guard';

/** Pure: whether a step is a reflection, or a guard's decision (a denied policy). */
export function isMarked(step: Step, mark: StepMark): boolean {
  if (mark === 'reflection')
    return step.kind === 'reflection' || step.kind === 'attempt_reflection';
  return step.decision.policy.outcome === 'denied';
}

/** Pure: the index of the next (1) or previous (-1) marked step after `from`, or null. */
export function nextMarkedStep(
  steps: readonly Step[],
  from: number,
  mark: StepMark,
  direction: 1 | -1,
): number | null {
  for (let i = from + direction; i >= 0 && i < steps.length; i += direction) {
    if (isMarked(steps[i] as Step, mark)) return i;
  }
  return null;
}
