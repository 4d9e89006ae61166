/**
 * The scenario editor wired into the page: its store over the runs library, a saved scenario
 * listed in the views (replacing one of its id), a deleted one taken off, a link to the editor
 * applied to it, and Run: the inspector on the saved scenario, running it. The store (and the
 * scenario schema it checks with, zod) loads when the editor is first needed, not with the page.
 */
import { parseViewHash, viewHash, type ViewRoute } from '../components/view-route';
import type { Scenario } from '../engine';
import type { RunRecord } from '../state/run-record';
import type { LibraryStore } from '../state/library-store';
import type { ScenarioEditorStore } from '../state/scenario-editor-store';
import type { ViewStores } from './view-stores';

export interface ScenarioEditing {
  /** The editor's store, made on the first call (its code loads then); the same promise after. */
  store(): Promise<ScenarioEditorStore>;
  /** A link to the editor: a kept scenario it names opens, a built-in is offered to duplicate. */
  follow(route: ViewRoute): void;
  /** Opens the inspector on a saved scenario of the user's and runs it. */
  run(scenario: Scenario): void;
  /**
   * "Make a scenario": the scenario a recorded run's trace makes opens in the editor, unsaved,
   * for the user to name and save. Rejects with a sentence when the run has no trace yet.
   */
  fromRun(record: RunRecord | null): Promise<void>;
}

export interface ScenarioEditingOptions {
  readonly views: ViewStores;
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
  readonly now: () => number;
}

export function createScenarioEditing(options: ScenarioEditingOptions): ScenarioEditing {
  const { views, library, builtins, now } = options;
  let made: Promise<ScenarioEditorStore> | null = null;
  const store = () =>
    (made ??= import('../state/scenario-editor-store').then(({ createScenarioEditorStore }) =>
      createScenarioEditorStore({
        library,
        builtins,
        now,
        onSaved: (scenario) => views.addScenarios([scenario]),
        onRemoved: (id) => views.removeScenarios([id]),
      }),
    ));
  return {
    store,
    follow(route) {
      const { scenario } = route;
      if (route.view === 'scenarios' && scenario) {
        void store().then((editor) => editor.getState().actions.show(scenario));
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
    async fromRun(record) {
      const trace = record?.trace;
      if (!record || !trace) {
        throw new Error('There is no finished run to make a scenario of yet: press Run first.');
      }
      // Made once the editor's code has loaded; then the view switches to the draft.
      const [editor, { scenarioFromRun }] = await Promise.all([
        store(),
        import('../state/scenario-from-run'),
      ]);
      const drafted = scenarioFromRun(record, trace);
      const notice = [
        `Made from the run's trace: its task, tools, recorded results and replies. Name it and save it.`,
        ...drafted.notes,
      ].join(' ');
      editor.getState().actions.draft(drafted.scenario, notice);
      window.location.hash = viewHash('scenarios');
    },
  };
}
