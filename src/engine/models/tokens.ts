/**
 * Token counting for models that report no usage (scripted ones, or servers without
 * `include_usage`), and for the simulated model's pace. Counted with gpt-tokenizer (o200k_base,
 * `tokenizer.ts`, loaded on first use); marked as estimated in the trace. A count may arrive later
 * (the tokenizer still loading, a worker's answer): every caller awaits it, and the numbers are
 * the same either way.
 */
import type { Message } from '../types';
import type { AppendLog } from '../util/append-log';
import { countInSlices, countWithTokenizer, type CountText } from './tokenizer';

export { RUN_SLICE, countInSlices } from './tokenizer';

/** Chat framing per message and per request, as OpenAI documents for its chat format. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;
/** Texts at least this long are cached by content; shorter ones are cheaper to count again. */
const LONG_TEXT = 200;
const TEXT_CACHE_SIZE = 512;

/** A count now, or later. */
export type TokenCount = number | Promise<number>;

/** Counts many texts in one go: now (a tokenizer in this thread) or later (a worker's answer). */
export type CountTexts = (
  texts: readonly string[],
) => readonly number[] | Promise<readonly number[]>;

export interface TokenCounter {
  /** Prompt tokens of a context window. */
  countContext(context: AppendLog<Message>): TokenCount;
  countText(text: string): TokenCount;
}

interface Cached {
  readonly previous: Message | undefined;
  readonly cumulative: number;
}

function then<T, U>(value: T | Promise<T>, next: (value: T) => U): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * A counter over `countTexts` that remembers each message's running total, so counting a context
 * that grew by one message asks for one message, not the whole conversation (one batch per call).
 */
export function createBatchTokenCounter(countTexts: CountTexts): TokenCounter {
  const cache = new WeakMap<Message, Cached>();
  // System prompts and tasks repeat across runs: remember long texts by content (bounded).
  const byText = new Map<string, number>();
  const countContext = (context: AppendLog<Message>): TokenCount => {
    let start = context.length;
    let base = 0;
    // Walk back to the last message whose running total is known for this exact prefix.
    while (start > 0) {
      const message = context.at(start - 1) as Message;
      const cached = cache.get(message);
      if (cached && cached.previous === context.at(start - 2)) {
        base = cached.cumulative;
        break;
      }
      start--;
    }
    const known: (number | undefined)[] = [];
    const asked: string[] = [];
    for (let i = start; i < context.length; i++) {
      const { content } = context.at(i) as Message;
      const tokens = content.length >= LONG_TEXT ? byText.get(content) : undefined;
      known.push(tokens);
      if (tokens === undefined) asked.push(content);
    }
    const finish = (counts: readonly number[]): number => {
      let total = base;
      let next = 0;
      for (let i = start; i < context.length; i++) {
        const message = context.at(i) as Message;
        let tokens = known[i - start];
        if (tokens === undefined) {
          tokens = counts[next++] as number;
          if (message.content.length >= LONG_TEXT) {
            if (byText.size >= TEXT_CACHE_SIZE) byText.clear();
            byText.set(message.content, tokens);
          }
        }
        total += TOKENS_PER_MESSAGE + tokens;
        cache.set(message, { previous: context.at(i - 1), cumulative: total });
      }
      return total + TOKENS_PER_REPLY;
    };
    return asked.length === 0 ? finish([]) : then(countTexts(asked), finish);
  };
  const countText = (text: string): TokenCount =>
    then(countTexts([text]), (counts) => counts[0] as number);
  return { countContext, countText };
}

/**
 * A counter with `countWhole` in this thread (counts at once), or by default with gpt-tokenizer,
 * loaded at the first count (that count, and only it, arrives later).
 */
export function createTokenCounter(countWhole?: CountText): TokenCounter {
  return createBatchTokenCounter(
    countWhole
      ? (texts) => texts.map((text) => countInSlices(text, countWhole))
      : countWithTokenizer,
  );
}
