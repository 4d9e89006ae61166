/** One step of a lane's run in plain words: the step card's caption. */
import type { Guard, Scenario, Step } from '../../engine';
import { timelineKind, timelineMarks } from '../timeline';
import { answerGrade } from './answers';
import { doing } from './doing';
import { guardSentence } from './guards';
import { resultOf } from './tool-calls';
import type { CaptionKind, CaptionLane, StepCaption } from './types';
import { base, capital, said, sentence } from './words';

function kindOf(step: Step, guard: Guard | null): CaptionKind {
  if (step.decision.policy.outcome === 'denied' && step.kind === 'action') return 'denied';
  if (guard === 'duplicate_tool_call' && step.kind === 'action') return 'denied';
  return timelineKind(step);
}

/**
 * Pure: step `index` of a lane's run in plain words: what it did, what came back, why it
 * reflected and what it concluded, what a guard did, and whether an answer is right.
 */
export function stepCaption(
  scenario: Scenario,
  lane: CaptionLane,
  index: number,
): StepCaption | null {
  const { trace } = lane;
  const step = trace.steps[index];
  if (!step) return null;
  const guard = timelineMarks(trace.steps, trace.path).guards.get(step.index) ?? null;
  const { phrase, short, quote: spoken, why } = doing(scenario, lane, step);
  const result = resultOf(step);
  const grade =
    step.kind === 'answer' ? answerGrade(scenario, lane, step) : { correct: null, verdict: null };
  const whyPart = why ? ` ${why}` : '';
  return {
    kind: kindOf(step, guard),
    what: sentence(capital(`${said(phrase)}${whyPart}`)),
    short: said(short),
    sentence: sentence(`${lane.label} ${said(phrase)}${whyPart}`),
    plural: base(phrase),
    result: result ? sentence(capital(said(result))) : null,
    why,
    quote: spoken,
    guard: guardSentence(scenario, lane, step, guard),
    correct: grade.correct,
    verdict: grade.verdict,
  };
}
