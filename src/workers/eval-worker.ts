/**
 * The eval worker: a thin message loop over `eval-runner`. It runs the built-in scenarios on their
 * own models (simulated and scripted, in-process, on a virtual clock: no network, no waiting) or
 * on a user's endpoint (the OpenAI-compatible client over this worker's fetch, N runs at once),
 * posts progress (at most every 50 ms of its clock) and the rows at the end, and on a cancel aborts the runs in flight.
 * The kept runs it writes to the library itself (its own connection to the page's database), so
 * their traces never cross to the page.
 */
import './schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import { builtinScenarios } from '../scenarios';
import type { RunLibraryPort } from '../state';
import { openRunLibrary } from '../storage';
import type { EvalWorkerRequest, EvalWorkerResponse } from './eval-protocol';
import { createEvalLoop } from './eval-runner';
import { realClock, workerEndpointIo } from './global-io';

/** The worker's global scope, typed for what it uses (the project's lib is DOM, not WebWorker). */
const scope = self as unknown as {
  postMessage(message: EvalWorkerResponse): void;
  onmessage: ((event: MessageEvent<EvalWorkerRequest>) => void) | null;
};

/** A macrotask turn without setTimeout's 4 ms clamp: lets a queued cancel message in. */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const pause = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

/** The library's database, opened on the first write (again after a failed open). */
let library: { name: string; port: Promise<RunLibraryPort> } | null = null;
const libraryOn = (name: string) => {
  if (library?.name !== name) {
    const port = openRunLibrary({ indexedDB: self.indexedDB, IDBKeyRange: self.IDBKeyRange, name });
    library = { name, port };
    port.catch(() => (library = null));
  }
  return library.port;
};

const handle = createEvalLoop((message) => scope.postMessage(message), {
  scenarios: builtinScenarios(),
  pause,
  endpointIo: workerEndpointIo,
  now: realClock.now,
  keepRuns: async (name, records) =>
    (await libraryOn(name)).putAll(records.map((record) => ({ record }))),
});

scope.onmessage = (event) => handle(event.data);
