import { clipLine } from '../../components';
import { selectedScenario } from '../../state/run-store';
import { useRunStore } from '../run';

/**
 * The selected scenario's title and the task it gives the loop, on one line each; from 1280 wide
 * (narrower, the header's controls need the room and the Scenario select names it).
 */
export function ScenarioHeading() {
  const scenario = useRunStore(selectedScenario);
  return (
    <div className="min-w-0 border-l border-slate-200 pl-3 leading-tight max-xl:hidden dark:border-slate-800">
      <h2 className="truncate text-[13px] font-medium" title={clipLine(scenario.title)}>
        {clipLine(scenario.title)}
      </h2>
      <p
        className="truncate text-xs text-slate-600 dark:text-slate-400"
        title={clipLine(scenario.task)}
      >
        <span className="font-medium">Task:</span> {clipLine(scenario.task)}
      </p>
    </div>
  );
}
