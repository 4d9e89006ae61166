/**
 * The phase graph pane, loaded after the first paint: React Flow and dagre are a chunk of their
 * own. Until it arrives the pane holds its place (the same region, the same size: nothing moves)
 * and says it is loading.
 */
import type { ComponentProps } from 'react';
import { LazyBoundary, lazyComponent, LoadingNote } from '../../components';
import type { PhaseGraphPane as EagerPane } from './PhaseGraphPane';

type PaneProps = ComponentProps<typeof EagerPane>;

const Pane = lazyComponent<NonNullable<PaneProps>>(() =>
  import('./PhaseGraphPane').then((module) => module.PhaseGraphPane),
);

/** Loads the graph's code now (on idle after the first paint). */
export const preloadPhaseGraph = Pane.preload;

/** The centre pane: a region named "Phase graph", its canvas loaded on first render. */
export function PhaseGraphPane(props: NonNullable<PaneProps>) {
  return (
    <LazyBoundary
      what="the phase graph"
      className="h-full"
      fallback={
        <section aria-label="Phase graph" className="h-full">
          <LoadingNote what="the phase graph" className="h-full" />
        </section>
      }
    >
      <Pane {...props} />
    </LazyBoundary>
  );
}
