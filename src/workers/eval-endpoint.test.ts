import { describe, expect, it, vi } from 'vitest';
import { AppendLog, createVirtualClock, type HttpDeps } from '../engine';
import { evalCsv, evalJson } from '../projections/eval-matrix';
import { builtinScenarios, findBuiltin } from '../scenarios';
import { endpointRunOptions, type EndpointIo } from './eval-endpoint';
import {
  collectEnd,
  type EvalEndpoint,
  type EvalWorkerRequest,
  type EvalWorkerResponse,
} from './eval-protocol';
import { createEvalLoop } from './eval-runner';

const SCENARIOS = builtinScenarios();
const KEY = 'sk-live-0123456789abcdef';
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const ENDPOINT: EvalEndpoint = {
  name: 'Local llama',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5:7b',
  apiKey: KEY,
  protocol: 'tools',
  includeUsage: true,
  stream: true,
};

/** A recorded request: where it went, its headers and its body. */
interface Sent {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const sse = (text: string) =>
  new Response(
    [
      { choices: [{ index: 0, delta: { content: text }, finish_reason: null }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      { choices: [], usage: { prompt_tokens: 120, completion_tokens: 12, total_tokens: 132 } },
    ]
      .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      .join('') + 'data: [DONE]\n\n',
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

/**
 * The outside world: an OpenAI-compatible server. It answers each request with `answer(body)`,
 * a Response or 'hang' (held until the request is aborted); it records every request.
 */
function fakeServer(answer: (body: string, headers: Headers) => Response | 'hang') {
  const sent: Sent[] = [];
  const stats = { aborted: 0 };
  const fetch: HttpDeps['fetch'] = async (input, init) => {
    const headers = new Headers(init.headers);
    const body = String(init.body);
    sent.push({ url: input, headers: Object.fromEntries(headers), body });
    const reply = answer(body, headers);
    if (reply !== 'hang') return reply;
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        stats.aborted++;
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  };
  const io: EndpointIo = {
    http: {
      fetch,
      sleep: async () => {},
      setTimer: () => () => {},
      random: () => 0.5,
    },
    clock: createVirtualClock(),
  };
  return { io, sent, stats };
}

function loop(io: EndpointIo) {
  const posted: EvalWorkerResponse[] = [];
  const handle = createEvalLoop((message) => posted.push(message), {
    scenarios: SCENARIOS,
    pause: turn,
    endpointIo: io,
  });
  return { posted, handle };
}

const run = (request: Partial<Extract<EvalWorkerRequest, { type: 'run' }>['request']> = {}) =>
  ({
    type: 'run',
    runId: 1,
    request: {
      scenarioIds: ['rca-checkout-latency', 'rca-search-stall', 'shopops-happy'],
      configLabels: ['react+off', 'react+adaptive'],
      seeds: 1,
      endpoint: ENDPOINT,
      concurrency: 2,
      ...request,
    },
  }) as const;

/** The matrix's end, gathered from its rows, cells and end messages (the last one posted). */
const ended = (posted: readonly EvalWorkerResponse[]) => {
  const last = posted.at(-1);
  if (last?.type !== 'end') throw new Error(`expected an end message, got ${last?.type}`);
  const gather = collectEnd();
  for (const message of posted) {
    const end = message.runId === last.runId ? gather(message) : null;
    if (end) return end;
  }
  throw new Error('the end was not gathered');
};

describe('a matrix on an endpoint', () => {
  it("waits for each reply as long as the endpoint's first-byte limit says", async () => {
    const limits: number[] = [];
    const { io } = fakeServer(() => 'hang');
    const timed: EndpointIo = {
      ...io,
      http: {
        ...io.http,
        setTimer: (ms) => {
          limits.push(ms);
          return () => {};
        },
      },
    };
    const options = endpointRunOptions({ ...ENDPOINT, firstByteTimeoutMs: 300_000 }, timed);
    const controller = new AbortController();
    const parts = options.model!.stream(
      {
        purpose: 'action',
        context: AppendLog.of([{ role: 'user', content: 'Hi' }]),
        tools: null,
        step: 0,
        conversation: 0,
      },
      { signal: controller.signal },
    );
    const first = parts[Symbol.asyncIterator]()
      .next()
      .catch(() => null);
    await vi.waitFor(() => expect(limits).toEqual([300_000]));
    controller.abort();
    await first;
  });

  it('asks for whole replies when the endpoint streams nothing, and reads them', async () => {
    const completion = {
      choices: [{ index: 0, message: { content: 'Final Answer: 42' }, finish_reason: 'stop' }],
    };
    const server = fakeServer(() => Response.json(completion));
    const options = endpointRunOptions({ ...ENDPOINT, stream: false }, server.io);
    const request = {
      purpose: 'action' as const,
      context: AppendLog.of([{ role: 'user' as const, content: 'Hi' }]),
      tools: null,
      step: 0,
      conversation: 0,
    };
    const parts = [];
    for await (const part of options.model!.stream(request, {})) parts.push(part);
    expect(JSON.parse(server.sent[0]!.body)).toMatchObject({ stream: false });
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'Final Answer: 42' });
  });

  it('a key the endpoint echoes never leaves the worker in a trace kept for the page', async () => {
    const server = fakeServer(() => sse(`Final Answer: your key is ${KEY}`));
    const { posted, handle } = loop(server.io);
    handle(run({ keepTraces: true }));
    await expect.poll(() => posted.at(-1)?.type).toBe('traces');
    const end = posted.find((message) => message.type === 'end');
    const traces = posted.flatMap((message) => (message.type === 'traces' ? message.traces : []));
    expect(end?.type === 'end' && end.traced).toEqual([true, true, true, true]);
    expect(traces).toHaveLength(4);
    expect(traces.every((trace) => trace !== null)).toBe(true);
    expect(JSON.stringify(traces)).toContain('[redacted]');
    expect(JSON.stringify(posted)).not.toContain(KEY);
  });

  it('a key the endpoint echoes is redacted from the runs the worker writes to the library', async () => {
    const server = fakeServer(() => sse(`Final Answer: your key is ${KEY}`));
    const written: unknown[] = [];
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop((message) => posted.push(message), {
      scenarios: SCENARIOS,
      pause: turn,
      endpointIo: server.io,
      keepRuns: (_name, records) => {
        written.push(...records);
        return Promise.resolve([]);
      },
    });
    handle(run({ keepTraces: true, keepAs: 1, keepIn: 'loopscope-library' }));
    await expect.poll(() => posted.at(-1)?.type).toBe('kept');
    expect(written).toHaveLength(4);
    expect(JSON.stringify(written)).toContain('[redacted]');
    expect(JSON.stringify(written)).not.toContain(KEY);
    expect(JSON.stringify(posted)).not.toContain(KEY);
  });

  it('runs the simulated scenarios on it (not the scripted replays), in the endpoint’s protocol', async () => {
    const server = fakeServer(() => sse('The deploy at 14:02 raised checkout latency.'));
    const { posted, handle } = loop(server.io);
    handle(run());
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    const end = ended(posted);
    expect(end).toMatchObject({ status: 'done', done: 4, total: 4, errors: [] });
    expect(end.rows.map((row) => `${row.scenario} ${row.label}`)).toEqual([
      'rca-checkout-latency react+off',
      'rca-checkout-latency react+adaptive',
      'rca-search-stall react+off',
      'rca-search-stall react+adaptive',
    ]);
    expect(end.rows.every((row) => row.config.protocol === 'tools')).toBe(true);
    expect(end.rows.every((row) => row.metrics.promptTokens === 120)).toBe(true);
    // Progress after every run: each takes real time on an endpoint.
    expect(posted.filter((m) => m.type === 'progress').map((m) => m.done)).toEqual([1, 2, 3, 4]);
    expect(server.sent).toHaveLength(4);
    expect(server.sent.every((s) => s.url === 'http://127.0.0.1:8080/v1/chat/completions')).toBe(
      true,
    );
    expect(server.sent.every((s) => JSON.parse(s.body).model === 'qwen2.5:7b')).toBe(true);
  });

  it('never lets the key out: not in requests but their Authorization header, not in messages, not in exports', async () => {
    // The server echoes the key it got in an error (some do), for one scenario.
    const server = fakeServer((body, headers) =>
      body.includes(findBuiltin('rca-search-stall')!.task.slice(0, 40))
        ? new Response(
            JSON.stringify({ error: { message: `bad header ${headers.get('authorization')}` } }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          )
        : sse('The deploy at 14:02 raised checkout latency.'),
    );
    const { posted, handle } = loop(server.io);
    handle(run());
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    const end = ended(posted);
    expect(end.rows.map((row) => row.stopReason)).toEqual(['answer', 'answer', 'error', 'error']);
    expect(end.errors).toHaveLength(2);
    expect(end.errors[0]?.code).toBe('http_400');
    expect(end.errors[0]?.message).toContain('bad header Bearer [redacted]');

    for (const request of server.sent) {
      expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
      const elsewhere = { ...request, headers: { ...request.headers, authorization: '' } };
      expect(JSON.stringify(elsewhere)).not.toContain(KEY);
    }
    expect(JSON.stringify(posted)).not.toContain(KEY);

    const label = { name: ENDPOINT.name, model: ENDPOINT.model };
    const csv = evalCsv(end.rows, SCENARIOS, label);
    const json = evalJson(end.rows, label);
    for (const text of [csv, json]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(ENDPOINT.baseUrl);
      expect(text).not.toContain('127.0.0.1');
    }
    expect(csv.split('\r\n')[0]).toMatch(/,model_ms,endpoint,model$/);
    expect(csv.split('\r\n')[1]).toMatch(/,Local llama,qwen2\.5:7b$/);
    expect(JSON.parse(json)[0].endpoint).toEqual({ name: 'Local llama', model: 'qwen2.5:7b' });
  });

  it('a cancel aborts the requests in flight and ends with the rows that finished', async () => {
    let answered = 0;
    // The first request is answered; every later one is held until it is aborted.
    const server = fakeServer(() => (answered++ === 0 ? sse('The deploy.') : 'hang'));
    const { posted, handle } = loop(server.io);
    handle(run({ seeds: 3 }));
    await expect.poll(() => server.sent.length).toBe(3);
    handle({ type: 'cancel', runId: 1 });
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    const end = ended(posted);
    expect(end).toMatchObject({ status: 'cancelled', done: 1, total: 12, errors: [] });
    expect(server.stats.aborted).toBe(2);
    // Two in flight, never more: one answered, two held, nothing sent after the cancel.
    expect(server.sent).toHaveLength(3);
  });

  it('stops early when the key is refused, and says so', async () => {
    const server = fakeServer(
      () =>
        new Response(JSON.stringify({ error: { message: 'Incorrect API key provided' } }), {
          status: 401,
        }),
    );
    const { posted, handle } = loop(server.io);
    handle(run({ seeds: 5 }));
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    const end = ended(posted);
    expect(end.status).toBe('stopped');
    expect(end.note).toMatch(/^The first 2 runs all failed with the same error \(http_401\)/);
    expect(end.errors[0]?.message).toContain('check the API key');
    expect(server.sent.length).toBeLessThanOrEqual(3);
  });

  it("an origin the page's policy does not name: nothing is sent, the matrix stops and says to reload", async () => {
    const server = fakeServer(() => sse('Final Answer: ok'));
    const { posted, handle } = loop(server.io);
    const allowedOrigins = ['http://127.0.0.1:4173'];
    handle(run({ seeds: 5, endpoint: { ...ENDPOINT, allowedOrigins } }));
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    const end = ended(posted);
    expect(server.sent).toEqual([]);
    expect(end.status).toBe('stopped');
    expect(end.note).toMatch(/same error \(origin_not_allowed\)/);
    expect(end.errors[0]?.message).toContain(
      'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://127.0.0.1:8080.',
    );
  });

  it('a loop without fetch says it cannot reach endpoints', async () => {
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop((message) => posted.push(message), {
      scenarios: SCENARIOS,
      pause: turn,
    });
    handle(run());
    await expect.poll(() => posted.at(-1)?.type).toBe('failed');
    expect(JSON.stringify(posted)).not.toContain(KEY);
  });
});
