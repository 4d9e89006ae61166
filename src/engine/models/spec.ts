/**
 * The model spec: one streaming call. Scripted, simulated and HTTP models all implement it, so
 * the loop never knows which it talks to (after the Vercel AI SDK's language-model spec).
 */
import type { CallPurpose } from '../trace/events';
import type { Message, ToolSpec, Usage } from '../types';
import type { AppendLog } from '../util/append-log';

export interface ModelRequest {
  readonly purpose: CallPurpose;
  /** The exact context window: a view of the conversation (call `toArray()` to send it). */
  readonly context: AppendLog<Message>;
  /** The tools to declare (`tools` protocol), else null. */
  readonly tools: readonly ToolSpec[] | null;
  readonly step: number;
  /** Which of the run's conversations the context belongs to. */
  readonly conversation: number;
}

export type ModelStreamPart =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'reasoning-delta'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly name: string;
      readonly arguments: string;
    }
  /** A failed HTTP attempt that will be retried after `waitMs` (visible in the trace's events). */
  | {
      readonly type: 'retry';
      readonly attempt: number;
      readonly waitMs: number;
      readonly reason: string;
    }
  | { readonly type: 'finish'; readonly finishReason: string; readonly usage: Usage | null };

export interface ModelAdapter {
  /** A short name for traces and logs (never a key or a URL with credentials). */
  readonly name: string;
  stream(
    request: ModelRequest,
    options: { readonly signal?: AbortSignal },
  ): AsyncIterable<ModelStreamPart>;
}

/** A model failure the run reports as `error`: a stable code and a sentence for people. */
export class ModelError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

/** Time, injected: the CLI and tests use a virtual clock, the browser a real one. */
export interface Clock {
  now(): number;
}

/** A clock that only moves when told to (simulated latency costs no real time). */
export function createVirtualClock(start = 0): Clock & { advance(ms: number): void } {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}
