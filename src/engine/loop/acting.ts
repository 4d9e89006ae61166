/** The acting phase: the duplicate guard, the tool run, the observation and what follows it. */
import { reflectionDue } from '../gating';
import { fingerprint, forcesRefresh } from '../guards';
import { cutAtObservation } from '../parsers';
import { earlyAnswerPrompt, observationMessage } from '../prompts';
import { canonicalJson, isEmptyResult, isHighConfidence, retrievalConfidence } from '../tools';
import type { Observation, PolicyOutcome } from '../trace/types';
import type { ToolResult } from '../types';
import { endAttempt } from './attempt-end';
import { enterGathering } from './gathering';
import { observationKey } from './history';
import {
  ALLOWED,
  addMetrics,
  callModel,
  decision,
  denied,
  emit,
  openConversation,
  record,
  say,
  setCounters,
  take,
  type Draft,
  type Effect,
} from './kit';
import type { PendingTool } from './state';

/** The model chose a tool call: the duplicate guard decides, else the executor runs it. */
export function onToolChoice(
  s: Draft,
  fx: Effect[],
  pending: PendingTool,
  replyText: string,
): void {
  const step = s.history.length;
  const { call, callId } = pending;
  take(s, fx, 'choose-tool', step);
  say(
    s,
    callId === null
      ? { role: 'assistant', content: cutAtObservation(replyText) }
      : {
          role: 'assistant',
          content: replyText,
          toolCalls: [{ id: callId, name: call.tool, arguments: JSON.stringify(call.args) }],
        },
  );
  const prior =
    s.config.duplicates === 'off' || forcesRefresh(call)
      ? -1
      : s.history.findCall(fingerprint(call), s.attemptStart);
  if (prior < 0) {
    s.pending = { kind: 'tool', tool: pending };
    emit(fx, { type: 'tool-run-start', step, call });
    fx.push({ type: 'tool-run', step, call });
    return;
  }
  addMetrics(s, { duplicateToolHits: 1 });
  const detail = `${call.tool} was already called with these arguments at step ${prior}.`;
  if (s.config.duplicates === 'escalate') {
    emit(fx, {
      type: 'guard-trip',
      step,
      guard: 'duplicate_tool_call',
      outcome: 'escalate',
      detail,
    });
    take(s, fx, 'duplicate-escalate', step);
    s.escalation = { reason: 'duplicate_tool_call', detail };
    record(s, fx, {
      kind: 'escalate',
      modelCall: pending.modelCall,
      thought: pending.thought,
      reflection: pending.reflection,
      decision: decision('tool', call, denied('duplicate_tool_call'), [prior]),
    });
    endAttempt(s, fx, 'escalate');
    return;
  }
  emit(fx, { type: 'guard-trip', step, guard: 'duplicate_tool_call', outcome: 'block', detail });
  const earlier = s.history.steps.at(prior)?.observation as Observation;
  const observation: Observation = {
    ok: earlier.ok,
    result: earlier.result,
    empty: true,
    repeatOf: prior,
  };
  addMetrics(s, { emptyToolCalls: 1 });
  setCounters(s, { duplicateBlockedSinceReflection: true });
  observe(s, fx, pending, observation, null, denied('duplicate_tool_call'), 'duplicate-blocked');
}

/** The executor answered: the observation is empty when it brings nothing new to the attempt. */
export function onToolResult(
  s: Draft,
  fx: Effect[],
  pending: PendingTool,
  result: ToolResult,
): void {
  const json = canonicalJson(result.result);
  const key = observationKey(result.ok, result.result, json);
  const seen = s.history.findObservation(key, s.attemptStart) >= 0;
  const empty = !result.ok || seen || isEmptyResult(result.result);
  addMetrics(s, { toolCalls: 1, emptyToolCalls: empty ? 1 : 0 });
  observe(
    s,
    fx,
    pending,
    { ok: result.ok, result: result.result, empty },
    key,
    ALLOWED,
    'observe',
    json,
  );
}

/**
 * Records the action step and decides what follows the observation: the stall exit (unless a
 * reflection is due, which it never pre-empts), an early answer on high confidence, or gathering.
 */
function observe(
  s: Draft,
  fx: Effect[],
  pending: PendingTool,
  observation: Observation,
  key: string | null,
  policy: PolicyOutcome,
  onward: 'observe' | 'duplicate-blocked',
  json?: string,
): void {
  const counters = s.counters;
  setCounters(s, {
    actionSteps: counters.actionSteps + 1,
    actionStepsSinceReflection: counters.actionStepsSinceReflection + 1,
    consecutiveEmpty: observation.empty ? counters.consecutiveEmpty + 1 : 0,
  });
  const content = observationMessage(
    observation.result,
    observation.ok,
    observation.repeatOf ?? null,
    json,
  );
  say(
    s,
    pending.callId === null
      ? { role: 'user', content }
      : { role: 'tool', toolCallId: pending.callId, content },
  );
  const stalled =
    s.counters.consecutiveEmpty >= s.config.stallExit &&
    reflectionDue(s.config.reflection, s.counters) === null;
  const confidence =
    !stalled && s.config.highConfidence && !observation.empty
      ? retrievalConfidence(observation.result)
      : null;
  const step = record(
    s,
    fx,
    {
      kind: 'action',
      modelCall: pending.modelCall,
      thought: pending.thought,
      reflection: pending.reflection,
      decision: decision('tool', pending.call, policy),
      observation,
    },
    key,
  );
  emit(fx, { type: 'tool-run-end', step, observation });
  if (stalled) {
    const detail = `${s.counters.consecutiveEmpty} tool calls in a row found nothing new.`;
    emit(fx, { type: 'guard-trip', step, guard: 'stall_exit', outcome: 'stop', detail });
    take(s, fx, 'stall-exit', step);
    endAttempt(s, fx, 'stalled');
    return;
  }
  if (confidence && isHighConfidence(confidence)) {
    emit(fx, { type: 'early-answer-start', step: step + 1, reason: 'high_confidence', confidence });
    take(s, fx, 'high-confidence', step);
    s.callConversation = openConversation(s, [
      { role: 'user', content: earlyAnswerPrompt(s.scenario.task, observation.result) },
    ]);
    callModel(s, fx, 'early-answer', 'high_confidence');
    return;
  }
  take(s, fx, onward, step);
  enterGathering(s, fx);
}
