/**
 * Writing Trace JSON v2, the native `.loopscope.json` file (native.ts reads it): the run's
 * conversations written once, each model call's `context: {conversation, length}` pointing into
 * them. Apart from the reader so that exporting a run does not load the schemas (zod). Pure,
 * linear in the size of the trace. See docs/files.md.
 */
import type { Scenario } from '../scenario/types';
import type { Message } from '../types';
import { TraceError } from './errors';
import type { Step, Trace } from './types';

/** The version of the native file this build writes. */
export const NATIVE_TRACE_VERSION = 2;

function messageJson(message: Message): Record<string, unknown> {
  const json: Record<string, unknown> = { role: message.role, content: message.content };
  if (message.toolCalls) json['toolCalls'] = message.toolCalls;
  if (message.toolCallId) json['toolCallId'] = message.toolCallId;
  return json;
}

/** Pure: one step as Trace JSON v2 writes it (its call's messages as a `context`). */
export function nativeStepJson(step: Step): Record<string, unknown> {
  const call = step.modelCall;
  return {
    index: step.index,
    attempt: step.attempt,
    phase: step.phase,
    kind: step.kind,
    trigger: step.trigger,
    modelCall: call && {
      context: { conversation: call.context.conversation, length: call.context.length },
      text: call.text,
      usage: call.usage,
      latencyMs: call.latencyMs,
      usageEstimated: call.usageEstimated,
      ttftMs: call.ttftMs,
      reasoning: call.reasoning,
      toolCall: call.toolCall,
    },
    reflection: step.reflection,
    decision: step.decision,
    observation: step.observation,
    reward: step.reward,
    framing: step.framing,
    thought: step.thought,
    answer: step.answer,
    ...(step.judge ? { judge: step.judge } : {}),
  };
}

/**
 * Pure: the native Trace JSON v2 of a run and the scenario it ran on (null to leave the
 * definition out). Throws a TraceError when the scenario is not the one the trace records.
 */
export function toNativeTraceJson(
  trace: Trace,
  scenario: Scenario | null,
): Record<string, unknown> {
  if (scenario && scenario.id !== trace.scenario) {
    throw new TraceError(
      'invalid_trace',
      '$.scenarioDefinition.id',
      `the trace records scenario ${JSON.stringify(trace.scenario)}, not ${JSON.stringify(scenario.id)}`,
    );
  }
  return {
    format: trace.format,
    version: NATIVE_TRACE_VERSION,
    scenario: trace.scenario,
    config: trace.config,
    stopReason: trace.stopReason,
    escalation: trace.escalation,
    error: trace.error,
    answer: trace.answer,
    metrics: trace.metrics,
    path: trace.path,
    forkedFrom: trace.forkedFrom,
    conversations: trace.conversations.map((conversation) => conversation.map(messageJson)),
    steps: trace.steps.map(nativeStepJson),
    scenarioDefinition: scenario,
  };
}
