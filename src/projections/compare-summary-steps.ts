/**
 * What differs between the steps the compare lanes took at one aligned row: kind, call, policy,
 * trigger, observation and tokens, each as text per lane. Pure: no React.
 */
import type { Guard, Step } from '../engine';

const count = (value: number) => value.toLocaleString('en-US');

/** The aspects of a step the compare view sets side by side. */
export type StepAspect =
  'Step' | 'Tool and arguments' | 'Policy' | 'Trigger' | 'Observation' | 'Tokens';

export interface StepDifference {
  readonly aspect: StepAspect;
  /** One value per lane, as text ("—" where it does not apply). */
  readonly values: readonly string[];
  /** Per lane: its value is not the baseline lane's. */
  readonly differs: readonly boolean[];
}

const GUARD_WORD: Readonly<Record<Guard, string>> = {
  duplicate_tool_call: 'duplicate call guard',
  fabrication: 'fabrication guard',
  unparseable: 'unparseable reply',
  max_steps: 'step budget',
  stall_exit: 'stall exit',
};

const KIND_WORD: Readonly<Record<Step['kind'], string>> = {
  action: 'Tool call',
  reflection: 'Reflection',
  answer: 'Answer',
  escalate: 'Escalation',
  attempt_reflection: 'Reflection between attempts',
  reprompt: 'Reprompt',
  judge: 'Judge',
};

const NONE = '—';
/** A gap: the lane took no step at this row. */
export const GAP_WORD = 'no step here';

/** `search_logs(service: "search-api", window: "today")`. */
export function formatCall(step: Step): string | null {
  const action = step.decision.action;
  if (!action) return null;
  const args = Object.entries(action.args)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ');
  return `${action.tool}(${args})`;
}

function aspectValue(aspect: StepAspect, step: Step | null): string {
  if (!step) return aspect === 'Step' ? GAP_WORD : NONE;
  switch (aspect) {
    case 'Step':
      return KIND_WORD[step.kind];
    case 'Tool and arguments':
      return formatCall(step) ?? NONE;
    case 'Policy': {
      const { outcome, reason } = step.decision.policy;
      return outcome === 'allowed'
        ? 'allowed'
        : `denied by ${reason ? GUARD_WORD[reason] : 'a guard'}`;
    }
    case 'Trigger':
      return step.trigger ?? NONE;
    case 'Observation':
      if (!step.observation) return NONE;
      if (step.observation.repeatOf !== undefined)
        return `repeat of step ${step.observation.repeatOf}`;
      if (!step.observation.ok) return 'tool error';
      return step.observation.empty ? 'empty' : 'found something';
    case 'Tokens': {
      const usage = step.modelCall?.usage;
      return usage
        ? `${count(usage.promptTokens)} in · ${count(usage.completionTokens)} out`
        : NONE;
    }
  }
}

const ASPECTS: readonly StepAspect[] = [
  'Step',
  'Tool and arguments',
  'Policy',
  'Trigger',
  'Observation',
  'Tokens',
];

/**
 * Pure: the aspects in which the lanes' steps at one aligned row differ (a lane with a gap there
 * passes null), each with every lane's value and which lanes differ from the baseline lane.
 * Empty when they all did the same.
 */
export function stepDifferences(
  steps: readonly (Step | null)[],
  baseline: number,
): StepDifference[] {
  const differences: StepDifference[] = [];
  for (const aspect of ASPECTS) {
    const values = steps.map((step) => aspectValue(aspect, step));
    if (values.every((value) => value === values[0])) continue;
    const base = values[baseline];
    differences.push({ aspect, values, differs: values.map((value) => value !== base) });
  }
  return differences;
}
