/**
 * Hostile replies: what a server sends back after a 200 — a chat stream (Server-Sent Events) or a
 * JSON completion — made by fast-check from good streams mutated (cut anywhere, bytes flipped,
 * lines repeated or dropped, `__proto__` keys, numbers where text goes, cut into chunks that split
 * characters), and from arbitrary bytes; and error bodies of any shape. Whatever arrives, the
 * reader gives the reply's parts ending in `finish`, or throws its one typed ModelError with a
 * message; nothing else escapes and Object.prototype is never touched. Bodies are bounded and
 * finite, so no case can hang.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { HOSTILE_KEYS, expectNoPollution } from '../../files/fixtures/mutate.test-support';
import { ModelError, type ModelStreamPart } from '../spec';
import { serverError, statusError } from './errors';
import { parseLoose, readReply } from './reply';

/** Cases per property; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

afterEach(expectNoPollution);

const encoder = new TextEncoder();

/** A body of `bytes` cut at `cuts` (sorted offsets, any of them inside a character). */
function body(bytes: Uint8Array, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let from = 0;
      for (const end of [...ends, bytes.length]) {
        if (end > from) controller.enqueue(bytes.slice(from, end));
        from = Math.max(from, end);
      }
      controller.close();
    },
  });
}

/** Everything `readReply` makes of a response: its parts, or what it threw. */
async function readAll(response: Response): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  const watchdog = { bytes: () => {}, stop: () => {} };
  try {
    for await (const part of readReply(response, new AbortController().signal, watchdog))
      parts.push(part);
    return { parts, error: null };
  } catch (error) {
    return { parts, error };
  }
}

/** The reader's promise: parts that end in one `finish`, or a ModelError that says something. */
function expectReplyOrModelError({ parts, error }: { parts: ModelStreamPart[]; error: unknown }) {
  if (error !== null) {
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toMatch(/^[a-z_0-9]+$/);
    expect((error as ModelError).message.length).toBeGreaterThan(20);
    return;
  }
  expect(parts.at(-1)?.type).toBe('finish');
  expect(parts.filter((part) => part.type === 'finish')).toHaveLength(1);
  for (const part of parts) {
    if (part.type === 'text-delta' || part.type === 'reasoning-delta')
      expect(typeof part.text).toBe('string');
    if (part.type === 'tool-call') {
      expect(part.name).not.toBe('');
      expect(typeof part.arguments).toBe('string');
    }
  }
}

/** Text a model may send: ASCII, accents, emoji (four UTF-8 bytes: a cut splits them), quotes. */
const modelText = fc.stringMatching(/^[a-zé😀"\\ \n{}:,]{0,12}$/u);

/** One chunk of a chat stream, good or nearly so. */
const chunk = fc.oneof(
  modelText.map((content) => ({ choices: [{ index: 0, delta: { content } }] })),
  modelText.map((reasoning_content) => ({ choices: [{ index: 0, delta: { reasoning_content } }] })),
  fc
    .record({
      index: fc.oneof(fc.nat(2), fc.constant(undefined)),
      id: fc.oneof(fc.constantFrom('call_1', 'call_2', ''), fc.constant(undefined)),
      name: fc.oneof(fc.constantFrom('lookup', 'get_order', ''), fc.constant(undefined)),
      arguments: fc.oneof(modelText, fc.constant({ key: 'k1' }), fc.constant(undefined)),
    })
    .map(({ index, id, name, arguments: args }) => ({
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index, id, function: { name, arguments: args } }] },
        },
      ],
    })),
  fc.constantFrom('stop', 'tool_calls', 'length').map((finish_reason) => ({
    choices: [{ index: 0, delta: {}, finish_reason }],
    usage: { prompt_tokens: 10, completion_tokens: 3 },
  })),
  fc.constant({ error: { message: 'overloaded', code: 'server_error' } }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One SSE event line (or two), as servers write them. */
const event = fc.oneof(
  { weight: 6, arbitrary: chunk.map((value) => `data: ${JSON.stringify(value)}\n\n`) },
  { weight: 1, arbitrary: chunk.map((value) => `data:${JSON.stringify(value)}\r\n\r\n`) },
  { weight: 1, arbitrary: fc.constant(': ping\n\n') },
  { weight: 1, arbitrary: fc.constant('data: [DONE]\n\n') },
  { weight: 1, arbitrary: modelText.map((text) => `event: error\ndata: ${text}\n\n`) },
  { weight: 1, arbitrary: modelText.map((text) => `data: ${text}\n\n`) },
  { weight: 1, arbitrary: fc.constant('\n') },
);

/** A stream's text, then hurt: cut, a byte flipped, a hostile key put in, or left whole. */
const streamText = fc
  .tuple(
    fc.array(event, { maxLength: 12 }),
    fc.boolean(),
    fc.oneof(
      fc.constant({ kind: 'whole' as const }),
      fc.nat().map((at) => ({ kind: 'cut' as const, at })),
      fc.tuple(fc.nat(), fc.nat(255)).map(([at, byte]) => ({ kind: 'flip' as const, at, byte })),
      fc
        .tuple(fc.nat(), fc.constantFrom(...HOSTILE_KEYS))
        .map(([at, key]) => ({ kind: 'key' as const, at, key })),
    ),
  )
  .map(([events, done, hurt]) => {
    const text = `${events.join('')}${done ? 'data: [DONE]\n\n' : ''}`;
    const bytes = encoder.encode(text);
    if (hurt.kind === 'cut') return bytes.slice(0, hurt.at % (bytes.length + 1));
    if (hurt.kind === 'flip' && bytes.length > 0) {
      const flipped = bytes.slice();
      flipped[hurt.at % bytes.length] = hurt.byte;
      return flipped;
    }
    if (hurt.kind === 'key') {
      const at = text.indexOf('{', hurt.at % (text.length + 1));
      if (at >= 0)
        return encoder.encode(
          `${text.slice(0, at + 1)}"${hurt.key}":{"polluted":1},${text.slice(at + 1)}`,
        );
    }
    return bytes;
  });

const cuts = fc.array(fc.nat(), { maxLength: 6 });

describe('a hostile reply after a 200', () => {
  it('a chat stream of any shape: its parts ending in finish, or a ModelError', async () => {
    await fc.assert(
      fc.asyncProperty(streamText, cuts, async (bytes, at) => {
        const response = new Response(body(bytes, at), {
          headers: { 'content-type': 'text/event-stream' },
        });
        expectReplyOrModelError(await readAll(response));
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary bytes as a stream: its parts, or a ModelError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), cuts, async (bytes, at) => {
        const response = new Response(body(bytes, at), {
          headers: { 'content-type': 'text/event-stream' },
        });
        expectReplyOrModelError(await readAll(response));
      }),
      { numRuns: RUNS },
    );
  });

  it('a JSON completion of any shape (a server that ignored stream): its parts, or a ModelError', async () => {
    const completion = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.record({
        choices: fc.array(
          fc.record({
            message: fc.record({ content: fc.oneof(modelText, fc.jsonValue({ maxDepth: 1 })) }),
            finish_reason: fc.oneof(fc.constant('stop'), fc.jsonValue({ maxDepth: 1 })),
          }),
          { maxLength: 2 },
        ),
        usage: fc.jsonValue({ maxDepth: 2 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          completion.map((value) => JSON.stringify(value)),
          fc.string({ maxLength: 80 }),
        ),
        async (text) => {
          const response = new Response(text, {
            headers: { 'content-type': 'application/json' },
          });
          expectReplyOrModelError(await readAll(response));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a good stream cut into chunks anywhere reads as the whole stream does', async () => {
    const good = [
      'data: {"choices":[{"index":0,"delta":{"content":"Thought: é😀 "}}]}\n\n',
      'data: {"choices":[{"index":0,"delta":{"content":"Action: lookup"}}]}\r\n\r\n',
      ': ping\n\n',
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":4}}\n\n',
      'data: [DONE]\n\n',
    ].join('');
    const bytes = encoder.encode(good);
    const whole = await readAll(new Response(body(bytes, [])));
    expect(whole.error).toBeNull();
    const joined = whole.parts
      .map((part) => (part.type === 'text-delta' ? part.text : ''))
      .join('');
    expect(joined).toBe('Thought: é😀 Action: lookup');
    await fc.assert(
      fc.asyncProperty(cuts, async (at) => {
        expect(await readAll(new Response(body(bytes, at)))).toEqual(whole);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a hostile error body', () => {
  it('of any shape words a message for every status, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
          fc.string({ maxLength: 400 }),
          fc.constant('<html><body><script>alert(1)</script></body></html>'),
        ),
        fc.constantFrom(400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503, 504, 599),
        (text, status) => {
          const said = serverError(parseLoose(text));
          expect(typeof said.message).toBe('string');
          expect(said.message.length).toBeLessThanOrEqual(301);
          const error = statusError(status, said);
          expect(error).toBeInstanceOf(ModelError);
          expect(error.code).toBe(`http_${status}`);
          expect(error.message.length).toBeGreaterThan(20);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
