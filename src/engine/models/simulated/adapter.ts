/**
 * The simulated model in-process: streams its reply in word-sized deltas and spends its simulated
 * time on the injected clock (a virtual clock in the CLI and tests: no real waiting).
 */
import type { Protocol } from '../../config';
import type { Scenario } from '../../scenario/types';
import type { ModelAdapter, ModelStreamPart } from '../spec';
import type { TokenCounter } from '../tokens';
import { simulateReply } from './simulate';

export interface SimulatedModelOptions {
  readonly seed: number;
  readonly protocol?: Protocol;
  readonly tokens: TokenCounter;
  /** Advances simulated time (a virtual clock's `advance`); without it no time passes. */
  readonly spend?: (ms: number) => void | Promise<void>;
}

/** Pure helper: a reply cut into word-sized pieces, whitespace kept with the word before it. */
export function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Creates the in-process simulated model of a scenario. */
export function createSimulatedModel(
  scenario: Scenario,
  options: SimulatedModelOptions,
): ModelAdapter {
  const { tokens, spend } = options;
  return {
    name: `simulated:${scenario.id}`,
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const messages = request.context.toArray();
      const reply = simulateReply(scenario, messages, {
        seed: options.seed,
        ...(options.protocol ? { protocol: options.protocol } : {}),
      });
      const output = reply.text + (reply.toolCall ? reply.toolCall.arguments : '');
      const [promptTokens, completionTokens] = await Promise.all([
        tokens.countContext(request.context),
        tokens.countText(output),
      ]);
      const { ttftMs, msPerToken, msPerPromptToken } = reply.timing;
      // Whole milliseconds: simulated time then adds up exactly, wherever the clock stands (a
      // fork's replayed prefix starts its clock elsewhere and must still match byte for byte).
      await spend?.(Math.round(ttftMs + promptTokens * msPerPromptToken));
      const parts = pieces(reply.text);
      const perPiece = parts.length
        ? Math.round((completionTokens * msPerToken) / parts.length)
        : 0;
      for (const [index, text] of parts.entries()) {
        if (index > 0) await spend?.(perPiece);
        yield { type: 'text-delta', text };
      }
      if (reply.toolCall) {
        await spend?.(perPiece);
        yield { type: 'tool-call', id: `call_${request.step}`, ...reply.toolCall };
      }
      yield {
        type: 'finish',
        finishReason: reply.toolCall ? 'tool_calls' : 'stop',
        usage: { promptTokens, completionTokens },
      };
    },
  };
}
