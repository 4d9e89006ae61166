/**
 * The views that load when first opened, and their preloading on idle. Every view but the
 * inspector (the first view) is a lazy component of its feature (`lazyComponent` in the feature's
 * index.ts); `App` renders the routed view inside one `LazyBoundary`, named by `viewLoadName`.
 * A new view: export it lazily from its feature's index.ts, add its name below and its
 * `preload` to `preloadViews` (docs/architecture.md, "How views load").
 */
import { preloadMarkdown } from '../components';
import type { ViewName } from '../components/view-route';
import { CompareView } from '../features/compare';
import { preloadDecisionRecord } from '../features/decision-record';
import { preloadEndpointsManager } from '../features/endpoints';
import { EvalView } from '../features/eval';
import { LibraryView } from '../features/library';
import { MemoryView } from '../features/memory';
import { preloadPhaseGraph } from '../features/phase-graph';
import { PresenterView } from '../features/presenter';
import { ScenarioEditorView } from '../features/scenario-editor';
import { preloadTimelineStrip } from '../features/timeline';
import { loadRunEngine } from '../state/run-engine';
import { preloadInTurn } from './preload-turns';

/** What the loading line names while a view's code arrives. */
const LOAD_NAMES: Readonly<Record<ViewName, string>> = {
  inspect: 'the inspector',
  compare: 'the compare view',
  eval: 'the eval matrix',
  library: 'the library',
  scenarios: 'the scenario editor',
  present: 'the presenter',
  memory: 'the memory view',
};

/** The words for `view` in "Loading … " and in a load failure. */
export const viewLoadName = (view: ViewName): string => LOAD_NAMES[view];

/**
 * Loads every lazy part after the first paint. The inspector's own come first, one after another:
 * the run code, then `warmTokens` (the token worker loads its tokenizer beside the page, so a
 * run's first count does not wait for it), then what a run's first step shows. The other views
 * follow, each at a `quiet` moment (the page idle, with nothing else to do), so their code does not
 * compete with a run for the main thread: a run started right after the page loads (a user's
 * first click, every e2e test) took 2.2 s with them loading beside it and 1.8 s without
 * (docs/performance.md, "Test suite").
 */
export function preloadViews(quiet: () => Promise<void>, warmTokens: () => void): Promise<void> {
  return preloadInTurn(
    {
      now: [
        loadRunEngine,
        async () => warmTokens(),
        preloadTimelineStrip,
        preloadDecisionRecord,
        preloadPhaseGraph,
        preloadMarkdown,
      ],
      quietly: [
        preloadEndpointsManager,
        CompareView.preload,
        EvalView.preload,
        LibraryView.preload,
        PresenterView.preload,
        ScenarioEditorView.preload,
        MemoryView.preload,
      ],
    },
    quiet,
  );
}
