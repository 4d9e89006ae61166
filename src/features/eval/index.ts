/** The eval matrix view, and the Web Worker its store runs on in the browser. See README.md. */
import { lazyComponent } from '../../components';
import type { EvalViewProps } from './EvalView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const EvalView = lazyComponent<EvalViewProps>(() =>
  import('./EvalView').then((module) => module.EvalView),
);
export type { EvalViewProps } from './EvalView';
export { browserEvalWorker } from './browser-worker';
