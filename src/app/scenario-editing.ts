/**
 * The scenario editor wired into the page: its store over the runs library, a saved scenario
 * listed in the views (replacing one of its id), a deleted one taken off, a link to the editor
 * applied to it, and Run: the inspector on the saved scenario, running it.
 */
import { parseViewHash, viewHash, type ViewRoute } from '../components/view-route';
import { scenarioFromTrace, type Scenario } from '../engine';
import type { RunRecord } from '../state/run-record';
import type { LibraryStore } from '../state/library-store';
import {
  createScenarioEditorStore,
  type ScenarioEditorStore,
} from '../state/scenario-editor-store';
import type { ViewStores } from './view-stores';

export interface ScenarioEditing {
  readonly store: ScenarioEditorStore;
  /** A link to the editor: a kept scenario it names opens, a built-in is offered to duplicate. */
  follow(route: ViewRoute): void;
  /** Opens the inspector on a saved scenario of the user's and runs it. */
  run(scenario: Scenario): void;
  /**
   * "Make a scenario": the scenario a recorded run's trace makes opens in the editor, unsaved,
   * for the user to name and save. Throws a sentence when the run has no trace yet.
   */
  fromRun(record: RunRecord | null): void;
}

export interface ScenarioEditingOptions {
  readonly views: ViewStores;
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
  readonly now: () => number;
}

export function createScenarioEditing(options: ScenarioEditingOptions): ScenarioEditing {
  const { views, library, builtins, now } = options;
  const store = createScenarioEditorStore({
    library,
    builtins,
    now,
    onSaved: (scenario) => views.addScenarios([scenario]),
    onRemoved: (id) => views.removeScenarios([id]),
  });
  return {
    store,
    follow(route) {
      if (route.view === 'scenarios' && route.scenario) {
        store.getState().actions.show(route.scenario);
      }
    },
    run(scenario) {
      const hash = viewHash('inspect', scenario.id);
      const { actions } = views.inspector(parseViewHash(hash)).getState();
      actions.selectScenario(scenario.id);
      void actions.run();
      // A view switch carrying the scenario: the inspector keeps the run it just started.
      window.location.hash = hash;
    },
    fromRun(record) {
      const trace = record?.trace;
      if (!record || !trace) {
        throw new Error('There is no finished run to make a scenario of yet: press Run first.');
      }
      const known = record.scenario.id === trace.scenario ? record.scenario : null;
      const made = scenarioFromTrace(trace, { scenario: known });
      const notice = [
        `Made from the run's trace: its task, tools, recorded results and replies. Name it and save it.`,
        ...made.notes,
      ].join(' ');
      store.getState().actions.draft(made.scenario, notice);
      window.location.hash = viewHash('scenarios');
    },
  };
}
