/** The Library view: the runs kept in this browser. See README.md. */
import { lazyComponent } from '../../components';
import type { LibraryViewProps } from './LibraryView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const LibraryView = lazyComponent<LibraryViewProps>(() =>
  import('./LibraryView').then((module) => module.LibraryView),
);
export type { LibraryViewProps } from './LibraryView';
