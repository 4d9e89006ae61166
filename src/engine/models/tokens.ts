/**
 * Token counting for models that report no usage (scripted ones, or servers without
 * `include_usage`). Counted with gpt-tokenizer (o200k_base); marked as estimated in the trace.
 */
import { countTokens } from 'gpt-tokenizer';
import type { Message } from '../types';
import type { AppendLog } from '../util/append-log';

/** Chat framing per message and per request, as OpenAI documents for its chat format. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;
/** Texts at least this long are cached by content; shorter ones are cheaper to count again. */
const LONG_TEXT = 200;
const TEXT_CACHE_SIZE = 512;

/**
 * gpt-tokenizer's BPE is quadratic in the length of one pre-token, and a run its pre-tokenizer
 * does not split (100,000 identical letters, a line of "-") is one pre-token: 15 s for 100k
 * characters (issue 15). Runs of this many characters or more are counted in slices of this size;
 * ordinary words and sentences are far shorter and are counted as before.
 */
export const RUN_SLICE = 100;
const LONG_RUN = new RegExp(`\\S{${RUN_SLICE},}|\\s{${RUN_SLICE},}`, 'g');

/**
 * Pure: the tokens of `text` by `count`, with every long run of non-space (or space) characters
 * counted in `RUN_SLICE`-character slices (never cutting a surrogate pair), so the work grows
 * linearly with the run. A slice may tokenise a little differently from the whole run: the count
 * is an estimate either way.
 */
export function countInSlices(text: string, count: (text: string) => number): number {
  LONG_RUN.lastIndex = 0;
  const found = LONG_RUN.test(text);
  LONG_RUN.lastIndex = 0; // matchAll starts where test() stopped
  if (!found) return count(text);
  let total = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    if (run.index > from) total += count(text.slice(from, run.index));
    const end = run.index + run[0].length;
    let at = run.index;
    while (at < end) {
      let next = Math.min(at + RUN_SLICE, end);
      const code = text.charCodeAt(next - 1);
      if (next < end && code >= 0xd800 && code <= 0xdbff) next -= 1;
      total += count(text.slice(at, next));
      at = next;
    }
    from = end;
  }
  if (from < text.length) total += count(text.slice(from));
  return total;
}

export interface TokenCounter {
  /** Prompt tokens of a context window. */
  countContext(context: AppendLog<Message>): number;
  countText(text: string): number;
}

interface Cached {
  readonly previous: Message | undefined;
  readonly cumulative: number;
}

/**
 * A counter that remembers each message's running total, so counting a context that grew by
 * one message costs one message, not the whole conversation.
 */
export function createTokenCounter(
  countWhole: (text: string) => number = countTokens,
): TokenCounter {
  const count = (text: string) => countInSlices(text, countWhole);
  const cache = new WeakMap<Message, Cached>();
  // System prompts and tasks repeat across runs: remember long texts by content (bounded).
  const byText = new Map<string, number>();
  const countMessage = (text: string): number => {
    if (text.length < LONG_TEXT) return count(text);
    let tokens = byText.get(text);
    if (tokens === undefined) {
      if (byText.size >= TEXT_CACHE_SIZE) byText.clear();
      tokens = count(text);
      byText.set(text, tokens);
    }
    return tokens;
  };
  const countContext = (context: AppendLog<Message>): number => {
    let start = context.length;
    let total = 0;
    // Walk back to the last message whose running total is known for this exact prefix.
    while (start > 0) {
      const message = context.at(start - 1) as Message;
      const cached = cache.get(message);
      if (cached && cached.previous === context.at(start - 2)) {
        total = cached.cumulative;
        break;
      }
      start--;
    }
    for (let i = start; i < context.length; i++) {
      const message = context.at(i) as Message;
      total += TOKENS_PER_MESSAGE + countMessage(message.content);
      cache.set(message, { previous: context.at(i - 1), cumulative: total });
    }
    return total + TOKENS_PER_REPLY;
  };
  return { countContext, countText: (text) => count(text) };
}
