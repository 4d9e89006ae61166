/**
 * The token worker: the page's token counts (the mock model's usage and pace, a run's estimated
 * usage) off the main thread. gpt-tokenizer loads here, at the first request, never in the page.
 */
import './schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import type { TokenWorkerRequest, TokenWorkerResponse } from './token-protocol';
import { answerTokenRequest } from './token-core';

/** The worker's global scope, typed for what it uses (the project's lib is DOM, not WebWorker). */
const scope = self as unknown as {
  postMessage(message: TokenWorkerResponse): void;
  onmessage: ((event: MessageEvent<TokenWorkerRequest>) => void) | null;
};

scope.onmessage = (event) => {
  void answerTokenRequest(event.data).then((answer) => scope.postMessage(answer));
};
