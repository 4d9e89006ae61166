/**
 * The align worker: compare's alignment of long runs (thousands of steps) off the main thread,
 * so the page keeps answering while the band of the table fills.
 */
import type { AlignWorkerRequest, AlignWorkerResponse } from './align-protocol';
import { answerAlignRequest } from './align-core';

/** The worker's global scope, typed for what it uses (the project's lib is DOM, not WebWorker). */
const scope = self as unknown as {
  postMessage(message: AlignWorkerResponse): void;
  onmessage: ((event: MessageEvent<AlignWorkerRequest>) => void) | null;
};

scope.onmessage = (event) => scope.postMessage(answerAlignRequest(event.data));
