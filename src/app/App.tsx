/**
 * Composition root: the endpoints and saved-settings stores around the page's views, the inspector, the compare
 * view, the eval matrix and the presenter; the URL hash says which one fills the window and what
 * it shows (`#/inspect?scenario=…&settings=…&step=…`, `#/compare`, `#/eval`, `#/library`,
 * `#/memory`: the reflection memory,
 * `#/scenarios`: the scenario editor, `#/present`), and
 * follows what it shows (`url-sync.ts`, docs/links.md).
 */
import { afterPaint } from '../components';
import { useCallback, useReducer, useState } from 'react';
import { FileOpenerProvider } from '../components/file-opener';
import { viewHash } from '../components/view-route';
import type { ConfigOverrides } from '../engine';
import { CompareView } from '../features/compare';
import { EndpointsStoreProvider } from '../features/endpoints';
import { SavedConfigsProvider } from '../features/saved-configs';
import { InspectorView } from '../features/inspector';
import { PresenterView } from '../features/presenter';
import { builtinScenarios } from '../scenarios';
import { globalTimer, selectedEndpoint } from '../state';
import { laneToken, settingsToken } from '../state/lane-tokens';
import { EvalPage } from './EvalPage';
import type { AppServices } from './services';
import { compareLinkProblem, inspectorLinkProblem } from './follow-links';
import { UnknownScenario } from './UnknownScenario';
import { useUrlSync } from './url-sync';
import { createViewStores } from './view-stores';
import { createFileOpening, underWay, type Notice } from './file-opening';
import { exportLibrary } from './library-file';
import { exportCompare, exportCompareTraces, exportRun } from './run-export';
import type { RunExporter } from '../features/inspector';
import type { CompareStore } from '../state/compare-store';
import { recordOf } from '../state/run-record';
import { LibraryPage } from './LibraryPage';
import { MemoryPage } from './MemoryPage';
import { createScenarioEditing, type ScenarioEditing } from './scenario-editing';
import { ScenariosPage } from './ScenariosPage';
import { OpenNotice } from './OpenNotice';
import { interruptedNotice } from './interrupted-notice';

const SCENARIOS = builtinScenarios();

const MISSING_RUN =
  "This link names a run kept in the sender's library, not in this browser's; it is reproduced here from its scenario and settings. Ask them for the file (Export) to see their run itself.";
/** The first view opens on a scenario where reflection visibly changes the run. */
const FIRST_SCENARIO = 'rca-search-stall';

export function App({ services }: { readonly services: AppServices }) {
  const { library } = services;
  const [, resolved] = useReducer((count: number) => count + 1, 0);
  const [{ views, editing }] = useState(() => {
    // The views follow a link to the editor through it; it lists what it saves in the views.
    let editor: ScenarioEditing | null = null;
    const stores = createViewStores({
      scenarios: SCENARIOS,
      ownScenarios: services.ownScenarios,
      library,
      later: afterPaint,
      onResolved: resolved,
      firstScenario: FIRST_SCENARIO,
      deps: services.runDeps,
      builtin: () => selectedEndpoint(services.endpoints.getState()).kind === 'builtin',
      storage: services.storage,
      savedConfigs: services.savedConfigs,
      onFollow: (route) => editor?.follow(route),
    });
    editor = createScenarioEditing({
      views: stores,
      library,
      builtins: SCENARIOS,
      now: () => Date.now(),
    });
    return { views: stores, editing: editor };
  });
  const route = useUrlSync(views);
  // Runs a closed or reloaded tab left going were kept as interrupted when the library loaded.
  const [notice, setNotice] = useState<Notice | null>(() =>
    interruptedNotice(library.getState().interrupted),
  );
  const [opener] = useState(() =>
    createFileOpening({
      views,
      library,
      builtins: SCENARIOS,
      notify: setNotice,
      now: () => Date.now(),
      newId: () => `file-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    }),
  );
  // Dismissing the notice of a file being read stops the opening; of a run being written to the
  // library, it says no more of it (the write goes on).
  const dismiss = useCallback(() => {
    if (underWay(notice)) opener.cancel();
    setNotice(null);
  }, [notice, opener]);
  // The presenter fills the screen with its own controls, the bottom right's among them: a
  // notice that a file was opened (or is being kept) says nothing to an audience and lay over
  // them. One that is done goes; one still writing shows again after; a problem stays.
  const presenting = route.view === 'present';
  const [wasPresenting, setWasPresenting] = useState(presenting);
  if (presenting !== wasPresenting) {
    setWasPresenting(presenting);
    if (presenting && notice?.tone === 'done') setNotice(null);
  }
  // A kept run opened from the Library: the inspector on it, through the URL like any link.
  const openKept = (id: string) => {
    const run = library.getState().runs.find((summary) => summary.id === id);
    window.location.hash = viewHash('inspect', run?.scenarioId ?? null, [], { run: id });
  };
  const compareKept = (ids: readonly string[]) => {
    void views.compareRecords(ids).then((opened) => {
      if ('problem' in opened) setNotice({ tone: 'problem', text: opened.problem });
      else window.location.hash = opened.hash;
    });
  };
  const exportKept = (ids?: readonly string[]) => {
    void exportLibrary(library, ids).then((count) =>
      setNotice({ tone: 'done', text: `Exported ${count} ${count === 1 ? 'run' : 'runs'}.` }),
    );
  };
  // A cell of the eval matrix opened in the inspector, through the URL like any link: the run it
  // recorded, kept in the library (`run=`), and the cell's settings (its seed, a saved setting's
  // interval), by which a run the library lacks is reproduced.
  const openRun = (id: string, overrides: ConfigOverrides, run: string | null) => {
    const settings = settingsToken(overrides);
    window.location.hash = viewHash('inspect', id, [], { settings, ...(run ? { run } : {}) });
  };
  // Two matrix cells compared: their settings ride in the hash, so a reload keeps the lanes.
  const compareRuns = (id: string, overrides: readonly ConfigOverrides[]) => {
    window.location.hash = viewHash('compare', id, overrides.map(laneToken));
  };
  const saved = (saving: Promise<string>) =>
    saving.then(
      (name) => setNotice({ tone: 'done', text: `Exported ${name}.` }),
      (error: unknown) =>
        setNotice({
          tone: 'problem',
          text: error instanceof Error ? error.message : String(error),
        }),
    );
  const exportShown: RunExporter = (kind, store) => {
    if (kind !== 'scenario') return void saved(exportRun(store, kind));
    editing.fromRun(recordOf(store.getState())).catch((error: unknown) => {
      setNotice({ tone: 'problem', text: error instanceof Error ? error.message : String(error) });
    });
  };
  const exportLanes = (store: CompareStore, kind: 'html' | 'traces') =>
    void saved(
      kind === 'html'
        ? exportCompare(store)
        : Promise.resolve().then(() => exportCompareTraces(store)),
    );
  const linked = route.view === 'compare' ? compareLinkProblem(route) : inspectorLinkProblem(route);
  const problem = views.missingRun(route)
    ? [linked, MISSING_RUN].filter(Boolean).join(' ')
    : linked;
  return (
    <EndpointsStoreProvider store={services.endpoints}>
      <SavedConfigsProvider store={services.savedConfigs}>
        <FileOpenerProvider opener={opener}>
          {views.unknownScenario(route) &&
          (route.view === 'inspect' || route.view === 'compare') ? (
            <UnknownScenario
              scenario={route.scenario ?? ''}
              view={route.view}
              fallback={FIRST_SCENARIO}
              storage={services.storage}
            />
          ) : route.view === 'present' ? (
            // Demos, and lanes of any scenario the page knows, record on the scenario's own model
            // in-process, seeded and on a virtual clock (not `services.runDeps`): the same demo
            // plays the same way every time, whatever endpoint the user picked (the view says so
            // when it is a real one).
            <PresenterView
              scenarios={views.scenarios()}
              route={route}
              timer={globalTimer}
              storage={services.storage}
              tokens={services.tokens.counter}
            />
          ) : route.view === 'scenarios' ? (
            <ScenariosPage
              editing={editing}
              library={library}
              builtins={SCENARIOS}
              storage={services.storage}
            />
          ) : route.view === 'memory' ? (
            <MemoryPage reflections={services.reflections} storage={services.storage} />
          ) : route.view === 'library' ? (
            <LibraryPage
              library={library}
              storage={services.storage}
              onOpenRun={openKept}
              onCompareRuns={compareKept}
              onExport={exportKept}
            />
          ) : route.view === 'eval' ? (
            <EvalPage
              store={views.evaluation()}
              scenarios={SCENARIOS}
              storage={services.storage}
              onOpenRun={openRun}
              onCompare={compareRuns}
            />
          ) : route.view === 'compare' ? (
            <CompareView
              store={views.compare(route)}
              onExport={exportLanes}
              {...(problem ? { linkProblem: problem } : {})}
              storage={services.storage}
            />
          ) : (
            <InspectorView
              store={views.inspector(route)}
              storage={services.storage}
              onExport={exportShown}
              {...(problem ? { linkProblem: problem } : {})}
            />
          )}
          <OpenNotice notice={presenting ? problemOnly(notice) : notice} onDismiss={dismiss} />
        </FileOpenerProvider>
      </SavedConfigsProvider>
    </EndpointsStoreProvider>
  );
}

/** Only a problem shows over the presenter. */
const problemOnly = (notice: Notice | null): Notice | null =>
  notice?.tone === 'problem' ? notice : null;
