/**
 * Composition root: the endpoints and saved-settings stores around the page's views, the inspector, the compare
 * view, the eval matrix and the presenter; the URL hash says which one fills the window and what
 * it shows (`#/inspect?scenario=…&settings=…&step=…`, `#/compare`, `#/eval`, `#/present`), and
 * follows what it shows (`url-sync.ts`, docs/links.md).
 */
import { useState } from 'react';
import { viewHash } from '../components/view-route';
import type { ConfigOverrides } from '../engine';
import { CompareView } from '../features/compare';
import { EndpointsStoreProvider } from '../features/endpoints';
import { SavedConfigsProvider } from '../features/saved-configs';
import { InspectorView } from '../features/inspector';
import { PresenterView } from '../features/presenter';
import { builtinScenarios } from '../scenarios';
import { selectedEndpoint } from '../state';
import { laneToken, settingsToken } from '../state/lane-tokens';
import type { PresenterTimer } from '../state/presenter-store';
import { EvalPage } from './EvalPage';
import type { AppServices } from './services';
import { compareLinkProblem, inspectorLinkProblem } from './follow-links';
import { UnknownScenario } from './UnknownScenario';
import { useUrlSync } from './url-sync';
import { createViewStores } from './view-stores';

const SCENARIOS = builtinScenarios();
/** The first view opens on a scenario where reflection visibly changes the run. */
const FIRST_SCENARIO = 'rca-search-stall';

/** The presenter plays on the browser's timer (the store itself touches no globals). */
const BROWSER_TIMER: PresenterTimer = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export function App({ services }: { readonly services: AppServices }) {
  const [views] = useState(() =>
    createViewStores({
      scenarios: SCENARIOS,
      firstScenario: FIRST_SCENARIO,
      deps: services.runDeps,
      builtin: () => selectedEndpoint(services.endpoints.getState()).kind === 'builtin',
      storage: services.storage,
      savedConfigs: services.savedConfigs,
    }),
  );
  const route = useUrlSync(views);
  // A cell of the eval matrix opened in the inspector: its scenario with all of the cell's
  // settings (its seed and a saved setting's interval too), through the URL like any link.
  const openRun = (id: string, overrides: ConfigOverrides) => {
    window.location.hash = viewHash('inspect', id, [], { settings: settingsToken(overrides) });
  };
  // Two matrix cells compared: their settings ride in the hash, so a reload keeps the lanes.
  const compareRuns = (id: string, overrides: readonly ConfigOverrides[]) => {
    window.location.hash = viewHash('compare', id, overrides.map(laneToken));
  };
  const problem =
    route.view === 'compare' ? compareLinkProblem(route) : inspectorLinkProblem(route);
  return (
    <EndpointsStoreProvider store={services.endpoints}>
      <SavedConfigsProvider store={services.savedConfigs}>
        {views.unknownScenario(route) && route.view !== 'present' && route.view !== 'eval' ? (
          <UnknownScenario
            scenario={route.scenario ?? ''}
            view={route.view}
            fallback={FIRST_SCENARIO}
            storage={services.storage}
          />
        ) : route.view === 'present' ? (
          // Demos record on the built-in model in-process, seeded and on a virtual clock (not
          // `services.runDeps`): the same demo plays the same way every time, whatever endpoint
          // the user picked (the view says so when it is a real one).
          <PresenterView
            scenarios={SCENARIOS}
            route={route}
            timer={BROWSER_TIMER}
            storage={services.storage}
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
            {...(problem ? { linkProblem: problem } : {})}
            storage={services.storage}
          />
        ) : (
          <InspectorView
            store={views.inspector(route)}
            storage={services.storage}
            {...(problem ? { linkProblem: problem } : {})}
          />
        )}
      </SavedConfigsProvider>
    </EndpointsStoreProvider>
  );
}
