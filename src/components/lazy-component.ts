/**
 * A component loaded when it first renders (`React.lazy`), that can also be loaded ahead
 * (`preload`, on idle): the way a view, a pane or a heavy package stays out of the first load.
 * Render it inside a `LazyBoundary`, which says what is loading and what failed.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads its code now; the first render then shows it at once. A failed load is tried again. */
  readonly preload: () => Promise<void>;
};

/** Wraps `load` (a dynamic `import()` and the export it names) as a lazy, preloadable component. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const component = lazy(() => once().then((loaded) => ({ default: loaded })));
  return Object.assign(component, { preload: () => once().then(() => undefined) });
}
