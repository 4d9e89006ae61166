import '../app/schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RecordedRunView } from '../features/inspector';
import { CompareView } from '../features/compare';
import { createCompareStore, createMemoryStorage, createRunStore } from '../state';
import { RUN_ELEMENT_ID } from './share-page';
import { sharedView, type SharedView } from './shared-run';
import '../app/index.css';

/**
 * The share page: the run in the page's run element, shown read-only. No service worker, no
 * storage of the reader's browser (theme and pane sizes live in memory), no request: the page's
 * own policy has no connect-src (vite.share.config.ts).
 */
const root = document.getElementById('root');
if (!root) throw new Error('Loopscope: #root element missing from share.html');

const NOTICE = 'A recorded run, opened read-only from a file.';
const COMPARE_NOTICE = 'Recorded runs compared, opened read-only from a file.';

function render(view: SharedView) {
  const storage = createMemoryStorage();
  if (view.kind === 'run') {
    const { record } = view;
    const store = createRunStore(
      { scenarioId: record.scenario.id },
      { scenarios: [record.scenario] },
    );
    store.getState().actions.open(record);
    document.title = `${record.scenario.title} · Loopscope`;
    return <RecordedRunView store={store} storage={storage} notice={NOTICE} />;
  }
  const scenario = view.lanes[0]!.record.scenario;
  const store = createCompareStore({ scenarios: [scenario], scenarioId: scenario.id });
  store.getState().actions.openLanes(
    view.lanes.map(({ label, record }) => ({ label, overrides: record.overrides, record })),
    { run: false },
  );
  document.title = `${scenario.title} (compared) · Loopscope`;
  return <CompareView store={store} storage={storage} readOnly={COMPARE_NOTICE} />;
}

try {
  // The page carries its scenario (Trace JSON v2 with its definition): no built-ins are bundled.
  const view = sharedView(document.getElementById(RUN_ELEMENT_ID)?.textContent ?? null, []);
  createRoot(root).render(<StrictMode>{render(view)}</StrictMode>);
} catch (error) {
  root.textContent = `Loopscope could not show this page's run: ${error instanceof Error ? error.message : String(error)}`;
}
