/**
 * The views' stores, one each for the page: made when a view first opens and kept while the page
 * lives, so leaving a view and coming back finds it as it was (a run goes on while another view is
 * open). A new route is applied to the stores as an action (`follow`), never by making new ones;
 * `shownHash` reads back the hash that names what the shown view's store shows (docs/links.md).
 */
import { viewHash, type ViewRoute } from '../components/view-route';
import type { Scenario } from '../engine';
import { compareHash } from '../features/compare';
import { browserEvalWorker } from '../features/eval';
import { inspectorHash } from '../features/inspector';
import {
  createCompareStore,
  DEFAULT_PRESET,
  presetById,
  type CompareStore,
} from '../state/compare-store';
import { createEvalStore, type EvalStore } from '../state/eval-store';
import { laneToken, readLaneTokens, readSettingsToken } from '../state/lane-tokens';
import { createRunStore, type RunStore, type RunStoreDeps } from '../state/run-store';
import { asEvalConfigs, type SavedConfigsStore } from '../state/saved-configs';
import type { KeyValueStorage } from '../state/try-storage';
import { followCompare, followInspector, shownAlready } from './follow-links';

export interface ViewStores {
  /** The inspector's run store (made on first use, on the route's scenario and settings). */
  inspector(route: ViewRoute): RunStore;
  /** The compare store (made on first use, on the route's scenario and lanes or preset). */
  compare(route: ViewRoute): CompareStore;
  /** The eval store (made on first use; its worker starts when the view first opens). */
  evaluation(): EvalStore;
  /**
   * Applies a route the user followed to the view it names (its store made when it is the first
   * time); `switching`: the view switch's link, which keeps what the view shows.
   */
  follow(route: ViewRoute, options: { readonly switching: boolean }): void;
  /** The scenario the route names is not one of the page's (the view says so instead). */
  unknownScenario(route: ViewRoute): boolean;
  /** The hash naming what the route's view shows; null for a view the URL does not follow. */
  shownHash(route: ViewRoute): string | null;
  /** Calls `onChange` on every change of the store the route's view shows; returns the release. */
  watch(route: ViewRoute, onChange: () => void): () => void;
}

export interface ViewStoresOptions {
  readonly scenarios: readonly Scenario[];
  /** The scenario a view opens on when the route names none it knows. */
  readonly firstScenario: string;
  readonly deps: RunStoreDeps;
  /** Links run at once only on the built-in model (on an endpoint, calls cost). */
  readonly builtin: () => boolean;
  /** Where the eval matrix's setup persists. */
  readonly storage: KeyValueStorage;
  /** The saved settings, read when a matrix starts: columns named by what the user called them. */
  readonly savedConfigs: SavedConfigsStore;
}

export function createViewStores(options: ViewStoresOptions): ViewStores {
  const { scenarios, firstScenario, deps, builtin, storage, savedConfigs } = options;
  const known = (id: string | null) =>
    id !== null && scenarios.some((scenario) => scenario.id === id) ? id : null;
  let inspector: RunStore | null = null;
  let compare: CompareStore | null = null;
  let evaluation: EvalStore | null = null;

  const views: ViewStores = {
    inspector(route) {
      inspector ??= createRunStore(
        {
          scenarioId: known(route.scenario) ?? firstScenario,
          overrides: readSettingsToken(route.settings).overrides ?? {},
        },
        { scenarios, deps },
      );
      return inspector;
    },

    compare(route) {
      if (compare) return compare;
      const lanes = readLaneTokens(route.lanes).lanes;
      const preset = presetById(route.preset)?.id ?? DEFAULT_PRESET;
      compare = createCompareStore({
        scenarios,
        scenarioId: known(route.scenario) ?? firstScenario,
        deps,
        ...(lanes ? { lanes, runGiven: builtin() } : { preset }),
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

    follow(route, { switching }) {
      if (views.unknownScenario(route)) return;
      const scenarioId = known(route.scenario);
      const follow = { switching, builtin: builtin() };
      if (route.view === 'inspect') {
        followInspector(views.inspector(route), route, scenarioId, follow);
      } else if (route.view === 'compare') {
        followCompare(views.compare(route), route, scenarioId, follow);
      }
    },

    unknownScenario(route) {
      const named = route.view === 'inspect' || route.view === 'compare';
      return named && route.scenario !== null && known(route.scenario) === null;
    },

    shownHash(route) {
      if (views.unknownScenario(route)) return null;
      if (route.view === 'inspect') return inspectorHash(views.inspector(route).getState());
      if (route.view === 'compare') {
        const store = views.compare(route);
        // A link's lanes that a preset shows already (the presenter's pair, back from Exit) keep
        // their form: the URL names the same lanes either way.
        const lanes = readLaneTokens(route.lanes).lanes;
        if (lanes && store.getState().preset !== null && shownAlready(route, store)) {
          const tokens = lanes.map((lane) => laneToken(lane.overrides));
          return viewHash('compare', store.getState().scenarioId, tokens);
        }
        return compareHash(store.getState());
      }
      return null;
    },

    watch(route, onChange) {
      if (views.shownHash(route) === null) return () => {};
      if (route.view === 'inspect') return views.inspector(route).subscribe(onChange);
      return views.compare(route).subscribe(onChange);
    },
  };
  return views;
}
