/** The presenter: two lanes played to an audience, with captions and a closing slide. See README.md. */
import { lazyComponent } from '../../components';
import type { PresenterViewProps } from './PresenterView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const PresenterView = lazyComponent<PresenterViewProps>(() =>
  import('./PresenterView').then((module) => module.PresenterView),
);
export type { PresenterViewProps } from './PresenterView';
