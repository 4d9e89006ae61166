/**
 * Faults, served by MSW over the real fetch: HTTP errors that stop at once, retries with backoff,
 * cut streams, in-stream errors, cancel, the idle watchdog and the first-byte limit, no response.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelError, type ModelStreamPart } from '../spec';
import { createOpenAIModel } from './client';
import { cancelSpy, fakeDeps } from './fake-deps';
import { byteStream, chunk, collect, frame, modelRequest, textOf } from './testing';
import type { EndpointSettings, HttpDeps } from './types';

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
const SSE = { 'Content-Type': 'text/event-stream' };
const DONE = frame('[DONE]');
const fetchViaMsw = (input: string, init: RequestInit) => globalThis.fetch(input, init);

type Responder = () => Response | Promise<Response>;
const answer: Responder = () =>
  new HttpResponse(byteStream([frame(chunk({ content: 'ok' }, 'stop')), DONE]).body, {
    headers: SSE,
  });
const status =
  (
    code: number,
    body: Record<string, unknown> = { error: { message: 'nope' } },
    headers = {},
  ): Responder =>
  () =>
    HttpResponse.json(body, { status: code, headers });
const noResponse: Responder = () => HttpResponse.error();

/** Serves the responders in order (the last one repeats) and counts the requests. */
function serve(...responders: Responder[]): { count: () => number } {
  let count = 0;
  server.use(
    http.post('*/v1/chat/completions', () => {
      const responder = responders[Math.min(count, responders.length - 1)] as Responder;
      count++;
      return responder();
    }),
  );
  return { count: () => count };
}

function call(extra: Partial<HttpDeps> = {}, signal?: AbortSignal) {
  const fake = fakeDeps(fetchViaMsw, extra);
  const stream = createOpenAIModel(ENDPOINT, fake.deps).stream(
    modelRequest(),
    signal ? { signal } : {},
  );
  return { ...fake, result: collect(stream) };
}

const codeOf = (error: unknown) =>
  error instanceof ModelError ? error.code : `not a ModelError: ${String(error)}`;
const retries = (parts: readonly ModelStreamPart[]) => parts.filter((p) => p.type === 'retry');

describe('HTTP errors that stop the run at once', () => {
  it.each([
    [400, 'http_400', ['rejected the request (400)', 'nope', 'turn off include_usage']],
    [401, 'http_401', ['401', 'check the API key']],
    [403, 'http_403', ['403', 'permission', 'OLLAMA_ORIGINS']],
    [404, 'http_404', ['404', 'base URL', '/v1', 'model name']],
    [422, 'http_422', ['422', 'nope']],
    [418, 'http_418', ['418']],
  ])('%i → %s, one request, a message that says what to fix', async (code, expected, mentions) => {
    const requests = serve(status(code));
    const { result, waits } = call();
    const { parts, error } = await result;
    expect(codeOf(error)).toBe(expected);
    for (const mention of mentions) expect((error as Error).message).toContain(mention);
    expect(requests.count()).toBe(1);
    expect(parts).toEqual([]);
    expect(waits).toEqual([]);
  });

  it('reads `body.error ?? body`, and a plain-text body', async () => {
    serve(status(400, { message: 'stream_options is not supported' }));
    expect(((await call().result).error as Error).message).toContain(
      'stream_options is not supported',
    );
    serve(() => new HttpResponse('<html>Bad gateway config</html>', { status: 400 }));
    expect(((await call().result).error as Error).message).toContain('Bad gateway config');
  });

  it('a quota 429 (insufficient_quota) is not retried', async () => {
    const requests = serve(
      status(429, {
        error: { message: 'You exceeded your current quota', code: 'insufficient_quota' },
      }),
    );
    const { parts, error } = await call().result;
    expect(codeOf(error)).toBe('http_429');
    expect((error as Error).message).toContain('quota');
    expect(requests.count()).toBe(1);
    expect(retries(parts)).toEqual([]);
  });
});

describe('retries with backoff, before the first body byte only', () => {
  it('429 with Retry-After in seconds: waits that long, says so in a retry part, then streams', async () => {
    const requests = serve(status(429, undefined, { 'Retry-After': '3' }), answer);
    const { result, waits } = call();
    const { parts, error } = await result;
    expect(error).toBeNull();
    expect(requests.count()).toBe(2);
    expect(waits).toEqual([3000]);
    expect(parts[0]).toEqual({
      type: 'retry',
      attempt: 1,
      waitMs: 3000,
      reason: '429 Too Many Requests',
    });
    expect(textOf(parts)).toBe('ok');
  });

  it('429 without Retry-After: exponential backoff with up to 25 % jitter, then gives up after 3 tries', async () => {
    const requests = serve(status(429));
    const { result, waits } = call();
    const { parts, error } = await result;
    expect(requests.count()).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(375);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(750);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    expect(retries(parts).map((p) => (p.type === 'retry' ? p.attempt : 0))).toEqual([1, 2]);
    expect(codeOf(error)).toBe('http_429');
    expect((error as Error).message).toContain('gave up after 3 tries');
  });

  it('honours retry-after-ms, an HTTP date with a clock, and caps a long wait at 30 s', async () => {
    serve(status(503, undefined, { 'retry-after-ms': '1250' }), answer);
    const ms = call();
    await ms.result;
    expect(ms.waits).toEqual([1250]);

    const now = Date.parse('2025-06-01T12:00:00Z');
    serve(status(503, undefined, { 'Retry-After': 'Sun, 01 Jun 2025 12:00:07 GMT' }), answer);
    const dated = call({ now: () => now });
    await dated.result;
    expect(dated.waits).toEqual([7000]);

    serve(status(503, undefined, { 'Retry-After': 'Sun, 01 Jun 2025 12:00:07 GMT' }), answer);
    const noClock = call();
    await noClock.result;
    expect(noClock.waits[0]).toBeLessThanOrEqual(500); // the date is unreadable: plain backoff

    serve(status(429, undefined, { 'Retry-After': '120' }), answer);
    const long = call();
    await long.result;
    expect(long.waits).toEqual([30_000]);
  });

  it('500 then success: one retry, and the answer streams', async () => {
    const requests = serve(status(500), answer);
    const { parts, error } = await call().result;
    expect(error).toBeNull();
    expect(requests.count()).toBe(2);
    expect(retries(parts)).toMatchObject([{ attempt: 1, reason: '500 Internal Server Error' }]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('a 500 then a 404 on the retry: the message names both, the code is the last one', async () => {
    const requests = serve(status(500), status(404));
    const { error } = await call().result;
    expect(requests.count()).toBe(2);
    expect(codeOf(error)).toBe('http_404');
    const message = (error as Error).message;
    expect(message).toMatch(/^Tries: 500, then 404 on retry\. The server answered 404 Not Found/);

    serve(status(503), status(502), status(500));
    const third = (await call().result).error as Error;
    expect(codeOf(third)).toBe('http_500');
    expect(third.message).toContain('gave up after 3 tries (503, then 502 and 500 on retries)');

    serve(status(503), noResponse);
    const lost = (await call().result).error as Error;
    expect(codeOf(lost)).toBe('network');
    expect(lost.message).toContain('(503, then no response and no response on retries)');
  });

  it('retries 408, 409 and 502; x-should-retry: false and maxRetries 0 stop it', async () => {
    for (const code of [408, 409, 502]) {
      const requests = serve(status(code), answer);
      expect((await call().result).error).toBeNull();
      expect(requests.count()).toBe(2);
    }
    const vetoed = serve(status(500, undefined, { 'x-should-retry': 'false' }));
    expect(codeOf((await call().result).error)).toBe('http_500');
    expect(vetoed.count()).toBe(1);
    const none = serve(status(503));
    const { error } = await call({ maxRetries: 0 }).result;
    expect(codeOf(error)).toBe('http_503');
    expect((error as Error).message).not.toContain('gave up');
    expect(none.count()).toBe(1);
  });
});

describe('the stream breaks after bytes arrived: an error, never a retry', () => {
  it('a cut stream (no [DONE], no finish reason) keeps its text and fails as stream_truncated', async () => {
    const requests = serve(
      () =>
        new HttpResponse(byteStream([frame(chunk({ content: 'Thought: half' }))]).body, {
          headers: SSE,
        }),
    );
    const { parts, error } = await call().result;
    expect(textOf(parts)).toBe('Thought: half');
    expect(codeOf(error)).toBe('stream_truncated');
    expect((error as Error).message).toMatch(
      /^The stream ended before the model finished \(no \[DONE\] and no finish reason\)\./,
    );
    expect(requests.count()).toBe(1);
  });

  it('a stream cut mid tool call yields no tool call, and fabricates no arguments', async () => {
    serve(
      () =>
        new HttpResponse(
          byteStream([
            frame(
              chunk({
                tool_calls: [
                  { index: 0, id: 'call_a', function: { name: 'lookup', arguments: '' } },
                ],
              }),
            ),
            frame(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"key":' } }] })),
          ]).body,
          { headers: SSE },
        ),
    );
    const { parts, error } = await call().result;
    expect(parts.filter((p) => p.type === 'tool-call' || p.type === 'finish')).toEqual([]);
    expect(codeOf(error)).toBe('stream_truncated');
    expect((error as Error).message).toContain('lookup');
  });

  it('a connection that breaks mid-body fails as stream_truncated, not retried', async () => {
    const requests = serve(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(frame(chunk({ content: 'a' }))));
          controller.error(new TypeError('socket hang up'));
        },
      });
      return new HttpResponse(body, { headers: SSE });
    });
    const { error } = await call().result;
    expect(codeOf(error)).toBe('stream_truncated');
    expect(requests.count()).toBe(1);
  });

  it('an {"error": …} payload inside a 200 stream fails as stream_error with the server message', async () => {
    serve(
      () =>
        new HttpResponse(
          byteStream([
            frame(chunk({ content: 'a' })),
            frame({ error: { message: 'context overflow', type: 'server_error' } }),
            DONE,
          ]).body,
          { headers: SSE },
        ),
    );
    const { parts, error } = await call().result;
    expect(textOf(parts)).toBe('a');
    expect(codeOf(error)).toBe('stream_error');
    expect((error as Error).message).toContain('context overflow');
  });

  it('an `event: error` SSE event, with JSON or plain-text data', async () => {
    for (const data of ['{"message":"overloaded"}', 'overloaded']) {
      serve(
        () =>
          new HttpResponse(byteStream([`event: error\ndata: ${data}\n\n`, DONE]).body, {
            headers: SSE,
          }),
      );
      const { error } = await call().result;
      expect(codeOf(error)).toBe('stream_error');
      expect((error as Error).message).toContain('overloaded');
    }
  });
});

describe('cancel and watchdogs', () => {
  function hanging(pieces: string[]) {
    const stream = byteStream(pieces, true);
    serve(() => new HttpResponse(stream.body, { headers: SSE }));
    return stream;
  }

  it('abort mid-stream: the read stops, the abort is rethrown, the body is cancelled', async () => {
    hanging([frame(chunk({ content: 'par' }))]);
    const controller = new AbortController();
    const spy = cancelSpy(fetchViaMsw);
    const fake = fakeDeps(spy.fetch);
    const parts: ModelStreamPart[] = [];
    let error: unknown = null;
    try {
      for await (const part of createOpenAIModel(ENDPOINT, fake.deps).stream(modelRequest(), {
        signal: controller.signal,
      })) {
        parts.push(part);
        controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(parts).toEqual([{ type: 'text-delta', text: 'par' }]);
    expect(error).not.toBeInstanceOf(ModelError);
    expect(controller.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(spy.cancelled()).toBe(1));
    expect(fake.timers.every((timer) => !timer.active)).toBe(true);
  });

  it('abort before the call and during a backoff wait: no further request', async () => {
    const requests = serve(status(503));
    const before = new AbortController();
    before.abort();
    expect((await call({}, before.signal).result).error).not.toBeInstanceOf(ModelError);
    const during = new AbortController();
    const sleep = async () => during.abort();
    const { error } = await call({ sleep }, during.signal).result;
    expect(error).not.toBeInstanceOf(ModelError);
    expect(requests.count()).toBe(1);
  });

  it('idle watchdog: no byte for the idle limit aborts the request as stream_idle', async () => {
    hanging([': ping\n\n', frame(chunk({ content: 'slow' }))]);
    const spy = cancelSpy(fetchViaMsw);
    const fake = fakeDeps(spy.fetch);
    const parts: ModelStreamPart[] = [];
    let error: unknown = null;
    try {
      for await (const part of createOpenAIModel(ENDPOINT, fake.deps).stream(modelRequest(), {})) {
        parts.push(part);
        // Bytes arrived: the first-byte limit is off, an idle timer runs (reset per chunk).
        expect(fake.timers.filter((t) => t.ms === 60_000).every((t) => !t.active)).toBe(true);
        expect(fake.timers.filter((t) => t.ms === 90_000).length).toBeGreaterThanOrEqual(2);
        expect(fake.fire(90_000)).toBe(true);
      }
    } catch (caught) {
      error = caught;
    }
    expect(textOf(parts)).toBe('slow');
    expect(codeOf(error)).toBe('stream_idle');
    expect((error as Error).message).toContain('No data for 90 s');
    await vi.waitFor(() => expect(spy.cancelled()).toBe(1));
  });

  it('time-to-first-byte limit: headers but no body byte, or no response at all', async () => {
    hanging([]);
    const silent = call();
    await vi.waitFor(() => expect(silent.timers.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10)); // let the response headers arrive
    silent.fire(60_000);
    expect(codeOf((await silent.result).error)).toBe('first_byte_timeout');

    const requests = serve(() => new Promise<Response>(() => undefined));
    const never = call();
    await vi.waitFor(() => expect(requests.count()).toBe(1));
    never.fire(60_000);
    const { error } = await never.result;
    expect(codeOf(error)).toBe('first_byte_timeout');
    expect((error as Error).message).toContain('60 s');
    expect(requests.count()).toBe(1);
  });
});

describe('a reply too large to be a step', () => {
  it('is stopped as reply_too_large after 1,000,000 characters, many small events or not', async () => {
    const piece = 'x'.repeat(1000);
    const frames = Array.from({ length: 1_200 }, () => frame(chunk({ content: piece })));
    const spy = cancelSpy(fetchViaMsw);
    serve(() => new HttpResponse(byteStream([...frames, DONE]).body, { headers: SSE }));
    const fake = fakeDeps(spy.fetch);
    const { parts, error } = await collect(
      createOpenAIModel(ENDPOINT, fake.deps).stream(modelRequest(), {}),
    );
    expect(codeOf(error)).toBe('reply_too_large');
    expect((error as Error).message).toContain('passed 1,000,000 characters');
    // What arrived before the limit was delivered, and not a character past it.
    expect(textOf(parts).length).toBe(1_000_000);
  });
});

describe('the limits as settings of the endpoint', () => {
  it('a first-byte limit the endpoint sets is the one armed, and the advice says how to raise it', async () => {
    const requests = serve(() => new Promise<Response>(() => undefined));
    const fake = fakeDeps(fetchViaMsw);
    const patient = { ...ENDPOINT, firstByteTimeoutMs: 300_000, idleTimeoutMs: 240_000 };
    const result = collect(createOpenAIModel(patient, fake.deps).stream(modelRequest(), {}));
    await vi.waitFor(() => expect(requests.count()).toBe(1));
    expect(fake.timers.map((timer) => timer.ms)).toEqual([300_000]);
    expect(fake.fire(60_000)).toBe(false);
    expect(fake.fire(300_000)).toBe(true);
    const { error } = await result;
    expect(codeOf(error)).toBe('first_byte_timeout');
    const message = (error as Error).message;
    expect(message).toContain('No answer within 300 s');
    expect(message).toContain('--first-byte-timeout SECONDS');
    expect(message).not.toContain('allow more time');
  });

  it('an idle limit the endpoint sets is the one reset by each chunk', async () => {
    const stream = byteStream([frame(chunk({ content: 'slow' }))], true);
    serve(() => new HttpResponse(stream.body, { headers: SSE }));
    const fake = fakeDeps(fetchViaMsw);
    const patient = { ...ENDPOINT, idleTimeoutMs: 240_000 };
    let error: unknown = null;
    try {
      for await (const part of createOpenAIModel(patient, fake.deps).stream(modelRequest(), {})) {
        expect(part).toEqual({ type: 'text-delta', text: 'slow' });
        expect(fake.fire(90_000)).toBe(false);
        expect(fake.fire(240_000)).toBe(true);
      }
    } catch (caught) {
      error = caught;
    }
    expect(codeOf(error)).toBe('stream_idle');
    expect((error as Error).message).toContain('No data for 240 s');
    expect((error as Error).message).toContain('--idle-timeout SECONDS');
  });
});

describe('no response at all (network failure, or CORS in a browser)', () => {
  it('is retried once, then explains down / wrong URL / CORS and names each server flag', async () => {
    const requests = serve(noResponse);
    const { parts, error } = await call().result;
    expect(requests.count()).toBe(2);
    expect(retries(parts)).toMatchObject([{ attempt: 1, reason: 'no response (network error)' }]);
    expect(codeOf(error)).toBe('network');
    const message = (error as Error).message;
    expect(message).toContain(
      "no response at all: the server is down, the URL is wrong, or (in a browser) it does not allow this page's origin (CORS)",
    );
    for (const flag of ['--cors-origins', 'OLLAMA_ORIGINS', '--allowed-origins'])
      expect(message).toContain(flag);
  });

  it('then success: the one retry is enough', async () => {
    const requests = serve(noResponse, answer);
    const { parts, error } = await call().result;
    expect(error).toBeNull();
    expect(requests.count()).toBe(2);
    expect(textOf(parts)).toBe('ok');
  });
});

describe('an origin the page does not allow (its Content-Security-Policy would refuse it)', () => {
  it('fails as origin_not_allowed naming the origin and the reload, and sends nothing', async () => {
    const served = serve(answer);
    const deps = fakeDeps(fetchViaMsw, { allowedOrigins: ['http://127.0.0.1:4173'] }).deps;
    const { parts, error } = await collect(
      createOpenAIModel(ENDPOINT, deps).stream(modelRequest(), {}),
    );
    expect(parts).toEqual([]);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('origin_not_allowed');
    expect((error as ModelError).message).toBe(
      'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://llm.test.',
    );
    expect(served.count()).toBe(0);
  });

  it('an origin in the list streams as before', async () => {
    const served = serve(answer);
    const deps = fakeDeps(fetchViaMsw, { allowedOrigins: ['http://llm.test'] }).deps;
    const { error } = await collect(createOpenAIModel(ENDPOINT, deps).stream(modelRequest(), {}));
    expect(error).toBeNull();
    expect(served.count()).toBe(1);
  });
});
