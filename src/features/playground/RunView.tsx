import type { Scenario } from '../../engine';
import type { RunStoreDeps, RunStoreInitial } from '../../state/run-store';
import { LiveCall } from './LiveCall';
import { MetricsBar } from './MetricsBar';
import { RunBanner } from './RunBanner';
import { RunStoreProvider } from '../run';
import { RunToolbar } from './RunToolbar';
import { ScenarioSummary } from './ScenarioSummary';
import { StepList } from './StepList';

export interface RunViewProps {
  readonly scenarios: readonly Scenario[];
  readonly initial: RunStoreInitial;
  /** The runner's I/O: the app passes a real clock and the model chooser. */
  readonly deps?: RunStoreDeps;
}

/** One run view with its own store: controls, scenario, metrics, banner and step list. */
export function RunView({ scenarios, initial, deps }: RunViewProps) {
  return (
    <RunStoreProvider scenarios={scenarios} initial={initial} {...(deps ? { deps } : {})}>
      <div className="flex flex-col gap-5">
        <RunToolbar />
        <ScenarioSummary />
        <MetricsBar />
        <RunBanner />
        <LiveCall />
        <StepList />
      </div>
    </RunStoreProvider>
  );
}
