import type { Scenario } from '../../engine';
import type { RunStoreInitial, RunStoreOptions } from '../../state/run-store';
import { LiveCall } from './LiveCall';
import { MetricsBar } from './MetricsBar';
import { RunBanner } from './RunBanner';
import { RunStoreProvider } from './run-store-context';
import { RunToolbar } from './RunToolbar';
import { ScenarioSummary } from './ScenarioSummary';
import { StepList } from './StepList';

export interface RunViewProps {
  readonly scenarios: readonly Scenario[];
  readonly initial: RunStoreInitial;
  readonly runner?: RunStoreOptions['runner'];
}

/** One run view with its own store: controls, scenario, metrics, banner and step list. */
export function RunView({ scenarios, initial, runner }: RunViewProps) {
  return (
    <RunStoreProvider scenarios={scenarios} initial={initial} {...(runner ? { runner } : {})}>
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
