/**
 * The runner: carries out the step function's effects through injected adapters (model, tools,
 * clock, memory) and feeds the results back until the run ends. It owns the I/O events
 * (model-call-*, streaming deltas); cancel through the AbortSignal at any point.
 */
import { createMemoryStore, type ReflectionMemory } from '../attempts';
import type { LoopConfig } from '../config';
import {
  ModelError,
  createVirtualClock,
  type Clock,
  type ModelAdapter,
  type ModelRequest,
} from '../models/spec';
import { createTokenCounter, type TokenCounter } from '../models/tokens';
import type { Scenario } from '../scenario/types';
import type { ToolExecutor } from '../tools';
import { buildTrace } from '../trace/build';
import type { LoopEvent } from '../trace/events';
import type { Trace } from '../trace/types';
import type { ToolCall, ToolResult } from '../types';
import type { Effect, LoopInput } from './kit';
import type { ForkPoint } from './fork';
import { initialState, type LoopState } from './state';
import { step } from './step';

export interface RunOptions {
  readonly scenario: Scenario;
  readonly config: LoopConfig;
  readonly model: ModelAdapter;
  readonly tools: ToolExecutor;
  readonly clock?: Clock;
  readonly memory?: ReflectionMemory;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: LoopEvent) => void;
  readonly tokens?: TokenCounter;
  /** Go on from a replayed fork point (see `prepareFork`) instead of starting afresh. */
  readonly from?: ForkPoint;
}

const CANCEL: LoopInput = { type: 'run-cancel' };
let sharedTokens: TokenCounter | null = null;

/** One token counter for the process: its caches pay off across runs (system prompts repeat). */
export function sharedTokenCounter(): TokenCounter {
  return (sharedTokens ??= createTokenCounter());
}

/** Runs a scenario to its end and returns the trace; never throws for model or tool faults. */
export async function runLoop(options: RunOptions): Promise<Trace> {
  const { scenario, config, model, tools, signal, onEvent } = options;
  const clock = options.clock ?? createVirtualClock();
  const memory = options.memory ?? createMemoryStore();
  const tokens = options.tokens ?? sharedTokenCounter();
  let [state, effects]: [LoopState, readonly Effect[]] = options.from
    ? [options.from.state, options.from.effects]
    : step(initialState(scenario, config), { type: 'run-start', priorReflections: memory.list() });
  if (options.from) for (const event of options.from.events) onEvent?.(event);
  for (;;) {
    let next: LoopInput | null = null;
    for (const effect of effects) next = (await carryOut(effect)) ?? next;
    if (!next) break;
    [state, effects] = step(state, signal?.aborted ? CANCEL : next);
  }
  return buildTrace(state);

  async function carryOut(effect: Effect): Promise<LoopInput | null> {
    switch (effect.type) {
      case 'emit':
        onEvent?.(effect.event);
        return null;
      case 'memory-append':
        memory.append(effect.entry);
        return null;
      case 'tool-run':
        if (signal?.aborted) return CANCEL;
        return { type: 'tool-run-end', result: await runTool(effect.call) };
      case 'model-call':
        if (signal?.aborted) return CANCEL;
        return callModel(effect.request);
    }
  }

  async function runTool(call: ToolCall): Promise<ToolResult> {
    try {
      return await tools.run(call);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, result: { error: `The tool ${call.tool} failed: ${message}` } };
    }
  }

  /** Both counts asked at once (one message when the counter is a worker). */
  async function countUsage(request: ModelRequest, text: string) {
    const [promptTokens, completionTokens] = await Promise.all([
      tokens.countContext(request.context),
      tokens.countText(text),
    ]);
    return { promptTokens, completionTokens };
  }

  async function callModel(request: ModelRequest): Promise<LoopInput> {
    const started = clock.now();
    const { step: index } = request;
    onEvent?.({
      type: 'model-call-start',
      step: index,
      purpose: request.purpose,
      conversation: request.conversation,
      contextLength: request.context.length,
      context: request.context,
    });
    let text = '';
    let reasoning: string | null = null;
    let toolCall: { id: string; name: string; arguments: string } | null = null;
    let usage = null;
    let ttftMs: number | null = null;
    const firstToken = () => (ttftMs ??= Math.max(0, clock.now() - started));
    try {
      for await (const part of model.stream(request, signal ? { signal } : {})) {
        switch (part.type) {
          case 'text-delta':
            firstToken();
            text += part.text;
            onEvent?.({ type: 'model-call-delta', step: index, text: part.text });
            break;
          case 'reasoning-delta':
            firstToken();
            reasoning = (reasoning ?? '') + part.text;
            onEvent?.({ type: 'model-call-reasoning-delta', step: index, text: part.text });
            break;
          case 'tool-call':
            firstToken();
            toolCall ??= { id: part.id, name: part.name, arguments: part.arguments };
            break;
          case 'retry':
            onEvent?.({
              type: 'model-call-retry',
              step: index,
              attempt: part.attempt,
              waitMs: part.waitMs,
              reason: part.reason,
            });
            break;
          case 'finish':
            usage = part.usage;
            break;
        }
      }
    } catch (error) {
      if (signal?.aborted) return CANCEL;
      const fault =
        error instanceof ModelError
          ? { code: error.code, message: error.message }
          : {
              code: 'model_failed',
              message: `The model call failed: ${error instanceof Error ? error.message : String(error)}`,
            };
      return { type: 'model-call-fail', error: fault };
    }
    if (signal?.aborted) return CANCEL;
    // The call's time ends with its reply, before any counting (which may wait for a worker).
    const latencyMs = Math.max(0, clock.now() - started);
    const estimated = usage === null;
    const counted = usage ?? (await countUsage(request, text));
    onEvent?.({ type: 'model-call-end', step: index, text, usage: counted, latencyMs, ttftMs });
    return {
      type: 'model-call-end',
      text,
      toolCall,
      usage: counted,
      usageEstimated: estimated,
      latencyMs,
      ttftMs,
      reasoning,
    };
  }
}
