/**
 * The end of an attempt and of the run: verify gives the reward, then either the reflection
 * between attempts is asked for or the run finishes. Gathering, acting and answering all end
 * attempts here; this module imports none of them, so the phase modules import one way.
 */
import {
  ATTEMPT_REFLECTION_SYSTEM,
  attemptReflectionPrompt,
  framingFor,
  needsReflection,
  verifyAnswer,
} from '../attempts';
import type { PhaseId } from '../machine';
import type { StopReason } from '../trace/types';
import { callModel, emit, openConversation, take, type Draft, type Effect } from './kit';

/**
 * The attempt is over. Verify gives the reward (none without a verifier); when attempts remain
 * and the reward is unknown or below the threshold, a reflection on the attempt follows.
 */
export function endAttempt(s: Draft, fx: Effect[], stopReason: StopReason): void {
  s.stopReason = stopReason;
  const { verify, task } = s.scenario;
  const threshold = s.config.rewardThreshold;
  const reward = verify ? verifyAnswer(s.answer, verify.answerIncludes) : null;
  const retry = s.attempt < s.config.attempts && needsReflection(reward, threshold);
  emit(fx, { type: 'attempt-end', attempt: s.attempt, stopReason, reward, retry });
  if (!retry) {
    finishRun(s, fx);
    return;
  }
  const framing = framingFor(reward, threshold);
  take(s, fx, `retry-from-${s.phase as PhaseId}`, s.history.length);
  const steps = [...s.history.steps.from(s.attemptStart)];
  s.callConversation = openConversation(s, [
    { role: 'system', content: ATTEMPT_REFLECTION_SYSTEM },
    { role: 'user', content: attemptReflectionPrompt(task, steps, reward, framing) },
  ]);
  callModel(s, fx, 'attempt-reflection', null, { reward, framing });
}

/** The run is over: nothing is pending, `run-end` carries the stop reason and the metrics. */
export function finishRun(s: Draft, fx: Effect[]): void {
  s.done = true;
  s.pending = null;
  emit(fx, { type: 'run-end', stopReason: s.stopReason ?? 'error', metrics: s.metrics });
}
