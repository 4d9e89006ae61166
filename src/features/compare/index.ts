/** The compare view: 2–4 lanes of one scenario side by side on one aligned cursor. See README.md. */
import { lazyComponent } from '../../components';
import type { CompareViewProps } from './CompareView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const CompareView = lazyComponent<CompareViewProps>(() =>
  import('./CompareView').then((module) => module.CompareView),
);
export type { CompareViewProps } from './CompareView';
export { compareHash } from './link';
