/** The eval worker in the browser: a module Web Worker that Vite bundles from src/workers. */
import type { EvalWorkerFactory, EvalWorkerResponse } from '../../workers/eval-protocol';

/** Makes the Web Worker; its failures (a script that did not load, a message that did not parse) go to `onError`. */
export const browserEvalWorker: EvalWorkerFactory = (onMessage, onError) => {
  const worker = new Worker(new URL('../../workers/eval-worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-eval',
  });
  worker.onmessage = (event: MessageEvent<EvalWorkerResponse>) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'The eval worker stopped with an error.');
  };
  worker.onmessageerror = () => onError('A message from the eval worker could not be read.');
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
  };
};
