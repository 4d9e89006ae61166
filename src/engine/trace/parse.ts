/**
 * Loading Trace JSON v1 (what `loop run --json` prints, every model call's messages written out)
 * back into a Trace: validated, with each call's messages folded into shared conversations again
 * (a call whose messages extend an earlier call's shares its conversation). Fails with one
 * TraceError naming the JSON path of the first problem. Pure.
 */
import { z } from 'zod';
import { resolveConfig, type ConfigOverrides } from '../config';
import { readJsonText } from '../scenario/json-location';
import { ConversationFolder } from './conversation-folder';
import { TraceError } from './errors';
import {
  checkStepOrder,
  messageOf,
  messageSchema,
  modelCallFields,
  stepOf,
  stepSchemaWith,
  traceFields,
  validated,
} from './schema';
import type { Trace } from './types';

export { TraceError, type TraceErrorCode } from './errors';

const stepSchema = stepSchemaWith(
  z.object({ messages: z.array(messageSchema), ...modelCallFields }),
);

const traceSchema = z.object({
  format: traceFields.format,
  version: z.literal(1, {
    error: (issue) =>
      `unsupported trace version ${JSON.stringify(issue.input)}; this build reads version 1 only`,
  }),
  scenario: traceFields.scenario,
  config: traceFields.config,
  stopReason: traceFields.stopReason,
  escalation: traceFields.escalation,
  error: traceFields.error,
  answer: traceFields.answer,
  steps: z.array(stepSchema),
  metrics: traceFields.metrics,
  path: traceFields.path,
  forkedFrom: traceFields.forkedFrom,
});

/** Pure: validates a parsed Trace JSON v1 value and returns the Trace it records. */
export function parseTrace(input: unknown): Trace {
  const json = validated(traceSchema, input, 'Trace JSON v1');
  checkStepOrder(json.steps);
  const folder = new ConversationFolder();
  const steps = json.steps.map((recorded) =>
    stepOf(
      recorded,
      recorded.modelCall && folder.place(recorded.modelCall.messages.map(messageOf)),
    ),
  );
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

/**
 * Pure: parses JSON text (a leading byte-order mark is ignored) and loads it as a Trace JSON v1.
 * Text that is not JSON, nests past 256 levels or holds a forbidden key fails with its code.
 */
export function parseTraceText(source: string): Trace {
  const read = readJsonText(source);
  if ('problem' in read) throw new TraceError(read.code, read.path, read.problem, read.location);
  return parseTrace(read.value);
}
