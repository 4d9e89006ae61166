/**
 * The small vocabulary `step()` is written in. A step works on a shallow draft of the state
 * (fields are replaced, never mutated in place) and collects effects; the caller's state is
 * never changed, so `step()` stays pure.
 */
import type { ReflectionEntry } from '../attempts';
import type { LoopConfig } from '../config';
import { transition, type PhaseId } from '../machine';
import type { ModelRequest } from '../models/spec';
import type { CallPurpose, LoopEvent } from '../trace/events';
import type {
  DecisionRecord,
  Guard,
  Intent,
  Metrics,
  PolicyOutcome,
  RunError,
  Step,
  Trigger,
} from '../trace/types';
import type { Message, ToolCall, ToolResult, Usage } from '../types';
import { AppendLog } from '../util/append-log';
import type { Counters, LoopState } from './state';

export type Draft = { -readonly [K in keyof LoopState]: LoopState[K] };

/** What the runner must do for the loop: effects are plans, the runner carries them out. */
export type Effect =
  | { readonly type: 'emit'; readonly event: LoopEvent }
  | { readonly type: 'model-call'; readonly request: ModelRequest }
  | { readonly type: 'tool-run'; readonly step: number; readonly call: ToolCall }
  | { readonly type: 'memory-append'; readonly entry: ReflectionEntry };

/** What the runner feeds back into the loop. */
export type LoopInput =
  | { readonly type: 'run-start'; readonly priorReflections?: readonly ReflectionEntry[] }
  | {
      readonly type: 'model-call-end';
      readonly text: string;
      /** A complete native tool call (`tools` protocol), else null. */
      readonly toolCall: {
        readonly id: string;
        readonly name: string;
        readonly arguments: string;
      } | null;
      readonly usage: Usage;
      readonly usageEstimated: boolean;
      readonly latencyMs: number;
      readonly ttftMs: number | null;
      readonly reasoning: string | null;
    }
  | { readonly type: 'model-call-fail'; readonly error: RunError }
  | { readonly type: 'tool-run-end'; readonly result: ToolResult }
  | { readonly type: 'run-cancel' }
  /**
   * A replayed run goes on live from here under `config`: the pending model call is decided again
   * (budget, reflection gate) as if the new config had been in force when gathering began.
   */
  | { readonly type: 'run-fork'; readonly config: LoopConfig };

export const ALLOWED: PolicyOutcome = { outcome: 'allowed', reason: null };

export function denied(reason: Guard): PolicyOutcome {
  return { outcome: 'denied', reason };
}

export function decision(
  intent: Intent,
  action: ToolCall | null = null,
  policy: PolicyOutcome = ALLOWED,
  evidenceRefs: readonly number[] = [],
): DecisionRecord {
  return { intent, action, evidenceRefs, policy, confidence: 0 };
}

export function emit(fx: Effect[], event: LoopEvent): void {
  fx.push({ type: 'emit', event });
}

/** Moves along a transition of the machine; throws if it does not start at the current phase. */
export function take(s: Draft, fx: Effect[], id: string, step: number | null): void {
  const spec = transition(id);
  if (spec.from !== s.phase) throw new Error(`Transition "${id}" does not start at "${s.phase}"`);
  s.phase = spec.to;
  s.path = s.path.append({ transition: id, step });
  emit(fx, { type: 'phase-enter', phase: spec.to, transition: id, step });
}

export function setCounters(s: Draft, change: Partial<Counters>): void {
  s.counters = { ...s.counters, ...change };
}

export function addMetrics(s: Draft, change: Partial<Metrics>): void {
  const next = { ...s.metrics };
  for (const key in change) next[key as keyof Metrics] += change[key as keyof Metrics] ?? 0;
  s.metrics = next;
}

/** Appends a message to the conversation of the current attempt. */
export function say(s: Draft, message: Message): void {
  const index = s.attemptConversation;
  const conversations = s.conversations.slice();
  conversations[index] = (
    conversations[index] as NonNullable<(typeof conversations)[number]>
  ).append(message);
  s.conversations = conversations;
}

/** Opens a new conversation (the reflection between attempts, an early answer, an attempt). */
export function openConversation(s: Draft, messages: readonly Message[]): number {
  s.conversations = [...s.conversations, AppendLog.of(messages)];
  return s.conversations.length - 1;
}

/** Plans a model call in the current phase; its reply comes back as `model-call-end`. */
export function callModel(
  s: Draft,
  fx: Effect[],
  purpose: CallPurpose,
  trigger: Trigger | null,
  extra: { reward?: number | null; framing?: 'failure' | 'neutral' } = {},
): void {
  const step = s.history.length;
  s.pending = { kind: 'model', purpose, trigger, ...extra };
  const context = s.conversations[s.callConversation] as NonNullable<
    Draft['conversations'][number]
  >;
  const tools = s.config.protocol === 'tools' ? s.scenario.tools : null;
  emit(fx, { type: 'step-start', step, attempt: s.attempt, phase: s.phase as PhaseId });
  fx.push({
    type: 'model-call',
    request: { purpose, context, tools, step, conversation: s.callConversation },
  });
}

type StepFields = Partial<Omit<Step, 'index' | 'attempt' | 'phase' | 'kind' | 'decision'>> &
  Pick<Step, 'kind' | 'decision'>;

/** Records a step in the current phase and attempt; returns its index. */
export function record(
  s: Draft,
  fx: Effect[],
  fields: StepFields,
  observationKey: string | null = null,
): number {
  const step: Step = {
    index: s.history.length,
    attempt: s.attempt,
    phase: s.phase,
    trigger: null,
    modelCall: null,
    reflection: null,
    observation: null,
    reward: null,
    framing: null,
    thought: null,
    answer: null,
    ...fields,
  };
  s.history = s.history.append(step, observationKey);
  emit(fx, { type: 'step-end', step, metrics: s.metrics });
  return step.index;
}
