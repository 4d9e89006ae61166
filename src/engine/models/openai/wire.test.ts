/**
 * What real servers send, served by MSW over the real fetch: OpenAI, llama.cpp, vLLM and Ollama
 * streams, and the SSE framing quirks a client must survive.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../spec';
import { createOpenAIModel } from './client';
import { fakeDeps } from './fake-deps';
import { byteStream, chunk, collect, frame, modelRequest, textOf, usageChunk } from './testing';
import type { EndpointSettings } from './types';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ENDPOINT: EndpointSettings = {
  baseUrl: 'http://llm.test/v1',
  model: 'm',
  apiKey: null,
  protocol: 'text',
  includeUsage: true,
};
const fetchViaMsw = (input: string, init: RequestInit) => globalThis.fetch(input, init);

/** Serves one SSE body, each piece as its own network read, and streams one model call. */
async function streamOf(
  pieces: readonly (string | Uint8Array)[],
  endpoint: EndpointSettings = ENDPOINT,
  contentType = 'text/event-stream',
) {
  const { body } = byteStream(pieces);
  server.use(
    http.post(
      '*/v1/chat/completions',
      () => new HttpResponse(body, { headers: { 'Content-Type': contentType } }),
    ),
  );
  const { deps } = fakeDeps(fetchViaMsw);
  return collect(createOpenAIModel(endpoint, deps).stream(modelRequest(), {}));
}

const DONE = frame('[DONE]');

describe('OpenAI', () => {
  it('streams the answer text, then finishes with the reason and the server usage', async () => {
    const { parts, error } = await streamOf([
      frame(chunk({ role: 'assistant', content: '' })),
      frame(chunk({ content: 'Thought: look it up\n' })),
      frame(chunk({ content: 'Action: lookup("a")' })),
      frame(chunk({}, 'stop')),
      frame(usageChunk(42, 17)),
      DONE,
    ]);
    expect(error).toBeNull();
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Thought: look it up\n' },
      { type: 'text-delta', text: 'Action: lookup("a")' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 42, completionTokens: 17 } },
    ]);
  });

  it('finishes with usage null when the server sends none (the runner counts and marks it)', async () => {
    const { parts } = await streamOf([frame(chunk({ content: 'hi' }, 'stop')), DONE]);
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: null });
  });

  it('treats finish_reason "length" as a normal, visible finish', async () => {
    const { parts, error } = await streamOf([
      frame(chunk({ content: 'cut by max_tok' }, 'length')),
      DONE,
    ]);
    expect(error).toBeNull();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
  });

  it('ends normally on a finish reason without [DONE], and on [DONE] without a finish reason', async () => {
    const noDone = await streamOf([frame(chunk({ content: 'a' }, 'stop'))]);
    expect(noDone.error).toBeNull();
    expect(noDone.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    const noReason = await streamOf([frame(chunk({ content: 'b' })), DONE]);
    expect(noReason.error).toBeNull();
    expect(noReason.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('ignores keys it does not know (passthrough)', async () => {
    const odd = {
      ...(chunk({ content: 'x', vendor_extra: 1 }) as object),
      system_fingerprint: 'fp',
      x_custom: [1],
    };
    const { parts, error } = await streamOf([frame(odd), frame(chunk({}, 'stop')), DONE]);
    expect(error).toBeNull();
    expect(textOf(parts)).toBe('x');
  });

  it('reads a JSON completion from a server that ignored stream: true', async () => {
    const completion = {
      choices: [
        { index: 0, message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 1 },
    };
    const { parts, error } = await streamOf(
      [JSON.stringify(completion)],
      ENDPOINT,
      'application/json',
    );
    expect(error).toBeNull();
    expect(parts).toEqual([
      { type: 'text-delta', text: 'whole' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 1 } },
    ]);
  });
});

describe('llama.cpp', () => {
  it('skips `: ping` comments and keeps reasoning_content apart from the answer', async () => {
    const { parts, error } = await streamOf([
      ': ping\n\n',
      frame(chunk({ reasoning_content: 'The user wants ' })),
      ': ping - 2025-01-01 00:00:00.000000\n\n',
      frame(chunk({ reasoning_content: 'a lookup.' })),
      frame(chunk({ content: 'Action: lookup("a")' })),
      frame(chunk({}, 'stop')),
      frame(usageChunk(10, 5)),
      DONE,
    ]);
    expect(error).toBeNull();
    expect(parts.filter((p) => p.type === 'reasoning-delta')).toEqual([
      { type: 'reasoning-delta', text: 'The user wants ' },
      { type: 'reasoning-delta', text: 'a lookup.' },
    ]);
    expect(textOf(parts)).toBe('Action: lookup("a")');
    expect(parts.at(-1)).toMatchObject({ usage: { promptTokens: 10, completionTokens: 5 } });
  });
});

describe('vLLM', () => {
  it('reads `reasoning`, and usage from a chunk whose choices is null or missing', async () => {
    for (const choices of [null, undefined]) {
      const { parts, error } = await streamOf([
        frame(chunk({ reasoning: 'think' })),
        frame(chunk({ content: 'Final Answer: 42' }, 'stop')),
        frame(usageChunk(7, 3, choices)),
        DONE,
      ]);
      expect(error).toBeNull();
      expect(parts).toEqual([
        { type: 'reasoning-delta', text: 'think' },
        { type: 'text-delta', text: 'Final Answer: 42' },
        { type: 'finish', finishReason: 'stop', usage: { promptTokens: 7, completionTokens: 3 } },
      ]);
    }
  });

  it('does not double reasoning sent under both names', async () => {
    const { parts } = await streamOf([
      frame(chunk({ reasoning: 'once', reasoning_content: 'once' }, 'stop')),
      DONE,
    ]);
    expect(parts.filter((p) => p.type === 'reasoning-delta')).toHaveLength(1);
  });
});

const TOOLS_ENDPOINT: EndpointSettings = { ...ENDPOINT, protocol: 'tools' };

describe('tool calls', () => {
  it('Ollama: a whole call in one chunk, with no index', async () => {
    const { parts, error } = await streamOf(
      [
        frame(
          chunk({
            role: 'assistant',
            content: '',
            tool_calls: [
              {
                id: 'call_x',
                type: 'function',
                function: { name: 'lookup', arguments: '{"key":"a"}' },
              },
            ],
          }),
        ),
        frame(chunk({}, 'tool_calls')),
        DONE,
      ],
      TOOLS_ENDPOINT,
    );
    expect(error).toBeNull();
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_x', name: 'lookup', arguments: '{"key":"a"}' },
      { type: 'finish', finishReason: 'tool_calls', usage: null },
    ]);
  });

  it('progressive fragments of parallel calls, accumulated by index, one part per call at the end', async () => {
    const { parts, error } = await streamOf(
      [
        frame(
          chunk({
            tool_calls: [
              {
                index: 0,
                id: 'call_a',
                type: 'function',
                function: { name: 'rag_search', arguments: '' },
              },
            ],
          }),
        ),
        frame(
          chunk({
            tool_calls: [
              {
                index: 1,
                id: 'call_b',
                type: 'function',
                function: { name: 'lookup', arguments: '' },
              },
            ],
          }),
        ),
        frame(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"query":"bm2' } }] })),
        frame(chunk({ tool_calls: [{ index: 1, function: { arguments: '{"key":' } }] })),
        frame(chunk({ tool_calls: [{ index: 0, function: { arguments: '5"}' } }] })),
        frame(chunk({ tool_calls: [{ index: 1, function: { arguments: '"a"}' } }] })),
        frame(chunk({}, 'tool_calls')),
        frame(usageChunk(42, 17)),
        DONE,
      ],
      TOOLS_ENDPOINT,
    );
    expect(error).toBeNull();
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'rag_search', arguments: '{"query":"bm25"}' },
      { type: 'tool-call', id: 'call_b', name: 'lookup', arguments: '{"key":"a"}' },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { promptTokens: 42, completionTokens: 17 },
      },
    ]);
  });

  it('whole calls without index in separate chunks stay separate; a call without id gets one', async () => {
    const whole = (id: string, name: string) =>
      frame(chunk({ tool_calls: [{ id, function: { name, arguments: '{}' } }] }));
    const { parts } = await streamOf(
      [
        whole('c1', 'one'),
        whole('c2', 'two'),
        frame(
          chunk(
            { tool_calls: [{ index: 5, function: { name: 'three', arguments: { k: 1 } } }] },
            'tool_calls',
          ),
        ),
        DONE,
      ],
      TOOLS_ENDPOINT,
    );
    expect(parts.filter((p) => p.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'c1', name: 'one', arguments: '{}' },
      { type: 'tool-call', id: 'c2', name: 'two', arguments: '{}' },
      { type: 'tool-call', id: 'call_5', name: 'three', arguments: '{"k":1}' },
    ]);
  });
});

describe('a reply not streamed (the endpoint streams nothing)', () => {
  it('reads the tool calls of a whole JSON completion, in order, with their ids and arguments', async () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'lookup', arguments: '{"key":"a"}' },
              },
              { id: 'call_b', type: 'function', function: { name: 'search', arguments: '{}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 9, completion_tokens: 4 },
    };
    const { parts, error } = await streamOf(
      [JSON.stringify(completion)],
      { ...TOOLS_ENDPOINT, stream: false },
      'application/json; charset=utf-8',
    );
    expect(error).toBeNull();
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'lookup', arguments: '{"key":"a"}' },
      { type: 'tool-call', id: 'call_b', name: 'search', arguments: '{}' },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { promptTokens: 9, completionTokens: 4 },
      },
    ]);
  });

  it('reads a whole reply it asked for (stream: false) as JSON whatever its content type says', async () => {
    const completion = {
      choices: [
        { index: 0, message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' },
      ],
    };
    const whole = { ...ENDPOINT, stream: false };
    for (const type of ['text/plain; charset=utf-8', 'application/octet-stream', '']) {
      const { parts, error } = await streamOf([JSON.stringify(completion)], whole, type);
      expect(error).toBeNull();
      expect(parts).toEqual([
        { type: 'text-delta', text: 'whole' },
        { type: 'finish', finishReason: 'stop', usage: null },
      ]);
    }
    // A server that streams anyway is still read as a stream.
    const streamed = await streamOf(
      [frame(chunk({ content: 'streamed' }, 'stop')), DONE],
      whole,
      'text/event-stream',
    );
    expect(streamed.error).toBeNull();
    expect(textOf(streamed.parts)).toBe('streamed');
    // Asked for a stream, a body that is not one is not taken for JSON.
    const asked = await streamOf([JSON.stringify(completion)], ENDPOINT, 'text/plain');
    expect(asked.error).toBeInstanceOf(ModelError);
  });
});

describe('SSE framing', () => {
  const reply = [frame(chunk({ content: 'Grüße, 世界 🙂' })), frame(chunk({}, 'stop')), DONE].join(
    '',
  );

  it('reassembles multi-byte UTF-8 characters split across network reads', async () => {
    const bytes = new TextEncoder().encode(reply);
    const at = (text: string) => bytes.indexOf(new TextEncoder().encode(text)[0] as number) + 1;
    // Cut inside ü (2 bytes), inside 世 (3 bytes) and inside 🙂 (4 bytes), and byte by byte at the end.
    const cuts = [at('ü'), at('世'), at('世') + 1, at('🙂') + 2];
    const pieces: Uint8Array[] = [];
    let last = 0;
    for (const cut of cuts) {
      pieces.push(bytes.slice(last, cut));
      last = cut;
    }
    for (let i = last; i < bytes.length; i++) pieces.push(bytes.slice(i, i + 1));
    const { parts, error } = await streamOf(pieces);
    expect(error).toBeNull();
    expect(textOf(parts)).toBe('Grüße, 世界 🙂');
  });

  it('reads CRLF and lone CR line endings', async () => {
    for (const eol of ['\r\n', '\r']) {
      const { parts, error } = await streamOf([
        frame(chunk({ content: 'a' }), eol),
        `: ping${eol}${eol}`,
        frame(chunk({ content: 'b' }, 'stop'), eol),
        frame('[DONE]', eol),
      ]);
      expect(error).toBeNull();
      expect(textOf(parts)).toBe('ab');
    }
  });

  it('reads `data:` without a space, and several data lines joined with a newline', async () => {
    const payload = JSON.stringify(chunk({ content: 'joined' }, 'stop'));
    const half = payload.indexOf('"choices"');
    const { parts, error } = await streamOf([
      `data:${JSON.stringify(chunk({ content: 'nospace ' }))}\n\n`,
      `data: ${payload.slice(0, half)}\ndata: ${payload.slice(half)}\n\n`,
      'data:[DONE]\n\n',
    ]);
    expect(error).toBeNull();
    expect(textOf(parts)).toBe('nospace joined');
  });

  it('reads events split at any point, and a last event missing its blank line', async () => {
    const text = [
      frame(chunk({ content: 'split' })),
      frame(chunk({}, 'stop')),
      'data: [DONE]\n',
    ].join('');
    const pieces = text.match(/[\s\S]{1,7}/g) ?? [];
    const { parts, error } = await streamOf(pieces);
    expect(error).toBeNull();
    expect(textOf(parts)).toBe('split');
  });

  it('rejects an event over the size cap, and an event that is not JSON', async () => {
    const huge = await streamOf([`data: "${'x'.repeat(1_100_000)}`, '"\n\n']);
    expect(huge.error).toBeInstanceOf(ModelError);
    expect((huge.error as ModelError).code).toBe('stream_bad_event');
    const hugeInOneRead = await streamOf([`data: "${'x'.repeat(1_100_000)}"\n\n`]);
    expect((hugeInOneRead.error as ModelError).code).toBe('stream_bad_event');
    const notJson = await streamOf(['data: {"choices": [\n\n']);
    expect((notJson.error as ModelError).code).toBe('stream_bad_event');
  });
});
