/**
 * Reading Chat Completions chunks into stream parts: answer text, reasoning (llama.cpp's
 * `reasoning_content`, vLLM's `reasoning`), tool-call fragments accumulated by `index`, the finish
 * reason and usage. Unknown keys are ignored (vendors add their own).
 */
import { ModelError, type ModelStreamPart } from '../spec';
import type { Usage } from '../../types';
import { sentence, serverError } from './errors';

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Pure: throws ModelError `stream_error` when a payload is an error object, not a chunk. */
export function checkStreamError(payload: unknown): void {
  if (isObject(payload) && payload['error'] !== undefined && payload['error'] !== null) {
    const { message } = serverError(payload);
    throw new ModelError(
      'stream_error',
      `The server reported an error in the middle of the stream: ${sentence(message || 'no message')} Try again; check the server's log if it keeps happening.`,
    );
  }
}

function readUsage(value: unknown): Usage | null {
  if (!isObject(value)) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = value;
  return typeof prompt === 'number' && typeof completion === 'number'
    ? { promptTokens: prompt, completionTokens: completion }
    : null;
}

/** Reads one call's chunks; make one per model call. */
export class ChunkReader {
  private readonly calls = new Map<number, PartialCall>();
  private finishReason: string | null = null;
  private usage: Usage | null = null;

  /** The parts one parsed payload yields now (text and reasoning; tool calls wait for the end). */
  read(payload: unknown): ModelStreamPart[] {
    checkStreamError(payload);
    if (!isObject(payload)) return [];
    this.usage = readUsage(payload['usage']) ?? this.usage;
    const choices = Array.isArray(payload['choices']) ? payload['choices'] : [];
    const parts: ModelStreamPart[] = [];
    for (const choice of choices) {
      // n > 1 is never requested: read the first choice only.
      if (!isObject(choice) || (typeof choice['index'] === 'number' && choice['index'] !== 0))
        continue;
      const delta = isObject(choice['delta']) ? choice['delta'] : {};
      const reasoning = text(delta['reasoning_content']) || text(delta['reasoning']);
      if (reasoning) parts.push({ type: 'reasoning-delta', text: reasoning });
      const content = text(delta['content']) || text(delta['refusal']);
      if (content) parts.push({ type: 'text-delta', text: content });
      if (Array.isArray(delta['tool_calls']))
        delta['tool_calls'].forEach((c, i) => this.addCall(c, i));
      if (typeof choice['finish_reason'] === 'string') this.finishReason = choice['finish_reason'];
    }
    return parts;
  }

  /** Whether the model said it finished (a finish reason arrived). */
  get finished(): boolean {
    return this.finishReason !== null;
  }

  /** Names of the tool calls begun so far (what a cut stream drops). */
  callNames(): string[] {
    return [...this.calls.values()].map((call) => call.name || '(unnamed)');
  }

  /**
   * The closing parts once the stream ended properly (`[DONE]` or a finish reason): one
   * `tool-call` per named call, in index order, then `finish`.
   */
  end(): ModelStreamPart[] {
    const parts: ModelStreamPart[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== '')
      .map(([index, call]) => ({
        type: 'tool-call',
        id: call.id || `call_${index}`,
        name: call.name,
        arguments: call.arguments,
      }));
    parts.push({ type: 'finish', finishReason: this.finishReason ?? 'stop', usage: this.usage });
    return parts;
  }

  /**
   * A fragment: keyed by `index`; without one (old Ollama), by its position in the array, unless
   * that slot already holds a call with another id (a further whole call): then a new slot.
   */
  private addCall(fragment: unknown, position: number): void {
    if (!isObject(fragment)) return;
    const fn = isObject(fragment['function']) ? fragment['function'] : {};
    const id = text(fragment['id']);
    let index = typeof fragment['index'] === 'number' ? fragment['index'] : position;
    const existing = this.calls.get(index);
    if (
      typeof fragment['index'] !== 'number' &&
      existing &&
      id &&
      existing.id &&
      existing.id !== id
    ) {
      index = Math.max(...this.calls.keys()) + 1;
    }
    const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
    call.id ||= id;
    call.name ||= text(fn['name']);
    const args = fn['arguments'];
    // Ollama has been seen sending the arguments as an object rather than a JSON string.
    call.arguments += isObject(args) ? JSON.stringify(args) : text(args);
    this.calls.set(index, call);
  }
}

/** Pure: a non-streamed `chat.completion` (a server that ignored `stream`) as one chunk. */
export function completionAsChunk(payload: unknown): unknown {
  if (!isObject(payload) || !Array.isArray(payload['choices'])) return payload;
  const first: unknown = payload['choices'][0];
  if (!isObject(first)) return { usage: payload['usage'], choices: [] };
  const delta = isObject(first['message']) ? first['message'] : {};
  const finishReason = typeof first['finish_reason'] === 'string' ? first['finish_reason'] : 'stop';
  return { usage: payload['usage'], choices: [{ index: 0, delta, finish_reason: finishReason }] };
}
