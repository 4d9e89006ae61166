/**
 * The OpenAI wire as the mock model reads and writes it: Chat Completions messages back into the
 * engine's messages, and `chat.completion.chunk` SSE frames. Pure, so the handlers stay short.
 */
import type { Message, Role } from '../src/engine';

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'tool']);

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message's text: a string, or the text parts of a content array; null and missing are ''. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : ''))
      .join('');
  }
  return '';
}

function toolCallsOf(raw: unknown): Message['toolCalls'] {
  if (!Array.isArray(raw)) return undefined;
  const calls = raw.filter(isObject).map((call, index) => {
    const fn = isObject(call['function']) ? call['function'] : {};
    return {
      id: typeof call['id'] === 'string' ? call['id'] : `call_${index}`,
      name: typeof fn['name'] === 'string' ? fn['name'] : '',
      arguments: typeof fn['arguments'] === 'string' ? fn['arguments'] : '',
    };
  });
  return calls.length > 0 ? calls : undefined;
}

/**
 * Pure: Chat Completions messages as the engine's messages (`tool_calls` → `toolCalls`,
 * `tool_call_id` → `toolCallId`), or a sentence saying what is wrong with them.
 */
export function fromOpenAIMessages(raw: unknown): Message[] | string {
  if (!Array.isArray(raw) || raw.length === 0) return '`messages` must be a non-empty array.';
  const messages: Message[] = [];
  for (const [index, item] of raw.entries()) {
    if (!isObject(item) || typeof item['role'] !== 'string' || !ROLES.has(item['role'])) {
      return `messages[${index}] needs a role of system, user, assistant or tool.`;
    }
    const toolCalls = toolCallsOf(item['tool_calls']);
    const toolCallId = item['tool_call_id'];
    messages.push({
      role: item['role'] as Role,
      content: contentText(item['content']),
      ...(toolCalls ? { toolCalls } : {}),
      ...(typeof toolCallId === 'string' ? { toolCallId } : {}),
    });
  }
  return messages;
}

const encoder = new TextEncoder();

/** One SSE event: `data: <json>` and a blank line. */
export function sseFrame(payload: unknown): Uint8Array {
  const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return encoder.encode(`data: ${data}\n\n`);
}

/** Builds the chunks of one completion: they share its id, creation time and model name. */
export function chunkMaker(id: string, model: string, created: number) {
  const base = { id, object: 'chat.completion.chunk', created, model };
  return {
    /** A chunk with one choice. */
    delta: (delta: Loose, finishReason: string | null = null) => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      usage: null,
    }),
    /** The usage chunk `stream_options.include_usage` asks for: no choices, the totals. */
    usage: (promptTokens: number, completionTokens: number) => ({
      ...base,
      choices: [],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    }),
  };
}

/** An OpenAI-style error body. */
export function errorBody(message: string, type = 'invalid_request_error', param?: string) {
  return { error: { message, type, param: param ?? null, code: null } };
}
