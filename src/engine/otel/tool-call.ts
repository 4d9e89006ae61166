/**
 * A tool call's name, id, arguments and result from whichever convention a span uses: GenAI
 * `gen_ai.tool.*` (and the span events Strands writes), OpenInference `tool.name` with
 * `input.value` / `output.value`, ADK's `gcp.vertex.agent.tool_call_args` / `tool_response`,
 * any-agent's `gen_ai.tool.args` / `gen_ai.output`, or a backend's input and output. Pure.
 */
import { GEN_AI } from './attributes';
import type { ForeignSpan } from './model';
import { argsOf, contentText, isRecord, parsedJson, textAt } from './values';

export interface ToolCallRead {
  readonly name: string;
  readonly callId: string | null;
  readonly args: Record<string, unknown>;
  readonly result: unknown;
  readonly ok: boolean;
}

const first = (...values: unknown[]): unknown =>
  values.find((value) => value !== undefined && value !== null);

/** Pure: Strands' result blocks and similar content lists as their text; JSON results as values. */
function resultOf(value: unknown): unknown {
  const parsed = parsedJson(value);
  if (
    Array.isArray(parsed) &&
    parsed.every(
      (part) =>
        isRecord(part) && ('text' in part || 'toolResult' in part || part['type'] === 'text'),
    )
  ) {
    return contentText(parsed);
  }
  if (isRecord(parsed) && Array.isArray(parsed['content']) && Object.keys(parsed).length <= 2) {
    const text = contentText(parsed['content']);
    if (text !== '') return text;
  }
  return parsed;
}

/** Pure: the tool call a tool span records. */
export function toolCallOf(span: ForeignSpan): ToolCallRead {
  const attributes = span.attributes;
  const fromName = /^execute_tool\s+(.+)$/.exec(span.name)?.[1];
  const name =
    textAt(attributes, GEN_AI.toolName) ??
    textAt(attributes, 'tool.name') ??
    fromName ??
    (span.name || 'tool');
  const toolMessage = span.events.find((event) => event.name === 'gen_ai.tool.message');
  const choice = span.events.find((event) => event.name === 'gen_ai.choice');
  const args = first(
    attributes[GEN_AI.toolCallArguments],
    attributes['gen_ai.tool.args'],
    attributes['gcp.vertex.agent.tool_call_args'],
    attributes['input.value'],
    span.backend?.input,
    toolMessage?.attributes['content'],
  );
  const result = first(
    attributes[GEN_AI.toolCallResult],
    attributes['gcp.vertex.agent.tool_response'],
    attributes['output.value'],
    attributes['gen_ai.output'],
    span.backend?.output,
    choice?.attributes['message'],
  );
  const callId = first(
    textAt(attributes, GEN_AI.toolCallId),
    textAt(attributes, 'tool.id'),
    textAt(attributes, 'tool_call.id'),
  );
  const status = textAt(attributes, 'gen_ai.tool.status');
  return {
    name,
    callId: typeof callId === 'string' ? callId : null,
    args: argsOf(args),
    result: result === undefined ? null : resultOf(result),
    ok: !span.status.error && status !== 'error',
  };
}
