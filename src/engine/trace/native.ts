/**
 * Trace JSON v2, the native `.loopscope.json` file: the run's conversations written once, each
 * model call's `context: {conversation, length}` pointing into them (calls share their message
 * prefixes), and the Scenario JSON v1 the run ran on (`scenarioDefinition`, null when not given),
 * so a file of a user's own scenario is self-contained. Writing and reading are pure and linear
 * in the size of the trace. See docs/files.md.
 */
import { z } from 'zod';
import { resolveConfig, type ConfigOverrides } from '../config';
import { ScenarioError } from '../scenario/errors';
import { parseScenario } from '../scenario/parse';
import type { Scenario } from '../scenario/types';
import type { Message } from '../types';
import { TraceError } from './errors';
import {
  checkStepOrder,
  contextSchema,
  messageOf,
  messageSchema,
  modelCallFields,
  stepOf,
  stepSchemaWith,
  traceFields,
  validated,
} from './schema';
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

const nativeSchema = z.object({
  ...traceFields,
  version: z.literal(NATIVE_TRACE_VERSION),
  conversations: z.array(z.array(messageSchema)),
  steps: z.array(stepSchemaWith(z.object({ context: contextSchema, ...modelCallFields }))),
  scenarioDefinition: z.unknown().optional(),
});

type NativeJson = z.infer<typeof nativeSchema>;

/** Pure: throws a TraceError unless every call's context lies inside its conversation. */
function checkContexts(json: NativeJson): void {
  json.steps.forEach((recorded, index) => {
    const context = recorded.modelCall?.context;
    if (!context) return;
    const at = `$.steps[${index}].modelCall.context`;
    const conversation = json.conversations[context.conversation];
    if (!conversation) {
      const count = json.conversations.length;
      throw new TraceError(
        'invalid_trace',
        `${at}.conversation`,
        `expected a conversation index below ${count} (the file has ${count}), got ${context.conversation}`,
      );
    }
    if (context.length > conversation.length) {
      throw new TraceError(
        'invalid_trace',
        `${at}.length`,
        `expected at most ${conversation.length} (the length of conversation ${context.conversation}), got ${context.length}`,
      );
    }
  });
}

/** Pure: the scenario definition a file carries, validated, with its problems at their path. */
function definitionOf(json: NativeJson): Scenario | null {
  const definition = json.scenarioDefinition;
  if (definition === undefined || definition === null) return null;
  let scenario: Scenario;
  try {
    scenario = parseScenario(definition);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new TraceError(
      'invalid_trace',
      `$.scenarioDefinition${error.path.slice(1)}`,
      error.problem,
    );
  }
  if (scenario.id !== json.scenario) {
    throw new TraceError(
      'invalid_trace',
      '$.scenarioDefinition.id',
      `expected ${JSON.stringify(json.scenario)} (the scenario the trace records), got ${JSON.stringify(scenario.id)}`,
    );
  }
  return scenario;
}

/**
 * Pure: validates a parsed Trace JSON v2 value (shape, step order, every context inside its
 * conversation, the scenario definition) and returns the trace and the scenario it carries.
 */
export function parseNativeTrace(input: unknown): { trace: Trace; scenario: Scenario | null } {
  const json = validated(nativeSchema, input, 'Trace JSON v2');
  checkStepOrder(json.steps);
  checkContexts(json);
  const scenario = definitionOf(json);
  const trace: Trace = {
    format: 'loopscope.trace',
    version: 1,
    scenario: json.scenario,
    config: resolveConfig(json.config as ConfigOverrides),
    stopReason: json.stopReason,
    escalation: json.escalation,
    error: json.error,
    answer: json.answer,
    steps: json.steps.map((recorded) => stepOf(recorded, recorded.modelCall?.context ?? null)),
    metrics: json.metrics,
    path: json.path,
    forkedFrom: json.forkedFrom,
    conversations: json.conversations.map((conversation) => conversation.map(messageOf)),
  };
  return { trace, scenario };
}
