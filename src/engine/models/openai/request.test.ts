/**
 * What goes on the wire: one POST per model call with the streaming body, only the two headers a
 * CORS preflight allows, tools declared for the `tools` protocol, and the key nowhere but its header.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message, ToolSpec } from '../../types';
import { ModelError } from '../spec';
import { createOpenAIModel } from './client';
import { toOpenAIMessages } from './messages';
import { retryDelay } from './retry';
import { fakeDeps } from './fake-deps';
import { byteStream, chunk, collect, frame, modelRequest } from './testing';
import type { EndpointSettings } from './types';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const KEY = 'sk-test-0123456789abcdef';
const ENDPOINT: EndpointSettings = {
  baseUrl: 'http://llm.test/v1',
  model: 'llama-3.1-8b',
  apiKey: null,
  protocol: 'text',
  includeUsage: true,
};
const TOOLS: ToolSpec[] = [
  {
    name: 'lookup',
    description: 'Look up a key',
    parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  },
];
const fetchViaMsw = (input: string, init: RequestInit) => globalThis.fetch(input, init);

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Records each request and answers with a short stream (or `respond`). */
function record(respond?: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post('*/chat/completions', async ({ request }) => {
      seen.push({
        url: request.url,
        method: request.method,
        headers: Object.fromEntries(request.headers.entries()),
        body: (await request.json()) as Record<string, unknown>,
      });
      return (
        respond?.() ??
        new HttpResponse(
          byteStream([frame(chunk({ content: 'ok' }, 'stop')), frame('[DONE]')]).body,
          {
            headers: { 'Content-Type': 'text/event-stream' },
          },
        )
      );
    }),
  );
  return seen;
}

async function send(
  endpoint: EndpointSettings,
  messages?: Message[],
  tools: ToolSpec[] | null = null,
) {
  const { deps } = fakeDeps(fetchViaMsw);
  return collect(createOpenAIModel(endpoint, deps).stream(modelRequest(messages, tools), {}));
}

describe('the request', () => {
  it('is one streaming POST to {base}/chat/completions with the model, messages and include_usage', async () => {
    const seen = record();
    await send({ ...ENDPOINT, baseUrl: 'http://llm.test/v1/' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('http://llm.test/v1/chat/completions');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toEqual({
      model: 'llama-3.1-8b',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends only Content-Type, plus Authorization: Bearer when a key is set', async () => {
    const seen = record();
    await send(ENDPOINT);
    await send({ ...ENDPOINT, apiKey: KEY });
    expect(seen[0]?.headers).toEqual({ 'content-type': 'application/json' });
    expect(seen[1]?.headers).toEqual({
      'content-type': 'application/json',
      authorization: `Bearer ${KEY}`,
    });
  });

  it('omits stream_options when include_usage is switched off', async () => {
    const seen = record();
    await send({ ...ENDPOINT, includeUsage: false });
    expect(seen[0]?.body).not.toHaveProperty('stream_options');
  });

  it('asks for a whole reply, with no stream_options, when the endpoint streams nothing', async () => {
    const seen = record();
    await send({ ...ENDPOINT, stream: false });
    await send({ ...ENDPOINT, stream: true });
    expect(seen[0]?.body).toEqual({
      model: 'llama-3.1-8b',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
    });
    expect(seen[1]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('declares the tools when the loop asks for them (tools protocol) and only then', async () => {
    const seen = record();
    await send({ ...ENDPOINT, protocol: 'tools' }, undefined, TOOLS);
    await send(ENDPOINT, undefined, null);
    expect(seen[0]?.body['tools']).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Look up a key',
          parameters: TOOLS[0]?.parameters,
        },
      },
    ]);
    expect(seen[1]?.body).not.toHaveProperty('tools');
  });

  it("sends OpenAI's seed when the run has one, and none otherwise", async () => {
    const seen = record();
    await send({ ...ENDPOINT, seed: 7 });
    await send(ENDPOINT);
    expect(seen[0]?.body['seed']).toBe(7);
    expect(seen[1]?.body).not.toHaveProperty('seed');
  });

  it('sends tool calls and tool results in the Chat Completions shape', async () => {
    const seen = record();
    const messages: Message[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Find a.' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"key":"a"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{"value":42}' },
    ];
    await send({ ...ENDPOINT, protocol: 'tools' }, messages, TOOLS);
    expect(seen[0]?.body['messages']).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Find a.' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup', arguments: '{"key":"a"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"value":42}' },
    ]);
  });

  it('rejects a base URL that is not http(s) or holds credentials, without echoing it', async () => {
    for (const baseUrl of ['ftp://llm.test/v1', 'not a url', `http://user:${KEY}@llm.test/v1`]) {
      const { error } = await send({ ...ENDPOINT, baseUrl });
      expect((error as ModelError).code).toBe('bad_endpoint');
      expect((error as Error).message).not.toContain(KEY);
    }
  });
});

describe('toOpenAIMessages', () => {
  it('keeps role and content, and sends a tool result without its call id as the user', () => {
    expect(
      toOpenAIMessages([
        { role: 'assistant', content: 'Thought: x' },
        { role: 'tool', content: 'orphan' },
      ]),
    ).toEqual([
      { role: 'assistant', content: 'Thought: x' },
      { role: 'user', content: 'orphan' },
    ]);
  });
});

describe('the key never leaks', () => {
  const keyed = { ...ENDPOINT, apiKey: KEY };

  it('not in an error message, even when the server echoes it', async () => {
    record(() =>
      HttpResponse.json(
        { error: { message: `Incorrect API key provided: ${KEY}.` } },
        { status: 401 },
      ),
    );
    const { error } = await send(keyed);
    expect((error as ModelError).code).toBe('http_401');
    expect((error as Error).message).toContain('[redacted]');
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String(error)).not.toContain(KEY);
  });

  it('not in a retry reason, a stream error, the URL or any part', async () => {
    const seen = record(
      () =>
        new HttpResponse(
          byteStream([frame(chunk({ content: 'x' })), frame({ error: { message: `bad ${KEY}` } })])
            .body,
          {
            headers: { 'Content-Type': 'text/event-stream' },
          },
        ),
    );
    const { parts, error } = await send(keyed);
    expect((error as ModelError).code).toBe('stream_error');
    expect((error as Error).message).not.toContain(KEY);
    expect(JSON.stringify(parts)).not.toContain(KEY);
    expect(seen[0]?.url).not.toContain(KEY);
    expect(JSON.stringify(seen[0]?.body)).not.toContain(KEY);

    server.resetHandlers();
    record(() => HttpResponse.error());
    const network = await send(keyed);
    expect((network.error as ModelError).code).toBe('network');
    expect(JSON.stringify(network.parts) + (network.error as Error).message).not.toContain(KEY);
  });

  it('not in the adapter name', () => {
    const { deps } = fakeDeps(fetchViaMsw);
    expect(createOpenAIModel(keyed, deps).name).not.toContain(KEY);
  });
});

describe('retryDelay', () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  it('backs off 0.5 s × 2^n capped at 8 s, up to 25 % less at random', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelay(n, null, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(retryDelay(0, null, () => 0.999999)).toBe(375);
  });
  it('prefers retry-after-ms, then retry-after seconds or date, capped at 30 s', () => {
    const now = () => Date.parse('2025-06-01T12:00:00Z');
    expect(retryDelay(0, headers({ 'retry-after-ms': '20', 'retry-after': '9' }), () => 0)).toBe(
      20,
    );
    expect(retryDelay(0, headers({ 'retry-after': '1.5' }), () => 0)).toBe(1500);
    expect(retryDelay(0, headers({ 'retry-after': '86400' }), () => 0)).toBe(30_000);
    expect(
      retryDelay(0, headers({ 'retry-after': 'Sun, 01 Jun 2025 12:00:02 GMT' }), () => 0, now),
    ).toBe(2000);
    expect(
      retryDelay(0, headers({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' }), () => 0, now),
    ).toBe(0);
    expect(retryDelay(1, headers({ 'retry-after': 'soon' }), () => 0, now)).toBe(1000);
  });
});
