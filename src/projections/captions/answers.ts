/** An answer graded in words: right, wrong and what it leaves out, or a checker's verdict. */
import { gradeRun, type Scenario, type Step, type Trace } from '../../engine';
import type { CaptionLane } from './types';
import { possessive, quote } from './words';

/** Pure: whether the step gave the run's final answer (the last answer of a run that stopped on one). */
export function isFinalAnswer(trace: Trace, step: Step): boolean {
  if (trace.stopReason !== 'answer') return false;
  const last = [...trace.steps].reverse().find((candidate) => candidate.kind === 'answer');
  return last?.index === step.index;
}

/** Pure: an answer step's grade and the grade in words; nulls where nothing graded it. */
export function answerGrade(
  scenario: Scenario,
  lane: CaptionLane,
  step: Step,
): { correct: boolean | null; verdict: string | null } {
  const { trace } = lane;
  const owner = `${possessive(lane.label)} answer`;
  if (isFinalAnswer(trace, step)) {
    const grade = gradeRun(scenario, trace);
    if (grade === null) return { correct: null, verdict: null };
    const { correct, missing } = grade;
    if (correct) return { correct, verdict: `${owner} is correct.` };
    const verdict =
      grade.expectedStop === 'escalate'
        ? `${owner} should not have gone out: this case needs a person.`
        : missing.length
          ? `${owner} is wrong: it never mentions ${missing.map((part) => quote(part, 40)).join(' or ')}.`
          : `${owner} is not what the task asks for.`;
    return { correct, verdict };
  }
  // An attempt's answer is checked where the attempt ends (its reflection holds the reward).
  const checked = trace.steps.find(
    (later) =>
      later.index > step.index &&
      later.attempt === step.attempt &&
      later.kind === 'attempt_reflection',
  );
  if (checked?.reward !== null && checked?.reward !== undefined) {
    return checked.reward < trace.config.rewardThreshold
      ? { correct: false, verdict: `A checker finds ${owner} wrong, so it tries again.` }
      : { correct: true, verdict: `A checker accepts ${owner}.` };
  }
  return { correct: null, verdict: null };
}
