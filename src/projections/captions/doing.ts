/** What a step did, as a verb phrase (long and short), the words it quotes, and why it reflected. */
import type { Scenario, Step } from '../../engine';
import { clip } from '../decision-record';
import { reflectionConclusion, reflectionWhy } from './reflections';
import { describeCall } from './tool-calls';
import type { CaptionLane, Phrase, StepCaption } from './types';
import { ANSWER_MAX, QUOTE_MAX, base } from './words';

/** What a step did in words: the phrase, its short form for a row, its quote and its why. */
export interface Doing {
  readonly phrase: Phrase;
  readonly short: Phrase;
  readonly quote: StepCaption['quote'];
  readonly why: string | null;
}

/** Pure: what the lane's step did, by kind: a call, a reflection, an answer, an escalation, … */
export function doing(scenario: Scenario, lane: CaptionLane, step: Step): Doing {
  const thought = step.thought?.trim()
    ? { label: 'Thinks' as const, text: clip(step.thought, QUOTE_MAX) }
    : null;
  const stock = step.reflection?.goalRelation.trim() || step.reflection?.state.trim() || '';
  const tookStock = stock ? { label: 'Takes stock' as const, text: clip(stock, QUOTE_MAX) } : null;
  switch (step.kind) {
    case 'action': {
      const action = step.decision.action;
      if (!action)
        return {
          phrase: { verb: 'act', rest: '' },
          short: { verb: 'act', rest: '' },
          quote: thought,
          why: null,
        };
      const words = describeCall(action.tool, action.args, scenario);
      const before = lane.trace.steps
        .slice(0, step.index)
        .some(
          (earlier) => earlier.decision.action?.tool === action.tool && earlier.kind === 'action',
        );
      return {
        phrase: words,
        short: before && words.again ? words.again : words,
        quote: tookStock ?? thought,
        why: null,
      };
    }
    case 'reflection': {
      const text = step.reflection?.state ?? step.modelCall?.text ?? '';
      return {
        phrase: { verb: 'stop', rest: 'to reflect' },
        short: { verb: 'stop', rest: 'to reflect' },
        quote: text.trim() ? { label: 'Concludes', text: reflectionConclusion(text) } : null,
        why: reflectionWhy(scenario, lane, step),
      };
    }
    case 'answer': {
      const early = step.trigger === 'high_confidence';
      return {
        phrase: early
          ? { verb: 'answer', rest: 'early: its search looked sure enough' }
          : { verb: 'answer', rest: '' },
        short: { verb: 'answer', rest: '' },
        quote: step.answer
          ? { label: 'Answer', text: clip(step.answer, ANSWER_MAX) }
          : (tookStock ?? thought),
        why: null,
      };
    }
    case 'escalate': {
      const action = step.decision.action;
      const byGuard = step.decision.policy.outcome === 'denied';
      const phrase: Phrase = !byGuard
        ? { verb: 'give', rest: 'up and hand the case to a person' }
        : action
          ? {
              verb: 'try',
              rest: `to ${base(describeCall(action.tool, action.args, scenario))} again`,
            }
          : step.answer
            ? { verb: 'try', rest: 'to answer' }
            : { verb: 'reply', rest: 'with something the loop cannot read' };
      return {
        phrase,
        short: byGuard
          ? { verb: 'get', rest: 'stopped by a guard' }
          : { verb: 'hand', rest: 'the case to a person' },
        quote: step.answer
          ? { label: 'Withheld answer', text: clip(step.answer, ANSWER_MAX) }
          : !action && step.modelCall?.text.trim()
            ? { label: 'Reply', text: clip(step.modelCall.text, QUOTE_MAX) }
            : thought,
        why: null,
      };
    }
    case 'reprompt':
      return {
        phrase: { verb: 'reply', rest: 'in prose instead of choosing a tool or an answer' },
        short: { verb: 'reply', rest: 'in prose' },
        quote: step.modelCall?.text.trim()
          ? { label: 'Reply', text: clip(step.modelCall.text, QUOTE_MAX) }
          : null,
        why: null,
      };
    case 'attempt_reflection':
      return {
        phrase: { verb: 'look', rest: 'back at what went wrong, then starts over' },
        short: { verb: 'start', rest: 'over' },
        quote: step.modelCall?.text.trim()
          ? { label: 'Concludes', text: clip(step.modelCall.text, QUOTE_MAX) }
          : null,
        why: null,
      };
    case 'judge':
      return {
        phrase: { verb: 'ask', rest: 'a model judge to score the attempt' },
        short: { verb: 'judge', rest: 'the attempt' },
        quote: step.judge?.reason
          ? { label: 'Concludes', text: clip(step.judge.reason, QUOTE_MAX) }
          : null,
        why: null,
      };
  }
}
