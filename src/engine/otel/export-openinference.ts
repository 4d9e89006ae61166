/** The optional OpenInference attributes of an export (Phoenix, Arize): one builder per span kind. */
import type { Message } from '../types';
import type { AttributeValue } from './export-values';

type Attributes = Record<string, AttributeValue | undefined>;

/** Pure: `llm.<side>_messages.N.message.role/content` of a message list. */
function flatMessages(side: 'input' | 'output', messages: readonly Message[]): Attributes {
  const attributes: Attributes = {};
  messages.forEach((message, index) => {
    const at = `llm.${side}_messages.${index}.message`;
    attributes[`${at}.role`] = message.role;
    attributes[`${at}.content`] = message.content;
    message.toolCalls?.forEach((call, n) => {
      attributes[`${at}.tool_calls.${n}.tool_call.id`] = call.id;
      attributes[`${at}.tool_calls.${n}.tool_call.function.name`] = call.name;
      attributes[`${at}.tool_calls.${n}.tool_call.function.arguments`] = call.arguments;
    });
    if (message.toolCallId !== undefined) attributes[`${at}.tool_call_id`] = message.toolCallId;
  });
  return attributes;
}

/** Pure: an LLM span's OpenInference attributes. */
export function openInferenceLlm(options: {
  readonly model: string | undefined;
  readonly input: readonly Message[];
  readonly output: Message;
  readonly promptTokens: number;
  readonly completionTokens: number;
}): Attributes {
  const { input, output, promptTokens, completionTokens } = options;
  const last = input[input.length - 1];
  return {
    'openinference.span.kind': 'LLM',
    'llm.model_name': options.model,
    ...flatMessages('input', input),
    ...flatMessages('output', [output]),
    'llm.token_count.prompt': promptTokens,
    'llm.token_count.completion': completionTokens,
    'llm.token_count.total': promptTokens + completionTokens,
    'input.value': last?.content ?? '',
    'output.value': output.content,
  };
}

/** Pure: a TOOL span's OpenInference attributes. */
export function openInferenceTool(name: string, args: string, result: string): Attributes {
  return {
    'openinference.span.kind': 'TOOL',
    'tool.name': name,
    'input.value': args,
    'input.mime_type': 'application/json',
    'output.value': result,
  };
}

/** Pure: the AGENT span's OpenInference attributes. */
export function openInferenceAgent(task: string, answer: string | null): Attributes {
  return {
    'openinference.span.kind': 'AGENT',
    'input.value': task,
    ...(answer !== null ? { 'output.value': answer } : {}),
  };
}
