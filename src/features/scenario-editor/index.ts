/** The scenario editor: the user's own scenarios written, checked and run. See README.md. */
import { lazyComponent } from '../../components';
import type { ScenarioEditorViewProps } from './ScenarioEditorView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const ScenarioEditorView = lazyComponent<ScenarioEditorViewProps>(() =>
  import('./ScenarioEditorView').then((module) => module.ScenarioEditorView),
);
export type { ScenarioEditorViewProps } from './ScenarioEditorView';
