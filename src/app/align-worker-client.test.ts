import { describe, expect, it } from 'vitest';
import { alignSignaturesAgainst } from '../projections/align';
import type { AlignWorkerRequest } from '../workers/align-protocol';
import { answerAlignRequest } from '../workers/align-core';
import { AlignError, createWorkerAligner, type AlignPortFactory } from './align-worker-client';

/** The align worker's own core behind a message boundary (answers in a later task). */
function workerLike(options: { fail?: boolean } = {}) {
  const requests: AlignWorkerRequest[] = [];
  let connections = 0;
  const connect: AlignPortFactory = (onAnswer, onError) => {
    connections += 1;
    return {
      post: (request) => {
        requests.push(request);
        setTimeout(() => {
          if (options.fail) onError('the script did not load');
          else onAnswer(structuredClone(answerAlignRequest(request)));
        }, 0);
      },
      close: () => {},
    };
  };
  return { connect, requests, connections: () => connections };
}

const lanes = [
  ['tool:search {"q":"a"}', 'reflection', 'tool:search {"q":"b"}', 'answer'],
  ['tool:search {"q":"a"}', 'tool:search {"q":"b"}', 'tool:read {"id":1}', 'answer'],
  ['tool:search {"q":"a"}', 'reflection', 'answer'],
];

describe('alignments from the align worker', () => {
  it('are the alignment the page makes itself, against any baseline', async () => {
    const { connect, connections } = workerLike();
    const align = createWorkerAligner(connect);
    expect(await align(lanes, 0)).toEqual(alignSignaturesAgainst(lanes, 0));
    expect(await align(lanes, 2)).toEqual(alignSignaturesAgainst(lanes, 2));
    expect(connections()).toBe(1);
  });

  it('fail with a message naming the cause, and the next alignment starts a new worker', async () => {
    const failing = workerLike({ fail: true });
    const align = createWorkerAligner(failing.connect);
    const error = await align(lanes, 0).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AlignError);
    expect((error as AlignError).code).toBe('align_failed');
    expect((error as AlignError).message).toBe(
      'The runs could not be aligned: the script did not load',
    );
    await align(lanes, 0).catch(() => undefined);
    expect(failing.connections()).toBe(2);
  });
});
