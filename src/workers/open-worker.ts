/**
 * The open worker: a picked, dropped or pasted file read and parsed off the main thread (a
 * 100,000-step trace is about 90 MB of JSON), so the page keeps answering and shows progress;
 * then, asked to, it writes the run the page made of the file to the library itself (Dexie,
 * loaded with the first such write), so the page never clones the trace into IndexedDB.
 * One worker per file: the page terminates it when another file is opened or the run is kept.
 */
import './schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import type { OpenWorkerMessage, OpenWorkerResponse } from './open-protocol';
import { createOpenAnswerer } from './open-core';

/** The worker's global scope, typed for what it uses (the project's lib is DOM, not WebWorker). */
const scope = self as unknown as {
  postMessage(message: OpenWorkerResponse): void;
  onmessage: ((event: MessageEvent<OpenWorkerMessage>) => void) | null;
  readonly indexedDB: IDBFactory | undefined;
  readonly IDBKeyRange: typeof IDBKeyRange | undefined;
};

const answer = createOpenAnswerer((response) => scope.postMessage(response), {
  keep: async (name, entry) => {
    const { openRunLibrary } = await import('../storage');
    const library = await openRunLibrary({
      indexedDB: scope.indexedDB,
      IDBKeyRange: scope.IDBKeyRange,
      name,
    });
    const [summary] = await library.putAll([entry]);
    return summary!;
  },
});

scope.onmessage = (event) => answer(event.data);
