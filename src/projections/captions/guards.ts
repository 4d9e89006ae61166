/** What a guard did, in words: a step's guard sentence and a row's guard moment. */
import { GUARDS, type Guard, type GuardSpec, type Scenario, type Step } from '../../engine';
import { timelineMarks } from '../timeline';
import { isFinalAnswer } from './answers';
import { describeCall } from './tool-calls';
import type { CaptionLane } from './types';
import { plural } from './words';

/** One value per guard of the machine, made from its spec. */
function perGuard<T>(make: (spec: GuardSpec) => T): Readonly<Record<Guard, T>> {
  const specs = Object.values(GUARDS);
  return Object.fromEntries(specs.map((spec) => [spec.id, make(spec)])) as Record<Guard, T>;
}

/** Words per guard for an audience: what it is called (the machine's `GUARDS[guard].name`). */
export const GUARD_NAME: Readonly<Record<Guard, string>> = perGuard((spec) => spec.name);

/**
 * Pure: what `guard` did at the step, as a sentence (or the evidence guard being off), or null.
 * A repeated call is named by what the scenario calls one ("a repeated lookup"), not its tool.
 */
export function guardSentence(
  scenario: Scenario,
  lane: CaptionLane,
  step: Step,
  guard: Guard | null,
): string | null {
  const { trace } = lane;
  const { config } = trace;
  const action = step.decision.action;
  const denied = step.decision.policy.outcome === 'denied';
  switch (guard) {
    case 'duplicate_tool_call': {
      const call = action ? describeCall(action.tool, action.args, scenario).noun : 'tool call';
      return step.kind === 'escalate'
        ? `The ${GUARD_NAME.duplicate_tool_call} stopped a repeated ${call} and handed the case to a person.`
        : `The ${GUARD_NAME.duplicate_tool_call} stopped a repeated ${call}: ${lane.label} gets back what it already had.`;
    }
    case 'fabrication':
      return step.decision.evidenceRefs.length === 0
        ? `The ${GUARD_NAME.fabrication} rejected an answer that cited nothing it had seen, and handed the case to a person.`
        : `The ${GUARD_NAME.fabrication} rejected an answer that claims more than what it had seen, and handed the case to a person.`;
    case 'unparseable':
      return step.kind === 'reprompt'
        ? 'The model’s reply was neither a tool call nor an answer, so the loop asks it again.'
        : 'The model’s reply was neither a tool call nor an answer, so the run stops and hands the case to a person.';
    case 'stall_exit':
      return `The ${GUARD_NAME.stall_exit} stopped ${lane.label}: ${plural(config.stallExit, 'tool call')} in a row found nothing new.`;
    case 'max_steps':
      return `The ${GUARD_NAME.max_steps} ran out: ${lane.label} used all ${plural(config.maxSteps, 'step')} without an answer.`;
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
    return `The ${GUARD_NAME.fabrication} is off, so an answer that claims more than the run saw goes out unchecked.`;
  }
  return null;
}

/** Guard moments in words, given the lanes' names: "the <name> <trips> <lanes>", per guard once. */
const MOMENT_WORDS: Readonly<Record<Guard, (labels: string) => string>> = perGuard(
  ({ name, trips }) =>
    (labels) =>
      `the ${name} ${trips} ${labels}`,
);

/** An answer that went out with the evidence guard off. */
const UNCHECKED_MOMENT = (labels: string) => `an unchecked answer from ${labels} goes out`;

/**
 * Pure: a guard's moment as a function of the lanes' names ("the duplicate guard stops A and
 * B"), or, for no guard, an unchecked answer going out. The same guard always gives the same
 * function, so lanes stopped by one guard group into one phrase.
 */
export function guardMomentWords(guard: Guard | null): (labels: string) => string {
  return guard === null ? UNCHECKED_MOMENT : MOMENT_WORDS[guard];
}

/** Pure: the moment of the guard at the lane's step (`guardMomentWords` of its guard). */
export function guardMoment(lane: CaptionLane, step: Step): (labels: string) => string {
  const guard = timelineMarks(lane.trace.steps, lane.trace.path).guards.get(step.index);
  return guardMomentWords(guard ?? null);
}
