/**
 * OpenTelemetry out: a run's trace as an OTLP/JSON ExportTraceServiceRequest (`resourceSpans` →
 * `scopeSpans` → `spans`). One `invoke_agent` span for the run, a `chat` span per model call and
 * an `execute_tool` span per tool run, with the GenAI conventions' attributes, OpenInference's
 * when asked, and Loopscope's own (attributes.ts) on every span so a re-import restores the run
 * exactly. Pure and deterministic: ids are hashes of the run, times follow the recorded latencies
 * from a start time the caller gives. See docs/otel.md.
 */
import type { Scenario } from '../scenario/types';
import { nativeStepJson, toNativeTraceJson } from '../trace/native-write';
import { taskOf, toolRan } from '../trace/task';
import type { Step, Trace } from '../trace/types';
import type { Message } from '../types';
import { GEN_AI, LOOPSCOPE, OPERATION } from './attributes';
import { nanosOfMs, spanIdOf, traceIdOf } from './export-ids';
import { openInferenceAgent, openInferenceLlm, openInferenceTool } from './export-openinference';
import {
  genAiMessage,
  genAiOutput,
  keyValues,
  resultText,
  type AttributeValue,
  type KeyValue,
} from './export-values';

export interface OtlpExportOptions {
  /** When the run started, in ms since the Unix epoch; the spans follow from the latencies. */
  readonly startTimeMs: number;
  /** The scenario the run ran on: its definition rides on the run's span (null leaves it out). */
  readonly scenario?: Scenario | null;
  /** Also write OpenInference attributes (Phoenix, Arize). */
  readonly openInference?: boolean;
  /**
   * The model the run called, for `gen_ai.request.model` and the chat spans' names; left out
   * when not given (a trace does not record which endpoint answered).
   */
  readonly model?: string;
  /** Told apart two runs of equal content (a run record's id); part of the trace id. */
  readonly runId?: string;
}

/** OTLP span kinds and status codes (the enums OTLP/JSON writes as integers). */
const SPAN_KIND = { internal: 1, client: 3 } as const;
const STATUS = { unset: 0, error: 2 } as const;

export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: readonly KeyValue[];
  readonly status: { readonly code: number; readonly message?: string };
}

/** An OTLP/JSON ExportTraceServiceRequest as this export writes it. */
export interface OtlpRequest {
  readonly resourceSpans: readonly {
    readonly resource: { readonly attributes: readonly KeyValue[] };
    readonly scopeSpans: readonly {
      readonly scope: { readonly name: string; readonly version: string };
      readonly spans: readonly OtlpSpan[];
    }[];
  }[];
}

type Attributes = Record<string, AttributeValue | undefined>;

/** Pure: what tells this run from others (the trace id's input). */
function identityOf(trace: Trace, options: OtlpExportOptions): string {
  const replies = trace.steps.map((step) => `${step.kind}:${step.modelCall?.text ?? ''}`);
  return [
    options.runId ?? '',
    trace.scenario,
    JSON.stringify(trace.config),
    String(options.startTimeMs),
    trace.stopReason,
    trace.answer ?? '',
    ...replies,
  ].join('\n');
}

/** Pure: the Loopscope attributes every span of a step carries. */
function stepAttributes(step: Step): Attributes {
  return {
    [LOOPSCOPE.stepIndex]: step.index,
    [LOOPSCOPE.attempt]: step.attempt,
    [LOOPSCOPE.phase]: step.phase,
    [LOOPSCOPE.kind]: step.kind,
    [LOOPSCOPE.trigger]: step.trigger ?? undefined,
    [LOOPSCOPE.policyOutcome]: step.decision.policy.outcome,
    [LOOPSCOPE.guard]: step.decision.policy.reason ?? undefined,
  };
}

function messagesOf(trace: Trace, step: Step): readonly Message[] {
  const call = step.modelCall;
  if (!call) return [];
  return (trace.conversations[call.context.conversation] ?? []).slice(0, call.context.length);
}

/**
 * Pure: the step's `loopscope.step.json`: the step as Trace JSON v2 writes it (its call's
 * `context`) with the call's `messages` written out as Trace JSON v1 has them, so a reader of
 * either version reads it (each drops the other's field).
 */
function stepJsonText(trace: Trace, step: Step): string {
  const json = nativeStepJson(step);
  const call = json['modelCall'] as Record<string, unknown> | null;
  if (!call) return JSON.stringify(json);
  return JSON.stringify({ ...json, modelCall: { messages: messagesOf(trace, step), ...call } });
}

interface Builder {
  readonly trace: Trace;
  readonly traceId: string;
  readonly agentSpanId: string;
  readonly model: string | undefined;
  readonly openInference: boolean;
  readonly spans: OtlpSpan[];
}

function span(
  b: Builder,
  place: string,
  fields: { name: string; kind: number; start: bigint; end: bigint; attributes: Attributes },
  status: OtlpSpan['status'] = { code: STATUS.unset },
): void {
  b.spans.push({
    traceId: b.traceId,
    spanId: spanIdOf(b.traceId, place),
    parentSpanId: b.agentSpanId,
    name: fields.name,
    kind: fields.kind,
    startTimeUnixNano: fields.start.toString(),
    endTimeUnixNano: fields.end.toString(),
    attributes: keyValues(fields.attributes),
    status,
  });
}

/** Adds the step's chat span (it carries the step's JSON); returns when the call ended. */
function chatSpan(b: Builder, step: Step, start: bigint): bigint {
  const call = step.modelCall;
  if (!call) return start;
  const end = start + nanosOfMs(call.latencyMs);
  const input = messagesOf(b.trace, step);
  const output = genAiOutput(call);
  const { promptTokens, completionTokens } = call.usage;
  const outputMessage: Message = { role: 'assistant', content: call.text };
  span(b, `chat/${step.index}`, {
    name: b.model ? `chat ${b.model}` : OPERATION.chat,
    kind: SPAN_KIND.client,
    start,
    end,
    attributes: {
      [GEN_AI.operationName]: OPERATION.chat,
      [GEN_AI.requestModel]: b.model,
      [GEN_AI.inputMessages]: JSON.stringify(input.map(genAiMessage)),
      [GEN_AI.outputMessages]: JSON.stringify([output]),
      [GEN_AI.inputTokens]: promptTokens,
      [GEN_AI.outputTokens]: completionTokens,
      ...(b.openInference
        ? openInferenceLlm({
            model: b.model,
            input,
            output: outputMessage,
            promptTokens,
            completionTokens,
          })
        : {}),
      ...stepAttributes(step),
      [LOOPSCOPE.step]: stepJsonText(b.trace, step),
    },
  });
  return end;
}

/** Adds the step's execute_tool span when its tool ran; tool runs record no time of their own. */
function toolSpan(b: Builder, step: Step, at: bigint, carriesStep: boolean): boolean {
  const action = step.decision.action;
  const observation = step.observation;
  if (!action || !observation || !toolRan(step)) return false;
  const args = JSON.stringify(action.args);
  const result = resultText(observation.result);
  const callId = step.modelCall?.toolCall?.id;
  span(
    b,
    `tool/${step.index}`,
    {
      name: `execute_tool ${action.tool}`,
      kind: SPAN_KIND.internal,
      start: at,
      end: at,
      attributes: {
        [GEN_AI.operationName]: OPERATION.executeTool,
        [GEN_AI.toolName]: action.tool,
        [GEN_AI.toolCallId]: callId,
        [GEN_AI.toolCallArguments]: args,
        [GEN_AI.toolCallResult]: result,
        ...(b.openInference ? openInferenceTool(action.tool, args, result) : {}),
        ...stepAttributes(step),
        [LOOPSCOPE.step]: carriesStep ? stepJsonText(b.trace, step) : undefined,
      },
    },
    observation.ok ? { code: STATUS.unset } : { code: STATUS.error, message: result },
  );
  return true;
}

/** Pure: the run's trace as one OTLP/JSON ExportTraceServiceRequest. */
export function toOtlpRequest(trace: Trace, options: OtlpExportOptions): OtlpRequest {
  const scenario = options.scenario ?? null;
  const traceId = traceIdOf(identityOf(trace, options));
  const b: Builder = {
    trace,
    traceId,
    agentSpanId: spanIdOf(traceId, 'agent'),
    model: options.model,
    openInference: options.openInference ?? false,
    spans: [],
  };
  const start = nanosOfMs(options.startTimeMs);
  let at = start;
  for (const step of trace.steps) {
    at = chatSpan(b, step, at);
    const ranTool = toolSpan(b, step, at, step.modelCall === null);
    if (!step.modelCall && !ranTool) {
      span(b, `step/${step.index}`, {
        name: `step ${step.index}`,
        kind: SPAN_KIND.internal,
        start: at,
        end: at,
        attributes: {
          ...stepAttributes(step),
          [LOOPSCOPE.step]: stepJsonText(b.trace, step),
        },
      });
    }
  }
  const { steps: _steps, ...run } = toNativeTraceJson(trace, scenario);
  const task = taskOf(trace) ?? '';
  const agent: OtlpSpan = {
    traceId,
    spanId: b.agentSpanId,
    name: `${OPERATION.invokeAgent} ${trace.scenario}`,
    kind: SPAN_KIND.internal,
    startTimeUnixNano: start.toString(),
    endTimeUnixNano: at.toString(),
    attributes: keyValues({
      [GEN_AI.operationName]: OPERATION.invokeAgent,
      [GEN_AI.agentName]: trace.scenario,
      [GEN_AI.requestModel]: b.model,
      // No usage here: a rollup on the agent span would be counted twice by backends that add
      // the calls' usage up (the run's metrics ride in loopscope.run.json).
      ...(b.openInference ? openInferenceAgent(task, trace.answer) : {}),
      [LOOPSCOPE.scenario]: trace.scenario,
      [LOOPSCOPE.config]: JSON.stringify(trace.config),
      [LOOPSCOPE.stopReason]: trace.stopReason,
      [LOOPSCOPE.run]: JSON.stringify(run),
    }),
    status: trace.error
      ? { code: STATUS.error, message: trace.error.message }
      : { code: STATUS.unset },
  };
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues({ 'service.name': 'loopscope' }) },
        scopeSpans: [{ scope: { name: 'loopscope', version: '1' }, spans: [agent, ...b.spans] }],
      },
    ],
  };
}

/** Pure: the OTLP/JSON file of one run (one request, pretty-printed). */
export function toOtlpJson(trace: Trace, options: OtlpExportOptions): string {
  return `${JSON.stringify(toOtlpRequest(trace, options), null, 2)}\n`;
}

/** Pure: OTLP JSON Lines, as the collector's file exporter writes: one request per run, a line each. */
export function toOtlpJsonLines(
  runs: readonly { readonly trace: Trace; readonly options: OtlpExportOptions }[],
): string {
  return runs
    .map(({ trace, options }) => `${JSON.stringify(toOtlpRequest(trace, options))}\n`)
    .join('');
}
