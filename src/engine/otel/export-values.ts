/**
 * The value shapes of an OTLP/JSON export: attributes as OTLP `AnyValue`s (64-bit integers as
 * decimal strings, so no JSON number passes 2^53), and messages in the GenAI conventions' `parts`
 * form (`text`, `tool_call`, `tool_call_response`, `reasoning`).
 */
import { canonicalJson } from '../tools/json';
import type { Message } from '../types';

/** An OTLP AnyValue as OTLP/JSON writes it. */
export type AnyValue =
  | { readonly stringValue: string }
  | { readonly intValue: string }
  | { readonly doubleValue: number }
  | { readonly boolValue: boolean }
  | { readonly arrayValue: { readonly values: readonly AnyValue[] } };

export interface KeyValue {
  readonly key: string;
  readonly value: AnyValue;
}

/** A value an attribute may carry before it is put in AnyValue form. */
export type AttributeValue = string | number | boolean | readonly (string | number | boolean)[];

/**
 * Pure: the AnyValue of a value. Whole numbers are `intValue` strings, other numbers
 * `doubleValue` (a non-finite number, which JSON cannot hold, becomes its string).
 */
export function anyValue(value: AttributeValue): AnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { stringValue: String(value) };
    return Number.isInteger(value) ? { intValue: value.toFixed(0) } : { doubleValue: value };
  }
  return { arrayValue: { values: value.map((item) => anyValue(item)) } };
}

/** Pure: attributes in OTLP's key-value list, in the order given; `undefined` values left out. */
export function keyValues(
  attributes: Readonly<Record<string, AttributeValue | undefined>>,
): KeyValue[] {
  const list: KeyValue[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) list.push({ key, value: anyValue(value) });
  }
  return list;
}

/** Pure: a JSON text's value, or the text itself when it is not JSON. */
function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Pure: a tool's result as span text: a string as it is, anything else as canonical JSON. */
export function resultText(result: unknown): string {
  return typeof result === 'string' ? result : canonicalJson(result);
}

type Part = Readonly<Record<string, unknown>>;

/** Pure: one chat message in the GenAI conventions' form (`{role, parts}`). */
export function genAiMessage(message: Message): { role: string; parts: Part[] } {
  if (message.role === 'tool') {
    return {
      role: 'tool',
      parts: [
        { type: 'tool_call_response', id: message.toolCallId ?? '', response: message.content },
      ],
    };
  }
  const parts: Part[] = [];
  if (message.content !== '' || !message.toolCalls?.length) {
    parts.push({ type: 'text', content: message.content });
  }
  for (const call of message.toolCalls ?? []) {
    parts.push({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      arguments: parsedOr(call.arguments),
    });
  }
  return { role: message.role, parts };
}

/** What a model call answered, as `gen_ai.output.messages` holds it. */
export interface Reply {
  readonly text: string;
  readonly reasoning: string | null;
  readonly toolCall: {
    readonly id: string;
    readonly name: string;
    readonly arguments: string;
  } | null;
}

/** Pure: a reply as the one assistant message of `gen_ai.output.messages`. */
export function genAiOutput(reply: Reply): {
  role: 'assistant';
  parts: Part[];
  finish_reason: string;
} {
  const parts: Part[] = [];
  if (reply.reasoning) parts.push({ type: 'reasoning', content: reply.reasoning });
  if (reply.text !== '' || !reply.toolCall) parts.push({ type: 'text', content: reply.text });
  if (reply.toolCall) {
    const { id, name } = reply.toolCall;
    parts.push({ type: 'tool_call', id, name, arguments: parsedOr(reply.toolCall.arguments) });
  }
  return { role: 'assistant', parts, finish_reason: reply.toolCall ? 'tool_call' : 'stop' };
}
