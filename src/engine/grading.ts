/** Grading a run against its scenario's `expected` (never shown to the model). */
import { verifyAnswer } from './attempts';
import type { Scenario } from './scenario/types';
import type { StopReason, Trace } from './trace/types';

/** Why a run is wrong: it stopped otherwise, escalated for another reason, or left parts out. */
export type GradeMiss = 'stop' | 'escalation' | 'missing';

/** A run graded against its scenario's `expected`: the one verdict every view shows. */
export interface RunGrade {
  readonly correct: boolean;
  /** Null when correct; else the first thing that makes it wrong. */
  readonly miss: GradeMiss | null;
  /** The stop the scenario expects (`answer` unless it says otherwise). */
  readonly expectedStop: StopReason;
  /** The expected answer parts the answer leaves out (empty unless `miss` is `missing`). */
  readonly missing: readonly string[];
}

/**
 * Pure: the run graded: correct when it stopped as expected (`answer` unless
 * `expected.stopReason` says otherwise, with the expected escalation reason if one is named) and
 * its answer holds every expected string (ignoring case); null when the scenario has no
 * `expected`, or when the run was stopped (cancelled) before it could answer.
 */
export function gradeRun(scenario: Scenario, trace: Trace): RunGrade | null {
  const { expected } = scenario;
  if (!expected) return null;
  const expectedStop: StopReason = expected.stopReason ?? 'answer';
  const wrong = (miss: GradeMiss, missing: readonly string[] = []): RunGrade => ({
    correct: false,
    miss,
    expectedStop,
    missing,
  });
  // A run someone stopped has no verdict: it did not get to answer, right or wrong.
  if (trace.stopReason === 'cancelled' && expectedStop !== 'cancelled') return null;
  if (trace.stopReason !== expectedStop) return wrong('stop');
  if (expected.escalation && trace.escalation?.reason !== expected.escalation) {
    return wrong('escalation');
  }
  const missing = expected.answerIncludes.filter(
    (part) => verifyAnswer(trace.answer, [part]) === 0,
  );
  if (missing.length > 0) return wrong('missing', missing);
  return { correct: true, miss: null, expectedStop, missing: [] };
}

/** Pure: `gradeRun`'s verdict alone; null when the scenario has no `expected`. */
export function isCorrect(scenario: Scenario, trace: Trace): boolean | null {
  return gradeRun(scenario, trace)?.correct ?? null;
}
