/**
 * The open worker: a picked, dropped or pasted file read and parsed off the main thread (a
 * 100,000-step trace is about 90 MB of JSON), so the page keeps answering and shows progress.
 * One worker per file: the page terminates it when another file is opened.
 */
import './schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import type { OpenWorkerRequest, OpenWorkerResponse } from './open-protocol';
import { answerOpenRequest } from './open-core';

/** The worker's global scope, typed for what it uses (the project's lib is DOM, not WebWorker). */
const scope = self as unknown as {
  postMessage(message: OpenWorkerResponse): void;
  onmessage: ((event: MessageEvent<OpenWorkerRequest>) => void) | null;
};

scope.onmessage = (event) => {
  void answerOpenRequest(event.data, (response) => scope.postMessage(response));
};
