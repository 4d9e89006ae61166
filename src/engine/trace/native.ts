/**
 * Trace JSON v2, the native `.loopscope.json` file: the run's conversations written once, each
 * model call's `context: {conversation, length}` pointing into them (calls share their message
 * prefixes), and the Scenario JSON v1 the run ran on (`scenarioDefinition`, null when not given),
 * so a file of a user's own scenario is self-contained. Reading it here (native-write.ts writes
 * it, without the schemas); pure and linear in the size of the trace. See docs/files.md.
 */
import { z } from 'zod';
import { resolveConfig, type ConfigOverrides } from '../config';
import { ScenarioError } from '../scenario/errors';
import { parseScenario } from '../scenario/parse';
import type { Scenario } from '../scenario/types';
import { TraceError } from './errors';
import { NATIVE_TRACE_VERSION } from './native-write';
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
import type { Trace } from './types';
import { allOf, fastMessage, fastPath, fastStep } from './native-fast';

export { NATIVE_TRACE_VERSION, nativeStepJson, toNativeTraceJson } from './native-write';

const nativeSchema = z.object({
  ...traceFields,
  version: z.literal(NATIVE_TRACE_VERSION),
  conversations: z.array(z.array(messageSchema)),
  steps: z.array(stepSchemaWith(z.object({ context: contextSchema, ...modelCallFields }))),
  scenarioDefinition: z.unknown().optional(),
});

type NativeJson = z.infer<typeof nativeSchema>;

/** The file's shape around its steps, messages and path (which `native-fast.ts` checks). */
const shellSchema = z.object({
  ...traceFields,
  version: z.literal(NATIVE_TRACE_VERSION),
  path: z.unknown().optional(),
  conversations: z.array(z.unknown()),
  steps: z.array(z.unknown()),
  scenarioDefinition: z.unknown().optional(),
});

type ShellJson = z.infer<typeof shellSchema>;

/** The parts of a file a trace is made of: the schema's output, or the fast path's. */
interface NativeParts {
  readonly json: Omit<ShellJson, 'path' | 'conversations' | 'steps'>;
  readonly steps: Trace['steps'];
  readonly conversations: NonNullable<Trace['conversations']>;
  readonly path: Trace['path'];
}

/** Pure: a good file's parts without zod on its steps (native-fast.ts); null when anything is not plainly good. */
export function fastNativeParts(input: unknown): NativeParts | null {
  const shell = shellSchema.safeParse(input);
  if (!shell.success) return null;
  const { path: rawPath, conversations: rawConversations, steps: rawSteps, ...json } = shell.data;
  const conversations = allOf(rawConversations, (messages) =>
    Array.isArray(messages) ? allOf(messages, fastMessage) : null,
  );
  const path = conversations && fastPath(rawPath);
  const steps = path && allOf(rawSteps, (step, index) => fastStep(step, index, rawConversations));
  if (!conversations || !path || !steps) return null;
  return { json, steps, conversations, path };
}

/** Pure: a file's parts through the schemas, or a TraceError worded at its first problem. */
export function checkedNativeParts(input: unknown): NativeParts {
  const valid = validated(nativeSchema, input, 'Trace JSON v2');
  checkStepOrder(valid.steps);
  checkContexts(valid);
  const { path, conversations, steps, ...json } = valid;
  return {
    json,
    steps: steps.map((recorded) => stepOf(recorded, recorded.modelCall?.context ?? null)),
    conversations: conversations.map((conversation) => conversation.map(messageOf)),
    path,
  };
}

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
function definitionOf(json: NativeParts['json']): Scenario | null {
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

function traceOf({ json, steps, conversations, path }: NativeParts): {
  trace: Trace;
  scenario: Scenario | null;
} {
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
    steps,
    metrics: json.metrics,
    path,
    forkedFrom: json.forkedFrom,
    conversations,
  };
  return { trace, scenario };
}

/**
 * Pure: validates a parsed Trace JSON v2 value (shape, step order, every context inside its
 * conversation, the scenario definition) and returns the trace and the scenario it carries.
 */
export function parseNativeTrace(input: unknown): { trace: Trace; scenario: Scenario | null } {
  return traceOf(fastNativeParts(input) ?? checkedNativeParts(input));
}

/**
 * Pure: what {@link parseNativeTrace} gives a value its fast path reads whole (no zod on the
 * steps); null for anything else, good or bad — only the schemas word a problem.
 */
export function fastNativeTrace(
  input: unknown,
): { trace: Trace; scenario: Scenario | null } | null {
  const parts = fastNativeParts(input);
  if (!parts) return null;
  try {
    return traceOf(parts);
  } catch (error) {
    if (error instanceof TraceError) return null;
    throw error;
  }
}
