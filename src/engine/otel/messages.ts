/**
 * The messages a model call saw and what it replied, from whichever convention a span uses:
 * GenAI `gen_ai.input.messages` / `gen_ai.output.messages` (parts) and `gen_ai.system_instructions`,
 * GenAI span events (`gen_ai.user.message`, `gen_ai.choice`, …), OpenLLMetry `gen_ai.prompt.N.*` /
 * `gen_ai.completion.N.*`, OpenInference `llm.input_messages.N.*` / `llm.output_messages.N.*`,
 * Google ADK's `gcp.vertex.agent.llm_request` / `llm_response`, and a backend's input and output
 * (Langfuse: chat messages, Responses API items, GenAI parts). Pure. What it replied: `reply.ts`.
 */
import type { Message, Role } from '../types';
import { GEN_AI } from './attributes';
import type { AttrValue, ForeignSpan } from './model';
import { asText, contentText, indexed, isRecord, parsedJson, textAt, textOf } from './values';

export interface NativeToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

export interface Reply {
  readonly text: string;
  readonly toolCalls: readonly NativeToolCall[];
}

const ROLES: Readonly<Record<string, Role>> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  model: 'assistant',
  ai: 'assistant',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
};
const roleOf = (value: unknown): Role => ROLES[textOf(value).toLowerCase()] ?? 'user';

const message = (
  role: Role,
  content: string,
  toolCalls: readonly NativeToolCall[] = [],
  toolCallId?: string,
): Message => ({
  role,
  content,
  ...(toolCalls.length > 0 ? { toolCalls } : {}),
  ...(toolCallId ? { toolCallId } : {}),
});

/** Pure: one message of any JSON shape (GenAI parts, OpenAI chat, Responses items, ADK contents). */
export function messageOfJson(item: unknown): Message | null {
  if (!isRecord(item)) return typeof item === 'string' ? message('user', item) : null;
  const type = item['type'];
  if (type === 'function_call') {
    return message('assistant', '', [
      {
        id: textOf(item['call_id'] ?? item['id']),
        name: textOf(item['name']),
        arguments: asText(item['arguments'] ?? ''),
      },
    ]);
  }
  if (type === 'function_call_output')
    return message('tool', asText(item['output']), [], textOf(item['call_id']));
  const parts = Array.isArray(item['parts']) ? item['parts'] : null;
  const calls: NativeToolCall[] = [];
  let toolCallId: string | undefined =
    typeof item['tool_call_id'] === 'string' ? item['tool_call_id'] : undefined;
  const texts: string[] = [];
  for (const part of parts ?? []) {
    if (!isRecord(part)) continue;
    const call = part['function_call'] ?? (part['type'] === 'tool_call' ? part : null);
    const response =
      part['function_response'] ?? (part['type'] === 'tool_call_response' ? part : null);
    if (isRecord(call)) {
      calls.push({
        id: textOf(call['id']),
        name: textOf(call['name']),
        arguments: asText(call['arguments'] ?? call['args'] ?? {}),
      });
    } else if (isRecord(response)) {
      toolCallId = textOf(response['id']);
      texts.push(asText(response['response'] ?? response['result'] ?? ''));
    } else texts.push(contentText(part));
  }
  for (const call of Array.isArray(item['tool_calls']) ? item['tool_calls'] : []) {
    if (!isRecord(call)) continue;
    const fn = isRecord(call['function']) ? call['function'] : call;
    calls.push({
      id: textOf(call['id']),
      name: textOf(fn['name']),
      arguments: asText(fn['arguments'] ?? ''),
    });
  }
  const content = parts
    ? texts.filter((text) => text !== '').join('\n')
    : contentText(item['content']);
  const role =
    toolCallId !== undefined && item['role'] === undefined ? 'tool' : roleOf(item['role']);
  return message(role, content, calls, toolCallId);
}

export function messagesOfJson(value: unknown): Message[] {
  const parsed = parsedJson(value);
  const list = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed) && Array.isArray(parsed['messages'])
      ? parsed['messages']
      : isRecord(parsed) && Array.isArray(parsed['contents'])
        ? parsed['contents']
        : null;
  return (list ?? []).map(messageOfJson).filter((item): item is Message => item !== null);
}

/** Pure: `prefix.N.*` messages (OpenLLMetry and OpenInference spell their keys differently). */
export function indexedMessages(span: ForeignSpan, prefix: string, inner: string): Message[] {
  return [...indexed(span.attributes, prefix).values()].map((group) => {
    const at = (key: string): AttrValue | undefined => group[`${inner}${key}`];
    const calls = new Map<number, Record<string, AttrValue>>();
    for (const [key, value] of Object.entries(group)) {
      const match = /^(?:message\.)?tool_calls\.(\d+)\.(.+)$/.exec(key);
      if (!match) continue;
      const call = calls.get(Number(match[1])) ?? {};
      call[match[2]!.replace(/^tool_call\./, '')] = value;
      calls.set(Number(match[1]), call);
    }
    const toolCalls = [...calls.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, call]) => ({
        id: textOf(call['id']),
        name: textOf(call['function.name'] ?? call['name']),
        arguments: asText(call['function.arguments'] ?? call['arguments'] ?? ''),
      }));
    const contents = [...indexed(group as never, `${inner}contents`).values()].map((part) =>
      textOf(part['message_content.text']),
    );
    const content = at('content') ?? (contents.length > 0 ? contents.join('\n') : '');
    const toolCallId = at('tool_call_id');
    return message(
      roleOf(at('role')),
      contentText(content),
      toolCalls,
      typeof toolCallId === 'string' ? toolCallId : undefined,
    );
  });
}

const EVENT_ROLES: Readonly<Record<string, Role>> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

/** Pure: Strands' content blocks (`toolUse`) as tool calls. */
export function blockCalls(value: unknown): NativeToolCall[] {
  const parsed = parsedJson(value);
  return (Array.isArray(parsed) ? parsed : []).flatMap((block) => {
    const use = isRecord(block) ? block['toolUse'] : null;
    return isRecord(use)
      ? [
          {
            id: textOf(use['toolUseId']),
            name: textOf(use['name']),
            arguments: asText(use['input'] ?? {}),
          },
        ]
      : [];
  });
}

function eventMessages(span: ForeignSpan): Message[] {
  return span.events.flatMap((event) => {
    const role = EVENT_ROLES[event.name];
    if (!role) return [];
    const content = event.attributes['content'] ?? event.attributes['message'] ?? '';
    const id = event.attributes['id'];
    return [
      message(
        role,
        contentText(content),
        blockCalls(content),
        role === 'tool' && typeof id === 'string' ? id : undefined,
      ),
    ];
  });
}

/** Pure: the messages the call was sent (empty when the span recorded none). */
export function inputMessages(span: ForeignSpan): Message[] {
  const attributes = span.attributes;
  const sources: (() => Message[])[] = [
    () => messagesOfJson(attributes[GEN_AI.inputMessages]),
    () => indexedMessages(span, 'llm.input_messages', 'message.'),
    () => indexedMessages(span, 'gen_ai.prompt', ''),
    () => eventMessages(span),
    () => messagesOfJson(textAt(attributes, 'gcp.vertex.agent.llm_request')),
    () => messagesOfJson(span.backend?.input),
  ];
  for (const source of sources) {
    const found = source();
    if (found.length === 0) continue;
    const system = systemInstruction(span);
    return system && !found.some((item) => item.role === 'system')
      ? [message('system', system), ...found]
      : found;
  }
  const input = textAt(attributes, 'input.value');
  return input && parsedJson(input) === input ? [message('user', input)] : [];
}

function systemInstruction(span: ForeignSpan): string | null {
  const instructions = span.attributes[GEN_AI.systemInstructions];
  if (instructions !== undefined) return contentText(parsedJson(instructions)) || null;
  const request = parsedJson(textAt(span.attributes, 'gcp.vertex.agent.llm_request'));
  if (isRecord(request) && isRecord(request['config'])) {
    const system = request['config']['system_instruction'];
    if (system) return contentText(system);
  }
  const backend = parsedJson(span.backend?.output);
  if (isRecord(backend) && typeof backend['instructions'] === 'string')
    return backend['instructions'];
  return null;
}
