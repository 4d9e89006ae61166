/**
 * Why a run took a transition, in a few words ("stall: 1 empty call", "duplicate call: get_order"),
 * read from the step that took it: its trigger, its policy decision, its observation and the
 * steps before it. A guard transition reads as its guard, a gate as its trigger, both named by the
 * machine's transition data, so a new guard transition or gate has a reason without being named
 * here. Pure; the phase graph summarises these per edge.
 */
import {
  GUARDS,
  type Escalation,
  type Guard,
  type PathEntry,
  type Step,
  type TransitionSpec,
  type Trigger,
} from '../engine';
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

/** The step that took a transition, with what its reason may read. */
interface Taken {
  readonly steps: readonly Step[];
  readonly index: number;
  readonly step: Step;
  /** The run's escalation: it only sharpens the fabrication reason. */
  readonly escalation: Escalation | null;
}

/** A reason's wording; `taken` is null for an entry without a step (a budget stop). */
type Wording = (taken: Taken | null) => string | null;

/** Wording that reads the step: none until the step is recorded. */
const fromStep =
  (wording: (taken: Taken) => string): Wording =>
  (taken) =>
    taken ? wording(taken) : null;

const toolOf = (step: Step) => step.decision.action?.tool;

/** Guards whose reason says more than their name; any other guard reads as its GUARDS name. */
const GUARD_WORDING: Partial<Record<Guard, Wording>> = {
  max_steps: () => 'step budget used up',
  duplicate_tool_call: fromStep(({ step }) => {
    const tool = toolOf(step);
    return tool ? `duplicate call: ${tool}` : 'duplicate call';
  }),
  stall_exit: fromStep(
    ({ steps, index, step }) =>
      `stall exit: ${plural(emptyCallsBefore(steps, index + 1, step.attempt), 'empty call')}`,
  ),
  fabrication: fromStep(({ escalation }) => {
    const missing = missingEvidence(escalation);
    return missing ? `fabrication: no ${missing}` : 'fabrication: no evidence';
  }),
  unparseable: fromStep(() => 'unparseable reply'),
};

/** Triggers whose gate says more than the trigger's name; any other reads as its name. */
const TRIGGER_WORDING: Partial<Record<Trigger, Wording>> = {
  stall: fromStep(({ steps, index, step }) => {
    const empty = emptyCallsBefore(steps, index, step.attempt);
    return empty > 0 ? `stall: ${plural(empty, 'empty call')}` : 'stall';
  }),
  cadence: fromStep(
    ({ steps, index, step }) =>
      `cadence: ${plural(actionsSinceReflection(steps, index, step.attempt), 'action')}`,
  ),
  duplicate: fromStep(() => 'duplicate call blocked'),
  high_confidence: fromStep(() => 'high retrieval confidence'),
};

/** The words of a flow transition (the working loop, attempts), read from its step. */
function flowReason(id: string, { step }: Taken): string | null {
  switch (id) {
    case 'choose-tool':
      return toolOf(step) ?? null;
    case 'observe':
      if (!step.observation) return null;
      if (!step.observation.ok) return 'tool error';
      return step.observation.empty ? 'empty' : 'found';
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
 * Pure: the reason behind one path entry, or null when the transition explains itself. `spec` is
 * the entry's transition in the machine (undefined when the machine lacks it); `escalation` is
 * the run's (the trace's) escalation, it only sharpens the fabrication reason.
 */
export function transitionReason(
  entry: PathEntry,
  spec: TransitionSpec | undefined,
  steps: readonly Step[],
  escalation: Escalation | null = null,
): string | null {
  const id = entry.transition;
  if (id.startsWith('model-error-')) return 'model call failed';
  if (id.startsWith('cancel-')) return 'cancelled';
  const index = entry.step;
  const step = index === null ? undefined : steps[index];
  const taken = index === null || !step ? null : { steps, index, step, escalation };
  if (spec?.guard) {
    const wording = GUARD_WORDING[spec.guard];
    return wording ? wording(taken) : GUARDS[spec.guard].name;
  }
  if (spec?.trigger) {
    const wording = TRIGGER_WORDING[spec.trigger];
    return wording ? wording(taken) : spec.trigger.replaceAll('_', ' ');
  }
  return taken ? flowReason(id, taken) : null;
}

/**
 * Pure: a short summary of many reasons, most frequent first, ties in first-seen order
 * ("found ×2 · empty"); at most `limit` kinds, then "+N more".
 */
export function summariseReasons(reasons: readonly string[], limit = 2): string | null {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return summariseCounts(counts, limit);
}

/** Pure: {@link summariseReasons} of reasons already counted (each reason's count, first seen first). */
export function summariseCounts(counts: ReadonlyMap<string, number>, limit = 2): string | null {
  if (counts.size === 0) return null;
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked
    .slice(0, limit)
    .map(([reason, count]) => (count > 1 ? `${reason} ×${count}` : reason));
  const rest = ranked.length - limit;
  return rest > 0 ? `${shown.join(' · ')} · +${rest} more` : shown.join(' · ');
}
