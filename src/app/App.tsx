/**
 * Composition root: the endpoints and saved-settings stores around the page's views, the inspector, the compare
 * view, the eval matrix and the presenter; the URL hash says which one fills the window
 * (`#/inspect`, `#/compare`, `#/eval`, `#/present`).
 */
import { useEffect, useState } from 'react';
import { parseViewHash, viewHash, type ViewRoute } from '../components/view-route';
import type { ConfigOverrides } from '../engine';
import { CompareView } from '../features/compare';
import { EndpointsStoreProvider } from '../features/endpoints';
import { SavedConfigsProvider } from '../features/saved-configs';
import { InspectorView } from '../features/inspector';
import { PresenterView } from '../features/presenter';
import { builtinScenarios } from '../scenarios';
import { selectedEndpoint } from '../state';
import { laneToken, readLaneTokens } from '../state/lane-tokens';
import type { PresenterTimer } from '../state/presenter-store';
import { EvalPage } from './EvalPage';
import type { AppServices } from './services';
import { createViewStores, type ViewStores } from './view-stores';

const SCENARIOS = builtinScenarios();
/** The first view opens on a scenario where reflection visibly changes the run. */
const FIRST_SCENARIO = 'rca-search-stall';

/** The presenter plays on the browser's timer (the store itself touches no globals). */
const BROWSER_TIMER: PresenterTimer = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * The route in the URL hash, kept in step with it (the browser's hashchange, with cleanup); each
 * new route is applied to the views' stores as it arrives.
 */
function useViewRoute(views: ViewStores): ViewRoute {
  const [route, setRoute] = useState(() => parseViewHash(window.location.hash));
  useEffect(() => {
    const onHashChange = () => {
      const next = parseViewHash(window.location.hash);
      views.follow(next);
      setRoute(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [views]);
  return route;
}

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
  const route = useViewRoute(views);
  // A cell of the eval matrix opened in the inspector: its scenario with the cell's settings.
  const openRun = (id: string, overrides: ConfigOverrides) => {
    const inspector = views.inspector(route).getState().actions;
    inspector.selectScenario(id);
    inspector.reset();
    inspector.setOverrides(overrides);
    window.location.hash = viewHash('inspect', id);
  };
  // Two matrix cells compared: their settings ride in the hash, so a reload keeps the lanes.
  const compareRuns = (id: string, overrides: readonly ConfigOverrides[]) => {
    window.location.hash = viewHash('compare', id, overrides.map(laneToken));
  };
  const linked = route.view === 'compare' ? readLaneTokens(route.lanes) : null;
  return (
    <EndpointsStoreProvider store={services.endpoints}>
      <SavedConfigsProvider store={services.savedConfigs}>
        {route.view === 'present' ? (
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
            {...(linked?.problem ? { linkProblem: linked.problem } : {})}
            storage={services.storage}
          />
        ) : (
          <InspectorView store={views.inspector(route)} storage={services.storage} />
        )}
      </SavedConfigsProvider>
    </EndpointsStoreProvider>
  );
}
