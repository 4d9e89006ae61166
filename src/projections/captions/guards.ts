/** What a guard did, in words: a step's guard sentence and a row's guard moment. */
import type { Guard, Step } from '../../engine';
import { timelineMarks } from '../timeline';
import { isFinalAnswer } from './answers';
import type { CaptionLane } from './types';
import { plural } from './words';

/** Words per guard for an audience: what it is called. */
export const GUARD_NAME: Readonly<Record<Guard, string>> = {
  duplicate_tool_call: 'duplicate guard',
  fabrication: 'evidence guard',
  unparseable: 'format check',
  max_steps: 'step budget',
  stall_exit: 'stall guard',
};

/** Pure: what `guard` did at the step, as a sentence (or the evidence guard being off), or null. */
export function guardSentence(lane: CaptionLane, step: Step, guard: Guard | null): string | null {
  const { trace } = lane;
  const { config } = trace;
  const action = step.decision.action;
  const denied = step.decision.policy.outcome === 'denied';
  switch (guard) {
    case 'duplicate_tool_call': {
      const call = action ? ` to ${action.tool}` : '';
      return step.kind === 'escalate'
        ? `The duplicate guard stopped a repeated call${call} and handed the case to a person.`
        : `The duplicate guard stopped a repeated call${call}: ${lane.label} gets back what it already had.`;
    }
    case 'fabrication':
      return step.decision.evidenceRefs.length === 0
        ? 'The evidence guard rejected an answer that cited nothing it had seen, and handed the case to a person.'
        : 'The evidence guard rejected an answer that claims more than what it had seen, and handed the case to a person.';
    case 'unparseable':
      return step.kind === 'reprompt'
        ? 'The model’s reply was neither a tool call nor an answer, so the loop asks it again.'
        : 'The model’s reply was neither a tool call nor an answer, so the run stops and hands the case to a person.';
    case 'stall_exit':
      return `The stall guard stopped ${lane.label}: ${plural(config.stallExit, 'tool call')} in a row found nothing new.`;
    case 'max_steps':
      return `The step budget ran out: ${lane.label} used all ${plural(config.maxSteps, 'step')} without an answer.`;
    case null:
      break;
  }
  if (
    step.kind === 'answer' &&
    !denied &&
    !config.fabricationGuard &&
    trace.metrics.fabricationHits > 0 &&
    isFinalAnswer(trace, step)
  ) {
    return 'The evidence guard is off, so an answer that claims more than the run saw goes out unchecked.';
  }
  return null;
}

/** Guard moments in words, given the lanes' names (one function per kind, so they group). */
const MOMENT_WORDS: Readonly<Record<Guard | 'unchecked', (labels: string) => string>> = {
  duplicate_tool_call: (labels) => `the duplicate guard stops ${labels}`,
  fabrication: (labels) => `the evidence guard rejects an answer from ${labels}`,
  unparseable: (labels) => `the format check stops ${labels}`,
  max_steps: (labels) => `the step budget runs out for ${labels}`,
  stall_exit: (labels) => `the stall guard stops ${labels}`,
  unchecked: (labels) => `an unchecked answer from ${labels} goes out`,
};

/**
 * Pure: the moment of the guard at the lane's step, as a function of the lanes' names; the same
 * function for the same guard, so lanes stopped by one guard group into one phrase.
 */
export function guardMoment(lane: CaptionLane, step: Step): (labels: string) => string {
  const guard = timelineMarks(lane.trace.steps, lane.trace.path).guards.get(step.index);
  return MOMENT_WORDS[guard ?? 'unchecked'];
}
