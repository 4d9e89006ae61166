/**
 * Why a run took a transition, in a few words ("stall: 1 empty call", "duplicate call: get_order"),
 * read from the step that took it: its trigger, its policy decision, its observation and the
 * steps before it. Pure; the phase graph summarises these per edge.
 */
import type { Escalation, PathEntry, Step } from '../engine';
import { plural } from './phase-graph-shared';

/** Consecutive empty tool calls of `attempt` before `index` (reflections do not reset them). */
function emptyCallsBefore(steps: readonly Step[], index: number, attempt: number): number {
  let count = 0;
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i] as Step;
    if (step.attempt !== attempt) break;
    if (step.kind !== 'action') continue;
    if (!step.observation?.empty) break;
    count += 1;
  }
  return count;
}

/** Action steps of `attempt` since its last reflection, before `index`. */
function actionsSinceReflection(steps: readonly Step[], index: number, attempt: number): number {
  let count = 0;
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i] as Step;
    if (step.attempt !== attempt || step.kind === 'reflection') break;
    if (step.kind === 'action') count += 1;
  }
  return count;
}

/** The field a fabrication escalation found missing ("needs agreed_resolution = true"), if named. */
function missingEvidence(escalation: Escalation | null): string | null {
  if (escalation?.reason !== 'fabrication') return null;
  return /needs\s+([\w.]+)/.exec(escalation.detail)?.[1] ?? null;
}

/**
 * Pure: the reason behind one path entry, or null when the transition explains itself.
 * `escalation` is the run's (the trace's) escalation; it only sharpens the fabrication reason.
 */
export function transitionReason(
  entry: PathEntry,
  steps: readonly Step[],
  escalation: Escalation | null = null,
): string | null {
  const id = entry.transition;
  if (id.startsWith('model-error-')) return 'model call failed';
  if (id.startsWith('cancel-')) return 'cancelled';
  if (id === 'budget-exhausted') return 'step budget used up';
  const index = entry.step;
  const step = index === null ? undefined : steps[index];
  if (index === null || !step) return null;
  const tool = step.decision.action?.tool;
  switch (id) {
    case 'reflect-stall': {
      const empty = emptyCallsBefore(steps, index, step.attempt);
      return empty > 0 ? `stall: ${plural(empty, 'empty call')}` : 'stall';
    }
    case 'reflect-cadence':
      return `cadence: ${plural(actionsSinceReflection(steps, index, step.attempt), 'action')}`;
    case 'reflect-duplicate':
      return 'duplicate call blocked';
    case 'choose-tool':
      return tool ?? null;
    case 'observe':
      if (!step.observation) return null;
      if (!step.observation.ok) return 'tool error';
      return step.observation.empty ? 'empty' : 'found';
    case 'duplicate-blocked':
    case 'duplicate-escalate':
      return tool ? `duplicate call: ${tool}` : 'duplicate call';
    case 'stall-exit':
      return `stall exit: ${plural(emptyCallsBefore(steps, index + 1, step.attempt), 'empty call')}`;
    case 'fabrication': {
      const missing = missingEvidence(escalation);
      return missing ? `fabrication: no ${missing}` : 'fabrication: no evidence';
    }
    case 'unparseable':
    case 'reprompt':
      return 'unparseable reply';
    case 'high-confidence':
      return 'high retrieval confidence';
    case 'early-answer-empty':
      return 'empty early answer';
    case 'choose-escalate':
      return 'model escalated';
    case 'attempt-start':
      return `attempt ${step.attempt + 1}`;
    default:
      if (id.startsWith('retry-from-')) {
        return step.reward === null ? 'reward unknown' : `reward ${step.reward}`;
      }
      return null;
  }
}

/**
 * Pure: a short summary of many reasons, most frequent first, ties in first-seen order
 * ("found ×2 · empty"); at most `limit` kinds, then "+N more".
 */
export function summariseReasons(reasons: readonly string[], limit = 2): string | null {
  if (reasons.length === 0) return null;
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked
    .slice(0, limit)
    .map(([reason, count]) => (count > 1 ? `${reason} ×${count}` : reason));
  const rest = ranked.length - limit;
  return rest > 0 ? `${shown.join(' · ')} · +${rest} more` : shown.join(' · ');
}
