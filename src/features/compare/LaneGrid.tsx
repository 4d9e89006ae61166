import { RunStoreProvider } from '../run';
import { useCompare, useCompareApi } from './compare-context';
import { LaneCard } from './LaneCard';
import { selectLanes } from './selectors';
import { laneColumns } from './StepDifferences';

/**
 * The lanes side by side, each inside a `RunStoreProvider` of its own run store, which the
 * compare store made with the lane ("side by side compare is just several providers").
 */
export function LaneGrid() {
  const compare = useCompareApi();
  const lanes = useCompare(selectLanes);
  return (
    <section
      aria-label="Lanes"
      className={`grid flex-1 grid-rows-[minmax(0,1fr)] gap-3 overflow-x-auto p-3 ${
        // Wide lanes put graph and record side by side; narrow ones stack them and need height.
        lanes.length > 2 ? 'min-h-[38rem]' : 'min-h-[38rem] xl:min-h-[24rem]'
      }`}
      style={laneColumns(lanes.length)}
    >
      {lanes.map((lane, index) => {
        const store = compare.laneStore(lane.id);
        return store ? (
          <RunStoreProvider key={lane.id} store={store}>
            <LaneCard lane={lane} index={index} />
          </RunStoreProvider>
        ) : null;
      })}
    </section>
  );
}
