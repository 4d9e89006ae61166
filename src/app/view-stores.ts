/**
 * The views' stores, one each for the page: made when a view first opens and kept while the page
 * lives, so leaving a view and coming back finds it as it was (a run goes on while another view is
 * open). A new route is applied to the stores as an action (`follow`), never by making new ones;
 * `shownHash` reads back the hash that names what the shown view's store shows (docs/links.md).
 */
import { parseViewHash, viewHash, type ViewRoute } from '../components/view-route';
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
import { browserAlignPort, createWorkerAligner } from './align-worker-client';
import { compareProblem, createKeptLanes, laneLabel } from './kept-lanes';
import { libraryKeeper } from '../state/eval-keeping';
import { createEvalStore, type EvalStore } from '../state/eval-store';
import { laneToken, readLaneTokens, readSettingsToken } from '../state/lane-tokens';
import { createRunStore, type RunStore, type RunStoreDeps } from '../state/run-store';
import { asEvalConfigs, type SavedConfigsStore } from '../state/saved-configs';
import { keepCompareRuns, keepRuns, type Later } from '../state/library-autosave';
import type { LibraryStore } from '../state/library-store';
import type { RunRecord } from '../state/run-record';
import type { KeyValueStorage } from '../state/try-storage';
import { followCompare, followInspector, shownAlready } from './follow-links';

export interface ViewStores {
  /** The inspector's run store (made on first use, on the route's scenario and settings). */
  inspector(route: ViewRoute): RunStore;
  /** The compare store (made on first use, on the route's scenario and lanes or preset). */
  compare(route: ViewRoute): CompareStore;
  /** The eval store (made on first use, showing the kept matrix; its worker starts with the view). */
  evaluation(): EvalStore;
  /** Every scenario the views know: the built-ins, then the user's own (the presenter plays them). */
  scenarios(): readonly Scenario[];
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
  /** Adds a user's own scenarios to the views (opened from a file, kept in the library). */
  addScenarios(added: readonly Scenario[]): void;
  /** Takes a user's own scenarios off the views' lists (deleted from the library). */
  removeScenarios(ids: readonly string[]): void;
  /** Shows a recorded run in the inspector (a file opened, a kept run); the URL then names it. */
  openRecord(record: RunRecord): void;
  /** A `run=<id>` the library does not hold (the link came from someone else's library). */
  missingRun(route: ViewRoute): boolean;
  /**
   * Opens kept runs side by side in Compare (2–4 of one scenario); resolves to the hash that
   * shows them, or to what is wrong with the choice in a sentence.
   */
  compareRecords(ids: readonly string[]): Promise<{ hash: string } | { problem: string }>;
}

export interface ViewStoresOptions {
  /** The built-in scenarios. */
  readonly scenarios: readonly Scenario[];
  /** The user's own scenarios (kept in the library), listed after the built-ins. */
  readonly ownScenarios?: readonly Scenario[];
  /** The scenario a view opens on when the route names none it knows. */
  readonly firstScenario: string;
  readonly deps: RunStoreDeps;
  /** Links run at once only on the built-in model (on an endpoint, calls cost). */
  readonly builtin: () => boolean;
  /** Where the eval matrix's setup persists. */
  readonly storage: KeyValueStorage;
  /** The saved settings, read when a matrix starts: columns named by what the user called them. */
  readonly savedConfigs: SavedConfigsStore;
  /** Where every run of the inspector and compare is kept as it happens. */
  readonly library: LibraryStore;
  /** When an opened run is written to the library (the page: after the next paint; default at once). */
  readonly later?: Later;
  /** Called when a resolved route changed what the views can show (a kept run was read). */
  readonly onResolved?: () => void;
  /** A route of a view these stores do not hold (the scenario editor's), applied by its owner. */
  readonly onFollow?: (route: ViewRoute) => void;
}

/** The inspector's and compare's routes with nothing named. */
const EMPTY_INSPECT: ViewRoute = parseViewHash('#/inspect');
const EMPTY_COMPARE: ViewRoute = parseViewHash('#/compare');

export function createViewStores(options: ViewStoresOptions): ViewStores {
  const { firstScenario, deps, builtin, storage, savedConfigs, library, later } = options;
  const { ownScenarios = [] } = options;
  let scenarios = [...options.scenarios, ...ownScenarios];
  let own = new Set(ownScenarios.map((scenario) => scenario.id));
  const known = (id: string | null) =>
    id !== null && scenarios.some((scenario) => scenario.id === id) ? id : null;
  let inspector: RunStore | null = null;
  let compare: CompareStore | null = null;
  let evaluation: EvalStore | null = null;
  /** Library runs a link named: being read (the URL keeps naming them meanwhile), or not there. */
  const reading = new Set<string>();
  const missing = new Set<string>();
  const keptLanes = createKeptLanes(library, (id) => known(id), options.onResolved);

  /** The link's attempt, then its step (a step of another attempt moves the choice to its own). */
  const showLinked = (store: RunStore, route: ViewRoute) => {
    const { actions } = store.getState();
    actions.selectAttempt(route.attempt);
    if (route.step !== null) actions.selectStep(route.step);
  };

  /** A `run=<id>` link: the kept run opens in the inspector, with the link's settings and step. */
  const openKept = (store: RunStore, route: ViewRoute, id: string) => {
    if (store.getState().shown?.id === id) {
      showLinked(store, route);
      return true;
    }
    if (missing.has(id)) return false;
    if (reading.has(id)) return true;
    reading.add(id);
    void library
      .getState()
      .actions.get(id)
      .then((record) => {
        reading.delete(id);
        if (!record) {
          missing.add(id);
          followInspector(store, route, known(route.scenario), {
            switching: false,
            builtin: builtin(),
          });
        } else {
          // A kept run of a scenario no list holds (an imported trace's): the record carries it.
          if (!known(record.scenario.id)) views.addScenarios([record.scenario]);
          store.getState().actions.open(record);
          showLinked(store, route);
        }
        options.onResolved?.();
      });
    return true;
  };

  const views: ViewStores = {
    inspector(route) {
      if (inspector) return inspector;
      inspector = createRunStore(
        {
          scenarioId: known(route.scenario) ?? firstScenario,
          overrides: readSettingsToken(route.settings).overrides ?? {},
        },
        { scenarios, ownScenarioIds: [...own], deps },
      );
      keepRuns(inspector, library, later);
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
        // Long runs align in the align worker (started at the first of them).
        aligner: createWorkerAligner(browserAlignPort),
        // Lanes that name kept runs show them (read from the library), not new runs.
        ...(lanes ? { lanes, runGiven: builtin() && route.runs.length === 0 } : { preset }),
      });
      keepCompareRuns(compare, library, later);
      return compare;
    },

    evaluation() {
      if (evaluation) return evaluation;
      evaluation = createEvalStore({
        scenarios,
        createWorker: browserEvalWorker,
        storage,
        savedConfigs: () => asEvalConfigs(savedConfigs.getState().configs),
        // The last matrix and its runs, in the library: a cell opens its run as it was.
        keeper: libraryKeeper(library, {
          now: () => Date.now(),
          scenario: (id) => scenarios.find((scenario) => scenario.id === id) ?? null,
        }),
      });
      void evaluation.getState().actions.load();
      return evaluation;
    },

    follow(route, { switching }) {
      if (views.unknownScenario(route)) return;
      const scenarioId = known(route.scenario);
      const follow = { switching, builtin: builtin() };
      if (route.view === 'inspect') {
        const store = views.inspector(route);
        if (route.run && !switching && openKept(store, route, route.run)) return;
        followInspector(store, route, scenarioId, follow);
      } else if (route.view === 'compare') {
        const store = views.compare(route);
        const lanes = () => followCompare(store, route, scenarioId, follow);
        if (!switching && keptLanes.follow(store, route, lanes)) return;
        lanes();
      } else options.onFollow?.(route);
    },

    unknownScenario(route) {
      // A kept run carries its scenario: its link is known until the library says it lacks it.
      if (route.view === 'inspect' && route.run !== null && !missing.has(route.run)) return false;
      const named = route.view === 'inspect' || route.view === 'compare';
      return named && route.scenario !== null && known(route.scenario) === null;
    },

    shownHash(route) {
      if (views.unknownScenario(route)) return null;
      if (route.view === 'inspect') {
        // While a linked kept run is read, the URL keeps naming it.
        if (route.run && reading.has(route.run)) return null;
        return inspectorHash(views.inspector(route).getState());
      }
      if (route.view === 'compare') {
        if (keptLanes.reading(route)) return null;
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

    scenarios: () => scenarios,

    addScenarios(added) {
      if (added.length === 0) return;
      const ids = new Set(added.map((scenario) => scenario.id));
      scenarios = [...scenarios.filter((scenario) => !ids.has(scenario.id)), ...added];
      own = new Set([...own, ...ids]);
      inspector?.getState().actions.addScenarios(added);
      compare?.getState().actions.setScenarios(scenarios);
    },

    removeScenarios(ids) {
      const gone = new Set(ids.filter((id) => own.has(id)));
      if (gone.size === 0) return;
      scenarios = scenarios.filter((scenario) => !gone.has(scenario.id));
      own = new Set([...own].filter((id) => !gone.has(id)));
      inspector?.getState().actions.removeScenarios([...gone]);
      compare?.getState().actions.setScenarios(scenarios);
    },

    openRecord(record) {
      const store = views.inspector({ ...EMPTY_INSPECT, scenario: record.scenario.id });
      if (!known(record.scenario.id)) views.addScenarios([record.scenario]);
      store.getState().actions.open(record);
    },

    missingRun(route) {
      if (route.view === 'compare') return keptLanes.missing(route);
      return route.view === 'inspect' && route.run !== null && missing.has(route.run);
    },

    async compareRecords(ids) {
      const read = await Promise.all(ids.map((id) => library.getState().actions.get(id)));
      const records = read.filter((record): record is RunRecord => record !== null);
      const problem = compareProblem(records, known);
      if (problem) return { problem };
      const scenarioId = records[0]!.scenario.id;
      const route = { ...EMPTY_COMPARE, scenario: scenarioId };
      const store = views.compare(route);
      store.getState().actions.setScenario(scenarioId);
      store.getState().actions.openLanes(
        records.map((record) => ({
          label: laneLabel(record),
          overrides: record.overrides,
          record,
        })),
      );
      return { hash: views.shownHash(route) ?? viewHash('compare', scenarioId) };
    },

    watch(route, onChange) {
      // Subscribed even while a linked kept run is read (its hash is null until it is shown):
      // once it opens, the URL follows what the user does with it.
      if (views.unknownScenario(route)) return () => {};
      if (route.view === 'inspect') return views.inspector(route).subscribe(onChange);
      if (route.view === 'compare') return views.compare(route).subscribe(onChange);
      return () => {};
    },
  };
  return views;
}
