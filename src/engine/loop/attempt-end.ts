/**
 * The end of an attempt and of the run: the reward source gives the reward (the verifier, none,
 * or the model judge's extra call), then either the reflection between attempts is asked for or
 * the run finishes. Gathering, acting and answering all end attempts here; this module imports
 * none of them, so the phase modules import one way.
 */
import {
  ATTEMPT_REFLECTION_SYSTEM,
  JUDGE_SYSTEM,
  attemptReflectionPrompt,
  framingFor,
  judgePrompt,
  needsReflection,
  parseJudgeReply,
  verifyAnswer,
} from '../attempts';
import type { RewardSource } from '../config';
import type { PhaseId } from '../machine';
import type { JudgeRecord, ModelCallRecord, RunError, StopReason } from '../trace/types';
import {
  addMetrics,
  callModel,
  decision,
  emit,
  openConversation,
  record,
  take,
  type Draft,
  type Effect,
} from './kit';

/** The attempt's steps a reward or a reflection reads (the judge's own step left out). */
function attemptSteps(s: Draft) {
  return [...s.history.steps.from(s.attemptStart)].filter((step) => step.kind !== 'judge');
}

/** The reward source in effect: the `verifier` of a scenario without one gives none. */
export function rewardSourceOf(s: Draft): RewardSource {
  const source = s.config.rewardSource;
  return source === 'verifier' && !s.scenario.verify ? 'none' : source;
}

/**
 * The attempt is over. With the `judge` reward source one more model call scores it first (in
 * the phase the attempt ended in); otherwise the verifier gives the reward (none without one, or
 * with the `none` source) and `concludeAttempt` decides at once.
 */
export function endAttempt(s: Draft, fx: Effect[], stopReason: StopReason): void {
  s.stopReason = stopReason;
  const { verify, task } = s.scenario;
  const source = rewardSourceOf(s);
  if (source === 'judge') {
    s.callConversation = openConversation(s, [
      { role: 'system', content: JUDGE_SYSTEM },
      { role: 'user', content: judgePrompt(task, attemptSteps(s)) },
    ]);
    callModel(s, fx, 'attempt-judge', null);
    return;
  }
  const reward =
    source === 'verifier' && verify ? verifyAnswer(s.answer, verify.answerIncludes) : null;
  concludeAttempt(s, fx, reward);
}

/** The judge replied: its step records the call and the score (or why there is none). */
export function onJudgeReply(
  s: Draft,
  fx: Effect[],
  text: string,
  modelCall: ModelCallRecord,
): void {
  const verdict = parseJudgeReply(text);
  recordJudge(s, fx, modelCall, {
    score: verdict.score,
    reason: verdict.reason,
    problem: verdict.problem,
  });
}

/** The judge's call failed: the reward is unknown, the step says why, and the run goes on. */
export function onJudgeFailed(s: Draft, fx: Effect[], error: RunError): void {
  // The request was sent (and may be billed): it counts like a call that replied.
  addMetrics(s, { llmCalls: 1 });
  const problem = `The judge call failed (${error.message}): the reward is unknown.`;
  recordJudge(s, fx, null, { score: null, reason: null, problem });
}

function recordJudge(
  s: Draft,
  fx: Effect[],
  modelCall: ModelCallRecord | null,
  judge: JudgeRecord,
): void {
  s.pending = null;
  record(s, fx, {
    kind: 'judge',
    modelCall,
    reward: judge.score,
    decision: decision('reflect'),
    judge,
  });
  concludeAttempt(s, fx, judge.score);
}

/**
 * The reward is known (or not): when attempts remain and it is unknown or below the threshold,
 * a reflection on the attempt follows; otherwise the run finishes.
 */
function concludeAttempt(s: Draft, fx: Effect[], reward: number | null): void {
  const stopReason = s.stopReason ?? 'error';
  const threshold = s.config.rewardThreshold;
  const retry = s.attempt < s.config.attempts && needsReflection(reward, threshold);
  emit(fx, { type: 'attempt-end', attempt: s.attempt, stopReason, reward, retry });
  if (!retry) {
    finishRun(s, fx);
    return;
  }
  const framing = framingFor(reward, threshold);
  take(s, fx, `retry-from-${s.phase as PhaseId}`, s.history.length);
  s.callConversation = openConversation(s, [
    { role: 'system', content: ATTEMPT_REFLECTION_SYSTEM },
    {
      role: 'user',
      content: attemptReflectionPrompt(s.scenario.task, attemptSteps(s), reward, framing),
    },
  ]);
  callModel(s, fx, 'attempt-reflection', null, { reward, framing });
}

/** The run is over: nothing is pending, `run-end` carries the stop reason and the metrics. */
export function finishRun(s: Draft, fx: Effect[]): void {
  s.done = true;
  s.pending = null;
  emit(fx, { type: 'run-end', stopReason: s.stopReason ?? 'error', metrics: s.metrics });
}
