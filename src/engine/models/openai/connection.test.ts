/** "Test connection": the model list in words, the chat fallback, and errors a user can act on. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './connection';
import { corsHelp } from './faults';
import { fakeDeps } from './fake-deps';
import { byteStream, chunk, frame } from './testing';
import type { EndpointSettings } from './types';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const KEY = 'sk-conn-secret-42';
const ENDPOINT: EndpointSettings = {
  baseUrl: 'http://llm.test/v1',
  model: 'llama-3.1-8b',
  apiKey: KEY,
  protocol: 'text',
  includeUsage: true,
};
const fetchViaMsw = (input: string, init: RequestInit) => globalThis.fetch(input, init);
const test = (endpoint = ENDPOINT) => testConnection(endpoint, fakeDeps(fetchViaMsw).deps);
const list = (...ids: string[]) => ({
  object: 'list',
  data: ids.map((id) => ({ id, object: 'model' })),
});

describe('testConnection', () => {
  it('lists the models with GET {base}/models, sending the key only in its header', async () => {
    let auth: string | null = null;
    server.use(
      http.get('*/v1/models', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(list('qwen2.5-7b', 'llama-3.1-8b', 'phi-4'));
      }),
    );
    const result = await test();
    expect(result).toEqual({
      ok: true,
      message: 'Connected: 3 models, including llama-3.1-8b.',
      models: ['qwen2.5-7b', 'llama-3.1-8b', 'phi-4'],
    });
    expect(auth).toBe(`Bearer ${KEY}`);
  });

  it('says when the chosen model is not among them', async () => {
    server.use(http.get('*/v1/models', () => HttpResponse.json(list('a', 'b'))));
    const result = await test();
    expect(result.ok).toBe(true);
    expect(result.message).toContain('not "llama-3.1-8b"');
  });

  it('401: check the API key, and the key is not in the message', async () => {
    server.use(
      http.get('*/v1/models', () =>
        HttpResponse.json({ error: { message: `bad key ${KEY}` } }, { status: 401 }),
      ),
    );
    const result = await test();
    expect(result.ok).toBe(false);
    expect(result.message).toContain('401');
    expect(result.message).toContain('check the API key');
    expect(result.message).not.toContain(KEY);
  });

  it('no /models route (404 or 405): one short chat request instead', async () => {
    let chats = 0;
    server.use(
      http.get('*/v1/models', () => new HttpResponse(null, { status: 405 })),
      http.post('*/v1/chat/completions', () => {
        chats++;
        return new HttpResponse(
          byteStream([frame(chunk({ content: 'OK' }, 'stop')), frame('[DONE]')], true).body,
          {
            headers: { 'Content-Type': 'text/event-stream' },
          },
        );
      }),
    );
    const result = await test();
    expect(result).toEqual({
      ok: true,
      message: 'Connected: the model answered a short chat request.',
    });
    expect(chats).toBe(1);

    server.use(
      http.get('*/v1/models', () => new HttpResponse(null, { status: 404 })),
      http.post('*/v1/chat/completions', () =>
        HttpResponse.json({ error: { message: 'model not found' } }, { status: 404 }),
      ),
    );
    const missing = await test();
    expect(missing.ok).toBe(false);
    expect(missing.message).toContain('base URL');
  });

  it('no response at all: the CORS explanation with each server flag', async () => {
    server.use(http.get('*/v1/models', () => HttpResponse.error()));
    const result = await test();
    expect(result).toMatchObject({ ok: false, code: 'network' });
    expect(result.message).toContain('(CORS)');
    for (const hint of corsHelp()) expect(result.message).toContain(hint.setting);
  });

  it('a page that is not a model list, and a bad base URL', async () => {
    server.use(http.get('*/v1/models', () => HttpResponse.text('<html>welcome</html>')));
    expect(await test()).toMatchObject({
      code: 'not_openai',
      message: expect.stringContaining('/v1'),
    });
    expect(await test({ ...ENDPOINT, baseUrl: 'file:///etc' })).toMatchObject({ ok: false });
  });
});

describe('testConnection to an origin the page does not allow', () => {
  it('says to reload, with the origin, and sends no request', async () => {
    let requests = 0;
    server.use(
      http.get('*/v1/models', () => {
        requests++;
        return HttpResponse.json(list('llama-3.1-8b'));
      }),
    );
    const deps = fakeDeps(fetchViaMsw, { allowedOrigins: ['http://127.0.0.1:4173'] }).deps;
    expect(await testConnection(ENDPOINT, deps)).toEqual({
      ok: false,
      code: 'origin_not_allowed',
      message:
        'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://llm.test.',
    });
    expect(requests).toBe(0);
  });
});

describe('corsHelp', () => {
  it('names the setting for llama.cpp, Ollama and vLLM, with an example for an origin', () => {
    const hints = corsHelp('http://localhost:5173');
    expect(hints.map((hint) => [hint.server, hint.setting])).toEqual([
      ['llama.cpp', '--cors-origins'],
      ['Ollama', 'OLLAMA_ORIGINS'],
      ['vLLM', '--allowed-origins'],
    ]);
    for (const hint of hints) expect(hint.example).toContain('http://localhost:5173');
  });
});
