import '../app/schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RecordedRunView } from '../features/inspector';
import { createMemoryStorage, createRunStore } from '../state';
import { RUN_ELEMENT_ID } from './share-page';
import { sharedRunRecord } from './shared-run';
import '../app/index.css';

/**
 * The share page: the run in the page's run element, shown read-only. No service worker, no
 * storage of the reader's browser (theme and pane sizes live in memory), no request: the page's
 * own policy has no connect-src (vite.share.config.ts).
 */
const root = document.getElementById('root');
if (!root) throw new Error('Loopscope: #root element missing from share.html');

try {
  // The page carries its scenario (Trace JSON v2 with its definition): no built-ins are bundled.
  const record = sharedRunRecord(document.getElementById(RUN_ELEMENT_ID)?.textContent ?? null, []);
  const store = createRunStore(
    { scenarioId: record.scenario.id },
    { scenarios: [record.scenario] },
  );
  store.getState().actions.open(record);
  document.title = `${record.scenario.title} · Loopscope`;
  createRoot(root).render(
    <StrictMode>
      <RecordedRunView
        store={store}
        storage={createMemoryStorage()}
        notice="A recorded run, opened read-only from a file."
      />
    </StrictMode>,
  );
} catch (error) {
  root.textContent = `Loopscope could not show this page's run: ${error instanceof Error ? error.message : String(error)}`;
}
