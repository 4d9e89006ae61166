import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { AppendLog, createTokenCounter, type Message } from '../engine';
import type { TokenWorkerRequest } from '../workers/token-protocol';
import { answerTokenRequest } from '../workers/token-core';
import { createWorkerTokenCounter, TokenCountError, type TokenPortFactory } from './token-counting';

/** The token worker's own core behind a message boundary (answers in a later task), recording requests. */
function workerLike(options: { fail?: boolean } = {}) {
  const requests: TokenWorkerRequest[] = [];
  let connections = 0;
  const connect: TokenPortFactory = (onAnswer, onError) => {
    connections += 1;
    return {
      post: (request) => {
        requests.push(request);
        setTimeout(() => {
          if (options.fail) onError('the script did not load');
          else void answerTokenRequest(request).then(onAnswer);
        }, 0);
      },
      close: () => {},
    };
  };
  return { connect, requests, connections: () => connections };
}

const conversation: Message[] = [
  { role: 'system', content: 'You are an on-call engineer. Think, then act: one tool per turn.' },
  { role: 'user', content: `Search latency doubled after the deploy. ${'Logs: ok. '.repeat(40)}` },
  { role: 'assistant', content: 'Thought: check the index.\nAction: search_logs({"q":"index"})' },
];

describe('token counts from the token worker', () => {
  it('are the same numbers the engine counts in its own thread', async () => {
    const { connect } = workerLike();
    const { counter } = createWorkerTokenCounter(connect);
    const inThread = createTokenCounter(countTokens);
    const context = AppendLog.of(conversation);
    expect(await counter.countContext(context)).toBe(inThread.countContext(context));
    const reply = 'Final answer: the new index lacks a shard; roll it back.';
    expect(await counter.countText(reply)).toBe(countTokens(reply));
  });

  it('asks once for the counts of one tick, and a grown context asks for its new message only', async () => {
    const { connect, requests } = workerLike();
    const { counter } = createWorkerTokenCounter(connect);
    const first = AppendLog.of(conversation.slice(0, 2));
    const [prompt, completion] = await Promise.all([
      counter.countContext(first),
      counter.countText('Thought: check the index.'),
    ]);
    expect(requests).toHaveLength(1);
    expect(prompt).toBeGreaterThan(0);
    expect(completion).toBe(countTokens('Thought: check the index.'));
    await counter.countContext(first.append(conversation[2]!));
    expect(requests).toHaveLength(2);
    expect(requests[1]!.texts).toEqual([conversation[2]!.content]);
  });

  it('says so when the worker fails, and starts a new worker for the next count', async () => {
    const broken = workerLike({ fail: true });
    const { counter } = createWorkerTokenCounter(broken.connect);
    const failed = Promise.resolve(counter.countText('hello'));
    await expect(failed).rejects.toBeInstanceOf(TokenCountError);
    await expect(failed).rejects.toThrow('Tokens could not be counted: the script did not load');
    await expect(Promise.resolve(counter.countText('hello'))).rejects.toThrow();
    expect(broken.connections()).toBe(2);
  });

  it('loads the tokenizer early when warmed, before any run asks', async () => {
    const { connect, requests } = workerLike();
    const { warm } = createWorkerTokenCounter(connect);
    warm();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
  });
});
