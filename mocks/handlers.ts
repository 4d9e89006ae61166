/**
 * The simulated model served over the OpenAI wire: `POST {origin}/mock/v1/chat/completions` streams the
 * reply `simulateReply` gives for the request's messages as real `chat.completion.chunk` frames,
 * at the model's simulated pace; `GET {origin}/mock/v1/models` lists `sim/<scenario id>` for each
 * scenario with a simulated model. The same handlers serve the browser (a service worker) and
 * Vitest (`msw/node`), so the app's default path exercises the real HTTP client.
 */
import { delay, http, HttpResponse } from 'msw';
import { AppendLog, createTokenCounter, type Scenario, type TokenCounter } from '../src/engine';
import { SIMULATED_TIME_HEADER, formatSimulatedTime, pieces, simulateReply } from '../src/engine';
import { builtinScenarios } from '../src/scenarios';
import { chunkMaker, errorBody, fromOpenAIMessages, sseFrame } from './wire';

/** Model names are `sim/<scenario id>`. */
export const MODEL_PREFIX = 'sim/';

const registered = new Map<string, Scenario>();
let speed = 1;
let completions = 0;
/** One counter for every request: its caches pay off because system prompts repeat. */
let tokens: TokenCounter = createTokenCounter();

/**
 * Counts the mock's tokens with `counter` from now on. The page gives it its token worker: the
 * handlers run on the page's main thread, where the tokenizer must not (docs/performance.md).
 */
export function setMockTokenCounter(counter: TokenCounter): void {
  tokens = counter;
}

/** Serves `scenario` (which must have a simulated model) as `sim/<id>`, over a built-in of that id. */
export function registerMockScenario(scenario: Scenario): void {
  registered.set(scenario.id, scenario);
}

/**
 * How fast the mock streams: simulated waits are divided by `factor` (2 is twice as fast);
 * 0 means no waiting at all (tests). Default 1: the scenario's own latency.
 */
export function setMockSpeed(factor: number): void {
  if (!Number.isFinite(factor) || factor < 0) {
    throw new RangeError(`Mock speed must be 0 or a positive number, not ${factor}`);
  }
  speed = factor;
}

/** The current speed factor (see setMockSpeed). */
export function mockSpeed(): number {
  return speed;
}

/** Every scenario served as a model: the built-ins with a simulated model, then registered ones. */
export function mockScenarios(): Scenario[] {
  const byId = new Map<string, Scenario>();
  for (const scenario of builtinScenarios()) {
    if (scenario.model.kind === 'simulated') byId.set(scenario.id, scenario);
  }
  for (const [id, scenario] of registered) byId.set(id, scenario);
  return [...byId.values()];
}

function findScenario(model: unknown): Scenario | undefined {
  if (typeof model !== 'string' || !model.startsWith(MODEL_PREFIX)) return undefined;
  const id = model.slice(MODEL_PREFIX.length);
  return mockScenarios().find((scenario) => scenario.id === id);
}

/** Waits `ms` of simulated time at the current speed (explicit ms: msw's bare delay() is random). */
async function wait(ms: number): Promise<void> {
  if (speed === 0 || ms <= 0) return;
  await delay(ms / speed);
}

interface ChatBody {
  readonly model?: unknown;
  readonly messages?: unknown;
  readonly seed?: unknown;
  readonly tools?: unknown;
  readonly stream_options?: { readonly include_usage?: unknown } | null;
}

const badRequest = (message: string, param?: string) =>
  HttpResponse.json(errorBody(message, 'invalid_request_error', param), { status: 400 });

const chatCompletions = http.post(`*/mock/v1/chat/completions`, async ({ request }) => {
  let body: ChatBody;
  try {
    body = (await request.json()) as ChatBody;
  } catch {
    return badRequest('The request body is not JSON.');
  }
  if (typeof body !== 'object' || body === null) return badRequest('The body must be an object.');
  const scenario = findScenario(body.model);
  if (!scenario) {
    const known = mockScenarios().map((item) => MODEL_PREFIX + item.id);
    return HttpResponse.json(
      errorBody(
        `Unknown model "${String(body.model)}": the mock serves ${known.join(', ')}.`,
        'invalid_request_error',
        'model',
      ),
      { status: 404 },
    );
  }
  const messages = fromOpenAIMessages(body.messages);
  if (typeof messages === 'string') return badRequest(messages, 'messages');

  const seed = typeof body.seed === 'number' && Number.isInteger(body.seed) ? body.seed : 1;
  const protocol = Array.isArray(body.tools) && body.tools.length > 0 ? 'tools' : 'text';
  const reply = simulateReply(scenario, messages, { seed, protocol });
  const includeUsage = body.stream_options?.include_usage === true;
  const { ttftMs, msPerToken, msPerPromptToken } = reply.timing;

  completions += 1;
  const make = chunkMaker(
    `chatcmpl-sim-${completions}`,
    MODEL_PREFIX + scenario.id,
    Math.floor(Date.now() / 1000),
  );
  const outputs: { readonly delta: Record<string, unknown>; readonly text: string }[] = pieces(
    reply.text,
  ).map((text) => ({ delta: { content: text }, text }));
  if (reply.toolCall) {
    const { name, arguments: args } = reply.toolCall;
    outputs.push({
      delta: {
        tool_calls: [
          {
            index: 0,
            id: `call_${messages.length}`,
            type: 'function',
            function: { name, arguments: args },
          },
        ],
      },
      text: args,
    });
  }

  // The usage and each piece's pace, counted before the stream starts, all asked in one tick (one
  // message when the counter is a worker).
  const [promptTokens, completionTokens, ...paces] = await Promise.all([
    tokens.countContext(AppendLog.of(messages)),
    tokens.countText(reply.text + (reply.toolCall?.arguments ?? '')),
    ...outputs.map(({ text }) => tokens.countText(text)),
  ]);
  // The reply's pace in simulated ms: the time to the first piece, then each later piece's.
  const firstTokenMs = ttftMs + promptTokens * msPerPromptToken;
  const pieceMs = outputs.map((_output, index) =>
    index > 0 ? msPerToken * (paces[index] ?? 0) : 0,
  );
  const totalMs = pieceMs.reduce((sum, ms) => sum + ms, firstTokenMs);

  let cancelled = false;
  request.signal.addEventListener('abort', () => {
    cancelled = true;
  });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (payload: unknown): boolean => {
        if (cancelled) return false;
        controller.enqueue(sseFrame(payload));
        return true;
      };
      const pump = async () => {
        if (!send(make.delta({ role: 'assistant', content: '' }))) return;
        await wait(firstTokenMs);
        for (const [index, output] of outputs.entries()) {
          // The first piece's time is part of the time to first token.
          if (index > 0) await wait(pieceMs[index] ?? 0);
          if (!send(make.delta(output.delta))) return;
        }
        if (!send(make.delta({}, reply.toolCall ? 'tool_calls' : 'stop'))) return;
        if (includeUsage && !send(make.usage(promptTokens, completionTokens))) return;
        if (!send('[DONE]')) return;
        controller.close();
      };
      // The body streams while the handler has already returned its response.
      pump().catch(() => {
        // Enqueueing after the reader let go throws: the client is gone, nothing to tell.
        cancelled = true;
      });
    },
    cancel() {
      cancelled = true;
    },
  });
  return new HttpResponse(stream, {
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      // The run reads this, not the wall clock: the same time at every playback speed.
      [SIMULATED_TIME_HEADER]: formatSimulatedTime({ firstTokenMs, totalMs }),
    },
  });
});

const models = http.get(`*/mock/v1/models`, () =>
  HttpResponse.json({
    object: 'list',
    data: mockScenarios().map((scenario) => ({
      id: MODEL_PREFIX + scenario.id,
      object: 'model',
      created: 0,
      owned_by: 'loopscope-simulated',
    })),
  }),
);

/** The mock model's request handlers, for `setupWorker` (browser) and `setupServer` (Node). */
export const handlers = [chatCompletions, models];
