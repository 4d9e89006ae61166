/**
 * Test helpers for the OpenAI-compatible client (used by its tests only): SSE frames and byte
 * streams as servers send them, requests, and a collector for stream parts. No network here;
 * MSW lives in the tests, fake I/O deps in `fake-deps.ts`.
 */
import type { Message, ToolSpec } from '../../types';
import { AppendLog } from '../../util/append-log';
import type { ModelRequest, ModelStreamPart } from '../spec';

const encoder = new TextEncoder();

/** One `data:` event (JSON payload, or a raw string such as `[DONE]`). */
export function frame(payload: unknown, eol = '\n'): string {
  const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `data: ${data}${eol}${eol}`;
}

/** A `chat.completion.chunk` with one choice. */
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null): unknown {
  return {
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1764460800,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The usage chunk `include_usage` adds before `[DONE]` (`choices` as the server sends it). */
export function usageChunk(prompt: number, completion: number, choices: unknown = []): unknown {
  const usage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
  return choices === undefined ? { id: 'c1', usage } : { id: 'c1', choices, usage };
}

export interface ByteStream {
  readonly body: ReadableStream<Uint8Array>;
  /** True once the reader cancelled the body (the client let go of it). */
  readonly cancelled: () => boolean;
}

/**
 * A response body that delivers each piece as its own network read. With `hang`, the body stays
 * open after the last piece (a stalled server), until the reader cancels it.
 */
export function byteStream(pieces: readonly (string | Uint8Array)[], hang = false): ByteStream {
  let cancelled = false;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (piece !== undefined) {
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      } else if (!hang) controller.close();
      else return new Promise<void>(() => undefined);
      return undefined;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

/** A model request over these messages (tools for the `tools` protocol). */
export function modelRequest(
  messages: readonly Message[] = [{ role: 'user', content: 'Hi' }],
  tools: readonly ToolSpec[] | null = null,
): ModelRequest {
  return { purpose: 'action', context: AppendLog.of(messages), tools, step: 0, conversation: 0 };
}

/** Every part of a stream, or the error it threw (with the parts before it). */
export async function collect(
  stream: AsyncIterable<ModelStreamPart>,
): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
    return { parts, error: null };
  } catch (error) {
    return { parts, error };
  }
}

/** The answer text of some parts. */
export const textOf = (parts: readonly ModelStreamPart[]): string =>
  parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
