/**
 * Pure: a run's attempts as the attempts strip shows them — each attempt's steps, outcome, reward
 * and where the reward came from, whether it was reflected on and why, and the reflection it left
 * (framing and the exact text the engine put into memory). Reads the steps and the path (a live
 * run's and a recorded one's alike); no React. The memory block of a prompt is in
 * `attempt-memory.ts`.
 */
import {
  parseReflectionPhase,
  verifyAnswer,
  type PathEntry,
  type PhaseId,
  type Step,
  type StopReason,
} from '../engine';

/**
 * Where an attempt's reward comes from. `verifier`: the scenario's environment check (1 or 0);
 * `none`: no check, the reward is unknown; `judge`: a model's score (weaker than an environment
 * check), recorded on the attempt's `judge` step.
 */
export type RewardSource = 'verifier' | 'none' | 'judge';

/** The reflection an attempt left for the next ones. */
export interface AttemptReflection {
  /** The `attempt_reflection` step that wrote it. */
  readonly step: number;
  readonly framing: 'failure' | 'neutral';
  /** Exactly what went into memory (the reply's thought, as the engine stores it). */
  readonly text: string;
}

/** What the model judge said of an attempt (reward source `judge`). */
export interface AttemptJudge {
  /** The `judge` step that recorded the call. */
  readonly step: number;
  readonly score: number | null;
  readonly reason: string | null;
  /** Why there is no score (the call failed, the reply held none), else null. */
  readonly problem: string | null;
  /** "0.2: The attempt answered after 1 of 2 lookups…", "reward unknown: the judge call failed (…)". */
  readonly text: string;
}

export interface AttemptSummary {
  /** 1-based, as the steps name it. */
  readonly attempt: number;
  /** The first and last step of the attempt (its reflection step included). */
  readonly firstStep: number;
  readonly lastStep: number;
  /** Steps the attempt took before it ended (its judge and reflection not counted). */
  readonly stepCount: number;
  /** How the attempt ended; null while it is still going. */
  readonly stopReason: StopReason | null;
  /** The attempt's answer (the text of its answer step), or null. */
  readonly answer: string | null;
  /** The reward; null when unknown (no verifier, or not known yet). */
  readonly reward: number | null;
  readonly rewardSource: RewardSource;
  /** "reward 0 · verifier", "reward unknown". */
  readonly rewardText: string;
  /** A reflection on this attempt followed. */
  readonly reflected: boolean;
  /** Why it was (or was not) reflected on, in the run's numbers. */
  readonly why: string;
  readonly reflection: AttemptReflection | null;
  /** The model judge's verdict, when a judge step scored the attempt; else null. */
  readonly judge: AttemptJudge | null;
}

/** What `buildAttempts` reads besides the steps. */
export interface AttemptsInput {
  readonly steps: readonly Step[];
  readonly path: readonly PathEntry[];
  /** The run's settings: how many attempts it may take and the reflection threshold. */
  readonly config: { readonly attempts: number; readonly rewardThreshold: number };
  readonly rewardSource: RewardSource;
  /** The scenario's verifier (for the last attempt's reward, which no step records). */
  readonly verify?: { readonly answerIncludes: readonly string[] } | null;
  /** How the run ended; null while it runs. */
  readonly stopReason: StopReason | null;
}

/** The phase an attempt ends in, as a stop reason. */
const END_PHASE: Partial<Record<PhaseId, StopReason>> = {
  answered: 'answer',
  escalated: 'escalate',
  stalled: 'stalled',
  'out-of-steps': 'max_steps',
};

/** Pure: the stop reason of each attempt that was reflected on, from its `retry-from-*` transition. */
function retryReasons(steps: readonly Step[], path: readonly PathEntry[]): Map<number, StopReason> {
  const reasons = new Map<number, StopReason>();
  for (const entry of path) {
    if (!entry.transition.startsWith('retry-from-') || entry.step === null) continue;
    const phase = entry.transition.slice('retry-from-'.length) as PhaseId;
    const reason = END_PHASE[phase];
    const attempt = steps[entry.step]?.attempt;
    if (reason && attempt !== undefined) reasons.set(attempt, reason);
  }
  return reasons;
}

/** Pure: a reward as a number to at most two places ("1", "0.2", "0.75"). */
export function rewardNumber(reward: number): string {
  return String(Number(reward.toFixed(2)));
}

/** Pure: the reward in words ("reward 1 · verifier", "reward unknown"). */
export function rewardText(reward: number | null, source: RewardSource): string {
  if (reward === null) {
    if (source === 'none') return 'reward unknown (no check)';
    return source === 'judge' ? 'reward unknown · model judge' : 'reward unknown';
  }
  return `reward ${rewardNumber(reward)} · ${source === 'judge' ? 'model judge' : 'verifier'}`;
}

/** The engine's problem sentences end so; the attempt's words say "reward unknown" first. */
const UNKNOWN_TAIL = /:\s*the reward is unknown\.?$/i;

/** Pure: the judge step of an attempt as the strip shows it. */
export function attemptJudge(step: Step): AttemptJudge {
  const record = step.judge ?? { score: step.reward, reason: null, problem: null };
  const { score, reason, problem } = record;
  let text: string;
  if (score === null) {
    const why = (problem ?? 'the judge gave no score').replace(UNKNOWN_TAIL, '');
    text = `reward unknown: ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
  } else {
    text = reason ? `${rewardNumber(score)}: ${reason}` : rewardNumber(score);
  }
  return { step: step.index, score, reason, problem, text };
}

/** Pure: why an attempt was (or was not) reflected on. */
export function reflectionReason(
  reward: number | null,
  threshold: number,
  reflected: boolean,
  last: { readonly isLast: boolean; readonly attemptsLeft: boolean; readonly running: boolean },
): string {
  if (reflected) {
    return reward === null
      ? 'reflected on: the reward is unknown, so every attempt is'
      : `reflected on: reward ${reward} is below the threshold ${threshold}`;
  }
  if (last.running) return 'still running';
  if (reward !== null && reward >= threshold)
    return `not reflected on: reward ${reward} meets the threshold ${threshold}`;
  if (!last.attemptsLeft) return 'not reflected on: no attempts left';
  return 'not reflected on';
}

/** An attempt's steps as `buildAttempts` reads them. */
interface AttemptSteps {
  readonly first: Step;
  last: Step;
  /** Its steps but the reflection on it and the judge's. */
  taken: number;
  reflection: Step | null;
  judge: Step | null;
  /** Its last answer step. */
  answer: Step | null;
}

/** Pure: one summary per attempt the steps name, in order. Empty before the first step. */
export function buildAttempts(input: AttemptsInput): readonly AttemptSummary[] {
  const { steps, path, config, rewardSource, verify = null, stopReason } = input;
  const reasons = retryReasons(steps, path);
  // One pass, no copies: a 100,000-step run is one attempt of 100,000 steps.
  const groups = new Map<number, AttemptSteps>();
  for (const step of steps) {
    let group = groups.get(step.attempt);
    if (!group) {
      group = { first: step, last: step, taken: 0, reflection: null, judge: null, answer: null };
      groups.set(step.attempt, group);
    }
    group.last = step;
    if (step.kind === 'attempt_reflection') group.reflection ??= step;
    else if (step.kind === 'judge') group.judge ??= step;
    else {
      group.taken += 1;
      if (step.kind === 'answer') group.answer = step;
    }
  }
  const numbers = [...groups.keys()].sort((a, b) => a - b);
  const lastNumber = numbers.at(-1);
  return numbers.map((attempt) => {
    const group = groups.get(attempt)!;
    const { reflection: reflectionStep, judge: judgeStep, answer: answerStep } = group;
    const answer = answerStep?.answer ?? null;
    const isLast = attempt === lastNumber;
    const judged = judgeStep !== null;
    const running = isLast && stopReason === null && reflectionStep === null;
    const ended = reasons.get(attempt) ?? (isLast && reflectionStep === null ? stopReason : null);
    // The judge's step holds its score; a reflected attempt's reward is on its reflection step;
    // the last one's, under the verifier, is the verifier's on its answer (no step records it).
    const reward = judgeStep
      ? judgeStep.reward
      : reflectionStep
        ? reflectionStep.reward
        : verify && !running && rewardSource === 'verifier'
          ? verifyAnswer(answer, verify.answerIncludes)
          : null;
    const text = reflectionStep?.modelCall
      ? parseReflectionPhase(reflectionStep.modelCall.text).thought
      : '';
    return {
      attempt,
      firstStep: group.first.index,
      lastStep: group.last.index,
      stepCount: group.taken,
      stopReason: ended,
      answer,
      reward,
      rewardSource,
      rewardText:
        running && !judged
          ? 'reward not known yet'
          : rewardText(reward, judged ? 'judge' : rewardSource),
      reflected: reflectionStep !== null,
      why: reflectionReason(reward, config.rewardThreshold, reflectionStep !== null, {
        isLast,
        attemptsLeft: attempt < config.attempts,
        running,
      }),
      reflection: reflectionStep
        ? { step: reflectionStep.index, framing: reflectionStep.framing ?? 'neutral', text }
        : null,
      judge: judgeStep ? attemptJudge(judgeStep) : null,
    };
  });
}

/** Pure: the attempt a step belongs to; null when there is no such step. */
export function attemptOfStep(steps: readonly Step[], index: number): number | null {
  return steps[index]?.attempt ?? null;
}

/** Pure: the steps of one attempt as an index range; null when the run has none of it. */
export function attemptRange(
  steps: readonly Step[],
  attempt: number,
): { readonly first: number; readonly last: number } | null {
  let first = -1;
  let last = -1;
  for (const step of steps) {
    if (step.attempt !== attempt) continue;
    if (first < 0) first = step.index;
    last = step.index;
  }
  return first < 0 ? null : { first, last };
}

/** Pure: "answered", "escalated", "stalled", "out of steps", "running". */
export function outcomeText(summary: AttemptSummary): string {
  switch (summary.stopReason) {
    case null:
      return 'running';
    case 'answer':
      return 'answered';
    case 'escalate':
      return 'escalated';
    case 'stalled':
      return 'stalled';
    case 'max_steps':
      return 'out of steps';
    case 'error':
      return 'model error';
    case 'cancelled':
      return 'cancelled';
  }
}
