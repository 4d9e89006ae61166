/**
 * Reading a response body as Server-Sent Events: bytes → text (a streaming decoder, so a
 * character split across reads survives) → events (eventsource-parser: CR, LF, CRLF, `data:` with
 * or without a space, comments and pings, multi-line data) with a cap on one event's size.
 */
import { EventSourceParserStream, ParseError } from 'eventsource-parser/stream';
import type { EventSourceMessage } from 'eventsource-parser/stream';
import { ModelError } from '../spec';
import { raceAbort } from './signals';
import { MAX_EVENT_CHARS } from './types';

/** One parsed SSE event: its `event` type (if any) and `data`. */
export type SseEvent = EventSourceMessage;

/**
 * Bytes to text, calling `onBytes` for every chunk that arrives (the idle watchdog). At the end it
 * adds one line break, so a last event whose lines all ended but that lacks the closing blank line
 * is still read; a half-received line never becomes an event.
 */
function decodeText(onBytes: () => void): TransformStream<Uint8Array, string> {
  const decoder = new TextDecoder();
  return new TransformStream<Uint8Array, string>({
    transform(chunk, controller) {
      onBytes();
      const text = decoder.decode(chunk, { stream: true });
      if (text) controller.enqueue(text);
    },
    flush(controller) {
      controller.enqueue(`${decoder.decode()}\n`);
    },
  });
}

const tooBig = () =>
  new ModelError(
    'stream_bad_event',
    `The server sent an event larger than ${MAX_EVENT_CHARS / 1_000_000} MB: this is not a chat stream chunk.`,
  );

/**
 * The events of an SSE body, in order. Aborting `signal` interrupts a pending read (rejecting
 * with the signal's reason); the reader is always cancelled and released when iteration stops.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  options: { readonly signal: AbortSignal; readonly onBytes: () => void },
): AsyncGenerator<SseEvent> {
  const events = body
    .pipeThrough(decodeText(options.onBytes))
    .pipeThrough(new EventSourceParserStream({ maxBufferSize: MAX_EVENT_CHARS }));
  const reader = events.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<SseEvent>;
      try {
        next = await raceAbort(reader.read(), options.signal);
      } catch (error) {
        if (options.signal.aborted) throw error;
        if (error instanceof ParseError && error.type === 'max-buffer-size-exceeded')
          throw tooBig();
        const detail = error instanceof Error ? error.message : String(error);
        throw new ModelError(
          'stream_truncated',
          `The connection broke before the model finished (${detail}). Try again; check the server's log if it keeps happening.`,
        );
      }
      if (next.done) return;
      if (next.value.data.length > MAX_EVENT_CHARS) throw tooBig();
      yield next.value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
    try {
      reader.releaseLock();
    } catch {
      // A runtime that refuses to release with a read pending: the cancel above still stops it.
    }
  }
}
