/** From loop state to trace, and from trace to the Trace JSON v1 the CLI prints. */
import type { LoopState } from '../loop/state';
import type { Message } from '../types';
import type { Step, Trace } from './types';

/** Pure: the trace of a state (the run so far when it is not done). */
export function buildTrace(state: LoopState): Trace {
  return {
    format: 'loopscope.trace',
    version: 1,
    scenario: state.scenario.id,
    config: state.config,
    stopReason: state.stopReason ?? 'cancelled',
    escalation: state.escalation,
    error: state.error,
    answer: state.stopReason === 'answer' ? state.answer : null,
    steps: state.history.steps.toArray(),
    metrics: { ...state.metrics },
    path: state.path.toArray(),
    forkedFrom: state.forkedFrom,
    conversations: state.conversations.map((conversation) => conversation.toArray()),
  };
}

function messageJson(message: Message): Record<string, unknown> {
  const json: Record<string, unknown> = { role: message.role, content: message.content };
  if (message.toolCalls) json['toolCalls'] = message.toolCalls;
  if (message.toolCallId) json['toolCallId'] = message.toolCallId;
  return json;
}

function stepJson(step: Step, conversations: Trace['conversations']): Record<string, unknown> {
  const { modelCall, ...rest } = step;
  const call = modelCall && {
    messages: (conversations[modelCall.context.conversation] ?? [])
      .slice(0, modelCall.context.length)
      .map(messageJson),
    text: modelCall.text,
    usage: modelCall.usage,
    latencyMs: modelCall.latencyMs,
    usageEstimated: modelCall.usageEstimated,
    ttftMs: modelCall.ttftMs,
    reasoning: modelCall.reasoning,
    toolCall: modelCall.toolCall,
  };
  return {
    index: rest.index,
    attempt: rest.attempt,
    phase: rest.phase,
    kind: rest.kind,
    trigger: rest.trigger,
    modelCall: call,
    reflection: rest.reflection,
    decision: rest.decision,
    observation: rest.observation,
    reward: rest.reward,
    framing: rest.framing,
    thought: rest.thought,
    answer: rest.answer,
    ...(rest.judge ? { judge: rest.judge } : {}),
  };
}

/**
 * Pure: Trace JSON v1 with every model call's `messages` written out in full (the CLI's form).
 * Fields past the contract's (`thought`, `answer`, `usageEstimated`, `path`) are extensions.
 */
export function toTraceJson(trace: Trace): Record<string, unknown> {
  return {
    format: trace.format,
    version: trace.version,
    scenario: trace.scenario,
    config: trace.config,
    stopReason: trace.stopReason,
    escalation: trace.escalation,
    error: trace.error,
    answer: trace.answer,
    steps: trace.steps.map((step) => stepJson(step, trace.conversations)),
    metrics: trace.metrics,
    path: trace.path,
    forkedFrom: trace.forkedFrom,
  };
}
