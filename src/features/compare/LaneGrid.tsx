import type { RunStoreDeps } from '../../state/run-store';
import { RunStoreProvider } from '../run';
import { useCompare } from './compare-context';
import { LaneCard } from './LaneCard';
import { selectLanes, selectScenarioId, selectScenarios } from './selectors';
import { laneColumns } from './StepDifferences';

/**
 * The lanes side by side, each inside its own `RunStoreProvider` (one run store per lane: "side
 * by side compare is just several providers"). Keyed by lane id, so a lane keeps its store while
 * others come and go.
 */
export function LaneGrid({ deps }: { readonly deps?: RunStoreDeps | undefined }) {
  const lanes = useCompare(selectLanes);
  const scenarios = useCompare(selectScenarios);
  const scenarioId = useCompare(selectScenarioId);
  return (
    <section
      aria-label="Lanes"
      className={`grid flex-1 grid-rows-[minmax(0,1fr)] gap-3 overflow-x-auto p-3 ${
        // Wide lanes put graph and record side by side; narrow ones stack them and need height.
        lanes.length > 2 ? 'min-h-[38rem]' : 'min-h-[38rem] xl:min-h-[24rem]'
      }`}
      style={laneColumns(lanes.length)}
    >
      {lanes.map((lane, index) => (
        <RunStoreProvider
          key={lane.id}
          initial={{ scenarioId, overrides: lane.overrides }}
          scenarios={scenarios}
          {...(deps ? { deps } : {})}
        >
          <LaneCard lane={lane} index={index} />
        </RunStoreProvider>
      ))}
    </section>
  );
}
