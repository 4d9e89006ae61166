/** The Memory view: the reflections kept between attempts and runs. See docs/attempts.md. */
import { lazyComponent } from '../../components';
import type { MemoryViewProps } from './MemoryView';

/** Loaded when first shown (or preloaded on idle): render it inside a `LazyBoundary`. */
export const MemoryView = lazyComponent<MemoryViewProps>(() =>
  import('./MemoryView').then((module) => module.MemoryView),
);
export type { MemoryViewProps } from './MemoryView';
