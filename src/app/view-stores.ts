/**
 * The views' stores, one each for the page: made when a view first opens and kept while the page
 * lives, so leaving a view and coming back finds it as it was (a run goes on while another view is
 * open). A new route is applied to the stores as an action (`follow`), never by making new ones.
 */
import type { ViewRoute } from '../components/view-route';
import type { Scenario } from '../engine';
import { createCompareStore, type CompareStore } from '../state/compare-store';
import { laneToken, parseLaneToken, readLaneTokens } from '../state/lane-tokens';
import { createEvalStore, type EvalStore } from '../state/eval-store';
import { createRunStore, type RunStore, type RunStoreDeps } from '../state/run-store';
import { asEvalConfigs, type SavedConfigsStore } from '../state/saved-configs';
import type { KeyValueStorage } from '../state/try-storage';
import { browserEvalWorker } from '../features/eval';

export interface ViewStores {
  /** The inspector's run store (made on first use, on the route's scenario). */
  inspector(route: ViewRoute): RunStore;
  /** The compare store (made on first use, on the route's scenario and lanes). */
  compare(route: ViewRoute): CompareStore;
  /** The eval store (made on first use; its worker starts when the view first opens). */
  evaluation(): EvalStore;
  /** Applies a route the user followed to the stores that exist. */
  follow(route: ViewRoute): void;
}

export interface ViewStoresOptions {
  readonly scenarios: readonly Scenario[];
  /** The scenario a view opens on when the route names none it knows. */
  readonly firstScenario: string;
  readonly deps: RunStoreDeps;
  /** Lanes a link names run at once only on the built-in model (on an endpoint, calls cost). */
  readonly builtin: () => boolean;
  /** Where the eval matrix's setup persists. */
  readonly storage: KeyValueStorage;
  /** The saved settings, read when a matrix starts: columns named by what the user called them. */
  readonly savedConfigs: SavedConfigsStore;
}

/**
 * Pure: the link's lanes are already what the compare view shows first (the presenter's pair
 * coming back from Exit, or the view's own URL): nothing to open.
 */
export function shownAlready(route: ViewRoute, store: CompareStore): boolean {
  // Tokens are compared as they read back: a lane's settings and its token's reading may differ
  // in what they leave to defaults.
  const normal = (token: string) => {
    const lane = parseLaneToken(token);
    return lane ? laneToken(lane.overrides) : null;
  };
  const shown = store.getState().lanes.map((lane) => normal(laneToken(lane.overrides)));
  return route.lanes.every((token, index) => {
    const read = normal(token);
    return read !== null && read === shown[index];
  });
}

export function createViewStores(options: ViewStoresOptions): ViewStores {
  const { scenarios, firstScenario, deps, builtin, storage, savedConfigs } = options;
  const known = (id: string | null) =>
    id !== null && scenarios.some((scenario) => scenario.id === id) ? id : null;
  let inspector: RunStore | null = null;
  let compare: CompareStore | null = null;
  let evaluation: EvalStore | null = null;

  return {
    inspector(route) {
      inspector ??= createRunStore(
        { scenarioId: known(route.scenario) ?? firstScenario },
        { scenarios, deps },
      );
      return inspector;
    },

    compare(route) {
      if (compare) return compare;
      const lanes = readLaneTokens(route.lanes).lanes;
      compare = createCompareStore({
        scenarios,
        scenarioId: known(route.scenario) ?? firstScenario,
        deps,
        ...(lanes ? { lanes, runGiven: builtin() } : { preset: 'react-vs-reflact' }),
      });
      return compare;
    },

    evaluation() {
      evaluation ??= createEvalStore({
        scenarios,
        createWorker: browserEvalWorker,
        storage,
        savedConfigs: () => asEvalConfigs(savedConfigs.getState().configs),
      });
      return evaluation;
    },

    follow(route) {
      const scenarioId = known(route.scenario);
      if (route.view === 'inspect' && inspector && scenarioId) {
        inspector.getState().actions.selectScenario(scenarioId);
      }
      if (route.view !== 'compare' || !compare) return;
      if (scenarioId) compare.getState().actions.setScenario(scenarioId);
      const lanes = readLaneTokens(route.lanes).lanes;
      if (lanes && !shownAlready(route, compare)) {
        compare.getState().actions.openLanes(lanes, { run: builtin() });
      }
    },
  };
}
