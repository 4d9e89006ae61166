/**
 * Answers and attempts: the fabrication guard, the reflection between attempts stored in memory,
 * the next attempt. How an attempt ends (verify → reward) is `attempt-end.ts`.
 */
import { formatReflections, visibleReflections } from '../attempts';
import { checkEvidence, type Evidence } from '../guards';
import { parseReflectionPhase } from '../parsers';
import { systemPrompt } from '../prompts';
import type { ModelCallRecord, Trigger } from '../trace/types';
import type { ReflectionParts } from '../types';
import { endAttempt, rewardSourceOf } from './attempt-end';
import { enterGathering } from './gathering';
import {
  addMetrics,
  decision,
  denied,
  emit,
  openConversation,
  record,
  take,
  type Draft,
  type Effect,
} from './kit';
import { FRESH_COUNTERS } from './state';

export interface ReplyInfo {
  readonly modelCall: ModelCallRecord;
  readonly thought: string | null;
  readonly reflection: ReflectionParts | null;
}

/** Observations the attempt's executor minted (blocked repeats are copies, not evidence). */
function attemptEvidence(s: Draft): Evidence[] {
  const evidence: Evidence[] = [];
  for (const step of s.history.steps.from(s.attemptStart)) {
    if (step.kind !== 'action' || !step.observation || step.observation.repeatOf !== undefined)
      continue;
    evidence.push({
      step: step.index,
      result: step.observation.result,
      empty: step.observation.empty,
    });
  }
  return evidence;
}

/** In `answering`: an answer stands only when every claim it makes is backed by an observation. */
export function checkAnswer(
  s: Draft,
  fx: Effect[],
  answer: string,
  reply: ReplyInfo,
  trigger: Trigger | null,
): void {
  const step = s.history.length;
  const { unbacked, evidenceRefs } = checkEvidence(
    answer,
    s.scenario.evidenceRules,
    attemptEvidence(s),
  );
  const common = { trigger, answer, ...reply };
  if (unbacked.length > 0) {
    addMetrics(s, { fabricationHits: unbacked.length });
    const needs = unbacked
      .map(
        (rule) =>
          `/${rule.claim}/ needs ${rule.requires.field} = ${JSON.stringify(rule.requires.equals)}`,
      )
      .join('; ');
    const detail = `The answer makes a claim no observation backs: ${needs}.`;
    const guardOn = s.config.fabricationGuard;
    emit(fx, {
      type: 'guard-trip',
      step,
      guard: 'fabrication',
      outcome: guardOn ? 'escalate' : 'count',
      detail,
    });
    if (guardOn) {
      take(s, fx, 'fabrication', step);
      s.escalation = { reason: 'fabrication', detail };
      record(s, fx, {
        kind: 'escalate',
        ...common,
        decision: decision('answer', null, denied('fabrication'), evidenceRefs),
      });
      endAttempt(s, fx, 'escalate');
      return;
    }
  }
  take(s, fx, 'answer-accepted', step);
  s.answer = answer;
  record(s, fx, {
    kind: 'answer',
    ...common,
    decision: decision('answer', null, undefined, evidenceRefs),
  });
  emit(fx, { type: 'answer-end', step, answer });
  endAttempt(s, fx, 'answer');
}

/** The reflection between attempts is recorded, stored in memory, and the next attempt starts. */
export function onAttemptReflection(
  s: Draft,
  fx: Effect[],
  text: string,
  modelCall: ModelCallRecord,
  reward: number | null,
  framing: 'failure' | 'neutral',
): void {
  const { thought, reflection } = parseReflectionPhase(text);
  const steps = s.history.length - s.attemptStart;
  const step = record(s, fx, {
    kind: 'attempt_reflection',
    modelCall,
    reflection,
    reward,
    framing,
    decision: decision('reflect'),
  });
  const entry = {
    scenario: s.scenario.id,
    attempt: s.attempt,
    content: thought,
    reward,
    steps,
    framing,
    rewardSource: rewardSourceOf(s),
  };
  s.runReflections = [...s.runReflections, entry];
  fx.push({ type: 'memory-append', entry });
  take(s, fx, 'attempt-start', step);
  startAttempt(s, fx);
}

/** A fresh attempt: counters reset, a new conversation whose system prompt carries the memory. */
export function startAttempt(s: Draft, fx: Effect[]): void {
  const { scenario, config } = s;
  s.attempt += 1;
  s.attemptStart = s.history.length;
  s.counters = FRESH_COUNTERS;
  s.stopReason = null;
  s.escalation = null;
  s.answer = null;
  addMetrics(s, { attempts: 1 });
  const notes = formatReflections(
    visibleReflections(config.history, s.priorReflections, s.runReflections, config.memoryWindow),
  );
  s.attemptConversation = openConversation(s, [
    {
      role: 'system',
      content: systemPrompt(
        config.mode,
        config.protocol,
        scenario.tools,
        notes,
        scenario.instructions,
      ),
    },
    { role: 'user', content: scenario.task },
  ]);
  emit(fx, { type: 'attempt-start', attempt: s.attempt });
  enterGathering(s, fx);
}
