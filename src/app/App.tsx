/** Composition root: the endpoints store around the inspector, which fills the window. */
import { EndpointsStoreProvider } from '../features/endpoints';
import { InspectorView } from '../features/inspector';
import { builtinScenarios } from '../scenarios';
import type { AppServices } from './services';

const SCENARIOS = builtinScenarios();
/** The first view opens on a scenario where reflection visibly changes the run. */
const INITIAL_RUN = { scenarioId: 'rca-search-stall' } as const;

export function App({ services }: { readonly services: AppServices }) {
  return (
    <EndpointsStoreProvider store={services.endpoints}>
      <InspectorView
        scenarios={SCENARIOS}
        initial={INITIAL_RUN}
        deps={services.runDeps}
        storage={services.storage}
      />
    </EndpointsStoreProvider>
  );
}
