/** The gathering and reflecting phases: the gate, the action call, the reflection phase. */
import { reflectionDue } from '../gating';
import { parseReflectionPhase } from '../parsers';
import { CONTINUE_PROMPT, REFLECTION_PROMPT } from '../prompts';
import type { ModelCallRecord, Trigger } from '../trace/types';
import { endAttempt } from './attempt-end';
import {
  addMetrics,
  callModel,
  decision,
  emit,
  record,
  say,
  setCounters,
  take,
  type Draft,
  type Effect,
} from './kit';

/**
 * In `gathering`, before a call that chooses an action: the step budget first (as repi checks
 * max actions first), then the reflection gate, then the action call.
 */
export function enterGathering(s: Draft, fx: Effect[]): void {
  // A snapshot (all fields are immutable values or append-only views): a fork re-decides from it.
  s.beforeGate = { ...s, beforeGate: null };
  const step = s.history.length;
  s.callConversation = s.attemptConversation;
  if (s.counters.actionSteps >= s.config.maxSteps) {
    emit(fx, {
      type: 'guard-trip',
      step: null,
      guard: 'max_steps',
      outcome: 'stop',
      detail: `The attempt used all ${s.config.maxSteps} action steps.`,
    });
    take(s, fx, 'budget-exhausted', null);
    endAttempt(s, fx, 'max_steps');
    return;
  }
  const trigger = reflectionDue(s.config.reflection, s.counters);
  if (trigger) {
    take(s, fx, `reflect-${trigger}`, step);
    say(s, { role: 'user', content: REFLECTION_PROMPT });
    emit(fx, { type: 'reflection-start', step, trigger });
    callModel(s, fx, 'reflection', trigger);
    return;
  }
  if (s.counters.afterReflection) {
    say(s, { role: 'user', content: CONTINUE_PROMPT });
    setCounters(s, { afterReflection: false });
  }
  callModel(s, fx, 'action', null);
}

/** A reflection phase's reply: recorded with its trigger, kept in the context, then gather on. */
export function onReflectionReply(
  s: Draft,
  fx: Effect[],
  text: string,
  modelCall: ModelCallRecord,
  trigger: Trigger,
): void {
  const { thought, reflection } = parseReflectionPhase(text);
  setCounters(s, {
    reflections: s.counters.reflections + 1,
    actionStepsSinceReflection: 0,
    duplicateBlockedSinceReflection: false,
    afterReflection: true,
  });
  addMetrics(s, { reflections: 1 });
  const step = record(s, fx, {
    kind: 'reflection',
    trigger,
    modelCall,
    reflection: reflection ?? { state: thought, discovery: '', goalRelation: '' },
    decision: decision('reflect'),
  });
  say(s, { role: 'assistant', content: text });
  emit(fx, { type: 'reflection-end', step, thought, reflection });
  take(s, fx, 'reflection-done', step);
  enterGathering(s, fx);
}
