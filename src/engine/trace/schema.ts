/**
 * The zod pieces Trace JSON v1 and v2 share (steps, metrics, the run's outcome), and the
 * conversion of a validated step into the engine's Step. Where the versions differ — a model
 * call's `messages` (v1) or `context` (v2) — each version adds its own field.
 */
import { z } from 'zod';
import { PHASES, type PhaseId } from '../machine';
import { configOverridesSchema } from '../config-schema';
import { firstIssue, scenarioErrorMap } from '../scenario/issues';
import type { Message } from '../types';
import { TraceError } from './errors';
import type { ContextRef, Step } from './types';

const PHASE_IDS = PHASES.map((phase) => phase.id) as [PhaseId, ...PhaseId[]];
const count = z.number().int().min(0);
const text = z.string();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const messageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCalls: z.array(z.object({ id: text, name: text, arguments: text })).optional(),
  toolCallId: text.optional(),
});

/** A model call's fields apart from where its context is written. */
export const modelCallFields = {
  text,
  usage: z.object({ promptTokens: count, completionTokens: count }),
  latencyMs: z.number().min(0),
  usageEstimated: z.boolean().default(false),
  ttftMs: nullable(z.number().min(0)).default(null),
  reasoning: nullable(text).default(null),
  toolCall: nullable(z.object({ id: text, name: text, arguments: text })).default(null),
};

export const contextSchema = z.object({ conversation: count, length: count });

const GUARDS = [
  'duplicate_tool_call',
  'fabrication',
  'unparseable',
  'max_steps',
  'stall_exit',
] as const;

/** A step's fields; `modelCall` is the version's own. */
export function stepSchemaWith<Call extends z.ZodType>(modelCall: Call) {
  return z.object({
    index: count,
    attempt: z.number().int().min(1),
    phase: z.enum(PHASE_IDS),
    kind: z.enum([
      'action',
      'reflection',
      'answer',
      'escalate',
      'attempt_reflection',
      'reprompt',
      'judge',
    ]),
    trigger: nullable(z.enum(['cadence', 'stall', 'duplicate', 'high_confidence'])),
    modelCall: nullable(modelCall),
    reflection: nullable(z.object({ state: text, discovery: text, goalRelation: text })),
    decision: z.object({
      intent: z.enum(['tool', 'answer', 'escalate', 'reflect', 'reprompt']),
      action: nullable(z.object({ tool: text, args: z.record(z.string(), z.unknown()) })),
      evidenceRefs: z.array(count),
      policy: z.object({
        outcome: z.enum(['allowed', 'denied']),
        reason: nullable(z.enum(GUARDS)),
      }),
      confidence: z.literal(0),
    }),
    observation: nullable(
      z.object({
        ok: z.boolean(),
        result: z.unknown(),
        empty: z.boolean(),
        repeatOf: count.optional(),
      }),
    ),
    reward: nullable(z.number()),
    framing: nullable(z.enum(['failure', 'neutral'])),
    thought: nullable(text).default(null),
    answer: nullable(text).default(null),
    judge: z
      .object({
        score: nullable(z.number().min(0).max(1)),
        reason: nullable(text),
        problem: nullable(text),
      })
      .optional(),
  });
}

const metricsSchema = z.object({
  llmCalls: count,
  reflections: count,
  toolCalls: count,
  emptyToolCalls: count,
  duplicateToolHits: count,
  fabricationHits: count,
  promptTokens: count,
  completionTokens: count,
  attempts: count,
  latencyMs: z.number().min(0).default(0),
});

/** The trace's fields apart from `version`, `steps` and what a version adds. */
export const traceFields = {
  format: z.literal('loopscope.trace'),
  scenario: z.string().min(1),
  config: configOverridesSchema,
  stopReason: z.enum(['answer', 'escalate', 'max_steps', 'stalled', 'error', 'cancelled']),
  escalation: nullable(
    z.object({
      reason: z.enum(['duplicate_tool_call', 'fabrication', 'unparseable', 'model']),
      detail: text,
    }),
  ),
  error: nullable(z.object({ code: text, message: text })),
  answer: nullable(text),
  metrics: metricsSchema,
  path: z.array(z.object({ transition: text, step: nullable(count) })).default([]),
  forkedFrom: nullable(z.object({ step: count })).default(null),
};

const modelCallBase = z.object(modelCallFields);
/** A validated step, whichever version wrote it (its call's context aside). */
export type StepJson = Omit<z.infer<ReturnType<typeof stepSchemaWith>>, 'modelCall'> & {
  readonly modelCall: z.infer<typeof modelCallBase> | null;
};

/** A message as the engine holds it: optional fields only when present. */
export function messageOf(json: z.infer<typeof messageSchema>): Message {
  return {
    role: json.role,
    content: json.content,
    ...(json.toolCalls ? { toolCalls: json.toolCalls } : {}),
    ...(json.toolCallId !== undefined ? { toolCallId: json.toolCallId } : {}),
  };
}

/** Pure: the engine's Step of a validated step; `context` is where its call's messages live. */
export function stepOf(json: StepJson, context: ContextRef | null): Step {
  const call = json.modelCall;
  return {
    index: json.index,
    attempt: json.attempt,
    phase: json.phase,
    kind: json.kind,
    trigger: json.trigger,
    modelCall: call &&
      context && {
        context,
        text: call.text,
        usage: call.usage,
        usageEstimated: call.usageEstimated,
        latencyMs: call.latencyMs,
        ttftMs: call.ttftMs,
        reasoning: call.reasoning,
        toolCall: call.toolCall,
      },
    reflection: json.reflection,
    decision: json.decision,
    observation: json.observation && {
      ok: json.observation.ok,
      result: json.observation.result,
      empty: json.observation.empty,
      ...(json.observation.repeatOf !== undefined ? { repeatOf: json.observation.repeatOf } : {}),
    },
    reward: json.reward,
    framing: json.framing,
    thought: json.thought,
    answer: json.answer,
    ...(json.judge ? { judge: json.judge } : {}),
  };
}

/** Pure: `input` parsed by `schema`, or a TraceError `invalid_trace` at its first problem. */
export function validated<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  what: string,
): z.infer<Schema> {
  const result = schema.safeParse(input, { error: scenarioErrorMap });
  if (result.success) return result.data;
  const first = firstIssue(result.error.issues, input);
  throw new TraceError('invalid_trace', first?.path ?? '$', first?.message ?? `not a ${what}`);
}

/** Pure: throws a TraceError unless every step's `index` is its position. */
export function checkStepOrder(steps: readonly { readonly index: number }[]): void {
  steps.forEach((recorded, index) => {
    if (recorded.index !== index) {
      throw new TraceError(
        'invalid_trace',
        `$.steps[${index}].index`,
        `expected ${index}, got ${recorded.index}`,
      );
    }
  });
}
