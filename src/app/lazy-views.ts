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
 * Loads every lazy part after the first paint: the inspector's own (the phase graph, markdown)
 * first, then the other views, so a view opened later shows at once. Failures are left for the
 * view's own boundary to report when it is opened.
 */
export function preloadViews(): Promise<void> {
  const parts = [
    // First the run code (the loop, the models): Run is the page's first action.
    () => loadRunEngine().then(() => undefined),
    // What a run's first step shows: the timeline's strip and the decision record's panels.
    preloadTimelineStrip,
    preloadDecisionRecord,
    preloadPhaseGraph,
    preloadMarkdown,
    preloadEndpointsManager,
    CompareView.preload,
    EvalView.preload,
    LibraryView.preload,
    PresenterView.preload,
    ScenarioEditorView.preload,
    MemoryView.preload,
  ];
  return parts.reduce<Promise<void>>(
    (previous, preload) => previous.then(() => preload().catch(() => undefined)),
    Promise.resolve(),
  );
}
