/** Grading a run against its scenario's `expected` (never shown to the model). */
import { verifyAnswer } from './attempts';
import type { Scenario } from './scenario/types';
import type { Trace } from './trace/types';

/**
 * Pure: true when the run stopped as expected (`answer` unless `expected.stopReason` says
 * otherwise, with the expected escalation reason if one is named) and its answer holds every
 * expected string; null when the scenario has no `expected`.
 */
export function isCorrect(scenario: Scenario, trace: Trace): boolean | null {
  const { expected } = scenario;
  if (!expected) return null;
  if (trace.stopReason !== (expected.stopReason ?? 'answer')) return false;
  if (expected.escalation && trace.escalation?.reason !== expected.escalation) return false;
  return (
    expected.answerIncludes.length === 0 ||
    verifyAnswer(trace.answer, expected.answerIncludes) === 1
  );
}
