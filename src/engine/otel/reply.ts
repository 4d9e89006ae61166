/**
 * What a model call replied (its text and the tool calls it asked for), from the conventions
 * `messages.ts` reads the input from: GenAI output messages and `gen_ai.choice` events,
 * OpenInference and OpenLLMetry indexed keys, ADK's `llm_response`, a backend's output (a
 * Responses API object, a chat completion), any-agent's `gen_ai.output`, `output.value`. Pure.
 */
import type { Message } from '../types';
import { GEN_AI } from './attributes';
import { blockCalls, indexedMessages, messageOfJson, messagesOfJson, type Reply } from './messages';
import type { ForeignSpan } from './model';
import { asText, contentText, isRecord, parsedJson, textAt, textOf } from './values';

export const replyOf = (messages: readonly Message[]): Reply | null => {
  const replies = messages.filter((item) => item.role === 'assistant' || item.role === 'user');
  if (replies.length === 0) return null;
  return {
    text: replies
      .map((item) => item.content)
      .filter((text) => text !== '')
      .join('\n'),
    toolCalls: replies.flatMap((item) => item.toolCalls ?? []),
  };
};

/** Pure: a Responses API object or a chat completion as a reply. */
function backendReply(value: unknown): Reply | null {
  const parsed = parsedJson(value);
  if (isRecord(parsed) && Array.isArray(parsed['output'])) {
    const items = parsed['output'].map((item) =>
      isRecord(item) && item['type'] === 'message' ? { ...item, role: 'assistant' } : item,
    );
    return replyOf(items.map(messageOfJson).filter((item): item is Message => item !== null));
  }
  if (isRecord(parsed) && Array.isArray(parsed['choices'])) {
    return replyOf(
      parsed['choices']
        .map((choice) => messageOfJson(isRecord(choice) ? choice['message'] : null))
        .filter((item): item is Message => item !== null),
    );
  }
  if (typeof parsed === 'string') return { text: parsed, toolCalls: [] };
  const messages = messagesOfJson(parsed);
  return replyOf(messages.map((item) => ({ ...item, role: 'assistant' as const })));
}

/** Pure: what the call replied: its text and the tool calls it asked for (null when not recorded). */
export function outputReply(span: ForeignSpan): Reply | null {
  const attributes = span.attributes;
  const choice = span.events.find((event) => event.name === 'gen_ai.choice');
  const anyAgent = parsedJson(attributes['gen_ai.output']);
  const sources: (() => Reply | null)[] = [
    () =>
      replyOf(
        messagesOfJson(attributes[GEN_AI.outputMessages]).map((item) => ({
          ...item,
          role: 'assistant' as const,
        })),
      ),
    () => replyOf(indexedMessages(span, 'llm.output_messages', 'message.')),
    () => replyOf(indexedMessages(span, 'gen_ai.completion', '')),
    () => {
      if (!choice) return null;
      const content = choice.attributes['message'] ?? choice.attributes['content'] ?? '';
      return { text: contentText(content), toolCalls: blockCalls(content) };
    },
    () => {
      const response = parsedJson(textAt(attributes, 'gcp.vertex.agent.llm_response'));
      return isRecord(response) && isRecord(response['content'])
        ? replyOf([messageOfJson({ ...response['content'], role: 'assistant' })!])
        : null;
    },
    () => (span.backend ? backendReply(span.backend.output) : null),
    () => {
      if (anyAgent === undefined) return null;
      if (Array.isArray(anyAgent)) {
        const calls = anyAgent.filter(isRecord).map((item, index) => ({
          id: `call-${index}`,
          name: textOf(item['tool.name']),
          arguments: asText(item['tool.args'] ?? ''),
        }));
        if (calls.length > 0) return { text: '', toolCalls: calls };
      }
      return { text: asText(anyAgent), toolCalls: [] };
    },
    () => {
      const output = textAt(attributes, 'output.value');
      return output && parsedJson(output) === output ? { text: output, toolCalls: [] } : null;
    },
  ];
  for (const source of sources) {
    const reply = source();
    if (reply && (reply.text !== '' || reply.toolCalls.length > 0)) return reply;
  }
  return null;
}
