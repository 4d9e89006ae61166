/**
 * The body of a 200: SSE chunks read into stream parts until `[DONE]` or a finish reason, with
 * in-stream errors and cut streams turned into ModelErrors. Never retried: bytes have arrived.
 */
import { ModelError, type ModelStreamPart } from '../spec';
import { ChunkReader, checkStreamError, completionAsChunk } from './chunks';
import type { Watchdog } from './signals';
import { MAX_REPLY_CHARS } from './types';
import { raceAbort } from './signals';
import { readEvents } from './sse';

/** Pure: JSON when it parses, else the raw text (error bodies are sometimes plain text or HTML). */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An `event: error` SSE event: its data may be an error object, other JSON or plain text. */
function throwEventError(data: string): never {
  const payload = parseLoose(data);
  const wrapped =
    typeof payload === 'object' && payload !== null && 'error' in payload
      ? payload
      : { error: payload || 'no message' };
  checkStreamError(wrapped);
  throw new ModelError(
    'stream_error',
    "The server reported an error in the middle of the stream. Try again; check the server's log if it keeps happening.",
  );
}

function parseEvent(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new ModelError(
      'stream_bad_event',
      `The server sent an event that is not JSON: "${data.slice(0, 80)}". It does not speak the OpenAI chat stream: check that the base URL is its OpenAI-compatible API (it usually ends in /v1).`,
    );
  }
}

/** The characters a part adds to the reply: its text, or a tool call's name and arguments. */
function partSize(part: ModelStreamPart): number {
  if (part.type === 'text-delta' || part.type === 'reasoning-delta') return part.text.length;
  if (part.type === 'tool-call') return part.name.length + part.arguments.length;
  return 0;
}

/**
 * A 200's body as stream parts, ended with a `reply_too_large` ModelError once the reply's text,
 * reasoning and tool calls pass `MAX_REPLY_CHARS` (the parts before it were delivered; the run
 * keeps every step it recorded). `whole`: the request asked for a whole reply (`stream: false`), so
 * a body that is not an event stream is read as a JSON completion, whatever its content type says.
 */
export async function* readReply(
  response: Response,
  signal: AbortSignal,
  watchdog: Watchdog,
  whole = false,
): AsyncGenerator<ModelStreamPart> {
  let size = 0;
  for await (const part of readParts(response, signal, watchdog, whole)) {
    size += partSize(part);
    if (size > MAX_REPLY_CHARS) {
      throw new ModelError(
        'reply_too_large',
        `The reply passed ${MAX_REPLY_CHARS.toLocaleString('en-US')} characters, far more than a step needs: the server is looping or is not a chat model. The call was stopped; lower the server's max_tokens or try again.`,
      );
    }
    yield part;
  }
}

/**
 * A 200's body: SSE chunks until `[DONE]`, or a JSON completion (from a server that ignored
 * `stream`, or one asked for a whole reply that did not say its body was JSON).
 */
async function* readParts(
  response: Response,
  signal: AbortSignal,
  watchdog: Watchdog,
  whole: boolean,
): AsyncGenerator<ModelStreamPart> {
  const chunks = new ChunkReader();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json') || (whole && !type.includes('text/event-stream'))) {
    const payload = parseEvent(await raceAbort(response.text(), signal));
    checkStreamError(payload);
    yield* chunks.read(completionAsChunk(payload));
    yield* chunks.end();
    return;
  }
  let done = false;
  if (response.body) {
    for await (const event of readEvents(response.body, {
      signal,
      onBytes: () => watchdog.bytes(),
    })) {
      if (event.data === '[DONE]') {
        done = true;
        break;
      }
      if (event.event === 'error') throwEventError(event.data);
      if (event.data.trim() === '') continue;
      yield* chunks.read(parseEvent(event.data));
    }
  }
  if (!done && !chunks.finished) {
    const calls = chunks.callNames();
    const dropped =
      calls.length > 0
        ? ` The half-received tool call (${calls.join(', ')}) was dropped, not run.`
        : '';
    throw new ModelError(
      'stream_truncated',
      `The stream ended before the model finished (no [DONE] and no finish reason). The server may have crashed or dropped the connection; try again.${dropped}`,
    );
  }
  yield* chunks.end();
}
