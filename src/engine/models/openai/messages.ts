/**
 * The request side of the wire: URLs, headers and the Chat Completions body. Pure functions.
 */
import type { ModelRequest } from '../spec';
import { ModelError } from '../spec';
import type { Message, ToolSpec } from '../../types';
import type { EndpointSettings } from './types';

/**
 * Pure: `{base}/{path}` for an http(s) base URL without credentials. Throws ModelError
 * `bad_endpoint` naming the problem (the URL is never echoed: it could hold a secret).
 */
export function endpointUrl(baseUrl: string, path: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ModelError(
      'bad_endpoint',
      'The base URL is not a URL (expected e.g. http://127.0.0.1:8080/v1).',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelError(
      'bad_endpoint',
      `The base URL must start with http:// or https://, not ${url.protocol}.`,
    );
  }
  if (url.username || url.password) {
    throw new ModelError(
      'bad_endpoint',
      'The base URL must not hold a user name or password: give the key as the API key.',
    );
  }
  return `${baseUrl.trim().replace(/\/+$/, '')}/${path}`;
}

/** Pure: the only headers sent (anything else would need to pass the server's CORS preflight). */
export function requestHeaders(apiKey: string | null, json: boolean): Record<string, string> {
  const headers: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
  if (apiKey) headers['Authorization'] = `Bearer ${apiKey}`;
  return headers;
}

/** Pure: the engine's messages in the Chat Completions shape (tool calls and tool results included). */
export function toOpenAIMessages(messages: readonly Message[]): unknown[] {
  return messages.map((message) => {
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      return {
        role: 'assistant',
        content: message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    }
    if (message.role === 'tool') {
      // A tool message without the id of its call would be rejected: send it as the user's.
      return message.toolCallId
        ? { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
        : { role: 'user', content: message.content };
    }
    return { role: message.role, content: message.content };
  });
}

/** Pure: the tools declaration of the `tools` protocol. */
export function toOpenAITools(tools: readonly ToolSpec[]): unknown[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

/** Pure: the Chat Completions body for one model call (streaming unless the endpoint says not). */
export function requestBody(
  endpoint: EndpointSettings,
  request: ModelRequest,
): Record<string, unknown> {
  const stream = endpoint.stream !== false;
  const body: Record<string, unknown> = {
    model: endpoint.model,
    messages: toOpenAIMessages(request.context.toArray()),
    stream,
  };
  // A whole completion carries its usage anyway; stream_options is for streams only.
  if (stream && endpoint.includeUsage) body['stream_options'] = { include_usage: true };
  if (endpoint.seed !== undefined) body['seed'] = endpoint.seed;
  // The loop decides the protocol (request.tools is set only under `tools`).
  if (request.tools && request.tools.length > 0) {
    body['tools'] = toOpenAITools(request.tools);
  }
  return body;
}
