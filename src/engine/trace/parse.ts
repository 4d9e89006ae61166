/**
 * Loading Trace JSON v1 (what `loop run --json` prints, every model call's messages written out)
 * back into a Trace: validated, with each call's messages folded into shared conversations again
 * (a call whose messages extend an earlier call's shares its conversation). Fails with one
 * TraceError naming the JSON path of the first problem. Pure.
 */
import { z } from 'zod';
import { resolveConfig, type ConfigOverrides } from '../config';
import { configOverridesSchema } from '../config-schema';
import { PHASES, type PhaseId } from '../machine';
import { canonicalJson } from '../tools/json';
import { readJsonText } from '../scenario/json-location';
import { firstIssue, scenarioErrorMap } from '../scenario/issues';
import type { TextLocation } from '../scenario/errors';
import type { Message } from '../types';
import type { ContextRef, Step, Trace } from './types';

/** Stable codes: the text is not JSON, or it is JSON but not a Trace JSON v1. */
export type TraceErrorCode = 'invalid_json' | 'invalid_trace';

/** Thrown by the trace loaders; `message` is one line, `<JSON path>: <what is wrong>`. */
export class TraceError extends Error {
  constructor(
    readonly code: TraceErrorCode,
    readonly path: string,
    problem: string,
    readonly location?: TextLocation,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'TraceError';
  }
}

const PHASE_IDS = PHASES.map((phase) => phase.id) as [PhaseId, ...PhaseId[]];
const count = z.number().int().min(0);
const text = z.string();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

const messageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCalls: z.array(z.object({ id: text, name: text, arguments: text })).optional(),
  toolCallId: text.optional(),
});

const modelCallSchema = z.object({
  messages: z.array(messageSchema),
  text,
  usage: z.object({ promptTokens: count, completionTokens: count }),
  latencyMs: z.number().min(0),
  usageEstimated: z.boolean().default(false),
  ttftMs: nullable(z.number().min(0)).default(null),
  reasoning: nullable(text).default(null),
  toolCall: nullable(z.object({ id: text, name: text, arguments: text })).default(null),
});

const GUARDS = [
  'duplicate_tool_call',
  'fabrication',
  'unparseable',
  'max_steps',
  'stall_exit',
] as const;

const stepSchema = z.object({
  index: count,
  attempt: z.number().int().min(1),
  phase: z.enum(PHASE_IDS),
  kind: z.enum(['action', 'reflection', 'answer', 'escalate', 'attempt_reflection', 'reprompt']),
  trigger: nullable(z.enum(['cadence', 'stall', 'duplicate', 'high_confidence'])),
  modelCall: nullable(modelCallSchema),
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
});

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

const traceSchema = z.object({
  format: z.literal('loopscope.trace'),
  version: z.literal(1, {
    error: (issue) =>
      `unsupported trace version ${JSON.stringify(issue.input)}; this build reads version 1 only`,
  }),
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
  steps: z.array(stepSchema),
  metrics: metricsSchema,
  path: z.array(z.object({ transition: text, step: nullable(count) })).default([]),
  forkedFrom: nullable(z.object({ step: count })).default(null),
});

type StepJson = z.infer<typeof stepSchema>;

/** A message as the engine holds it: optional fields only when present. */
function message(json: z.infer<typeof messageSchema>): Message {
  return {
    role: json.role,
    content: json.content,
    ...(json.toolCalls ? { toolCalls: json.toolCalls } : {}),
    ...(json.toolCallId !== undefined ? { toolCallId: json.toolCallId } : {}),
  };
}

/**
 * Folds each call's messages into conversations: a call whose messages extend (or are a prefix
 * of) a known conversation shares it; otherwise it starts a new one. Linear in the messages.
 */
class ConversationFolder {
  readonly conversations: Message[][] = [];
  private readonly keys: string[][] = [];

  place(messages: readonly Message[]): ContextRef {
    const keys = messages.map((item) => canonicalJson(item));
    for (let index = this.keys.length - 1; index >= 0; index--) {
      const known = this.keys[index]!;
      const shared = Math.min(known.length, keys.length);
      let same = true;
      for (let k = 0; k < shared && same; k++) same = known[k] === keys[k];
      if (!same) continue;
      if (keys.length > known.length) {
        const before = known.length;
        known.push(...keys.slice(before));
        this.conversations[index]!.push(...messages.slice(before));
      }
      return { conversation: index, length: messages.length };
    }
    this.keys.push(keys);
    this.conversations.push([...messages]);
    return { conversation: this.keys.length - 1, length: messages.length };
  }
}

function step(json: StepJson, folder: ConversationFolder): Step {
  const call = json.modelCall;
  return {
    index: json.index,
    attempt: json.attempt,
    phase: json.phase,
    kind: json.kind,
    trigger: json.trigger,
    modelCall: call && {
      context: folder.place(call.messages.map(message)),
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
  };
}

/** Pure: validates a parsed Trace JSON v1 value and returns the Trace it records. */
export function parseTrace(input: unknown): Trace {
  const result = traceSchema.safeParse(input, { error: scenarioErrorMap });
  if (!result.success) {
    const first = firstIssue(result.error.issues, input);
    throw new TraceError(
      'invalid_trace',
      first?.path ?? '$',
      first?.message ?? 'not a Trace JSON v1',
    );
  }
  const json = result.data;
  json.steps.forEach((recorded, index) => {
    if (recorded.index !== index) {
      throw new TraceError(
        'invalid_trace',
        `$.steps[${index}].index`,
        `expected ${index}, got ${recorded.index}`,
      );
    }
  });
  const folder = new ConversationFolder();
  const steps = json.steps.map((recorded) => step(recorded, folder));
  return {
    format: 'loopscope.trace',
    version: 1,
    scenario: json.scenario,
    config: resolveConfig(json.config as ConfigOverrides),
    stopReason: json.stopReason,
    escalation: json.escalation,
    error: json.error,
    answer: json.answer,
    steps,
    metrics: json.metrics,
    path: json.path,
    forkedFrom: json.forkedFrom,
    conversations: folder.conversations,
  };
}

/** Pure: parses JSON text (a leading byte-order mark is ignored) and loads it as a trace. */
export function parseTraceText(source: string): Trace {
  const read = readJsonText(source);
  if ('problem' in read) throw new TraceError('invalid_json', '$', read.problem, read.location);
  return parseTrace(read.value);
}
