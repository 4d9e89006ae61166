import { useShallow } from 'zustand/react/shallow';
import { Button, SelectField } from '../../components';
import { ModelNote, ModelPicker } from '../endpoints';
import { GATING_OPTIONS, MODE_OPTIONS } from './labels';
import { useRunStore } from '../run';
import {
  selectActions,
  selectGating,
  selectMode,
  selectScenarioId,
  selectScenarios,
  selectStatus,
} from './selectors';

/** The run's controls: what to run, on which model, how, and Run / Stop / Reset. */
export function RunToolbar() {
  const scenarios = useRunStore(selectScenarios);
  const scenarioId = useRunStore(selectScenarioId);
  const mode = useRunStore(selectMode);
  const gating = useRunStore(selectGating);
  const status = useRunStore(selectStatus);
  const actions = useRunStore(useShallow(selectActions));
  const running = status === 'running';
  const scenarioOptions = scenarios.map((scenario) => ({
    value: scenario.id,
    label: scenario.id,
  }));

  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        aria-label="Run controls"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60"
      >
        <SelectField
          label="Scenario"
          value={scenarioId}
          options={scenarioOptions}
          onChange={actions.selectScenario}
          disabled={running}
          className="w-56"
        />
        <SelectField
          label="Mode"
          value={mode}
          options={MODE_OPTIONS}
          onChange={actions.setMode}
          disabled={running}
          className="w-28"
        />
        <SelectField
          label="Reflection gating"
          value={gating}
          options={GATING_OPTIONS}
          onChange={actions.setGating}
          disabled={running}
          className="w-36"
        />
        <ModelPicker disabled={running} />
        <div className="ml-auto flex gap-2">
          <Button tone="primary" onClick={() => void actions.run()} disabled={running}>
            Run
          </Button>
          <Button onClick={actions.stop} disabled={!running}>
            Stop
          </Button>
          <Button onClick={actions.reset} disabled={status === 'idle'}>
            Reset
          </Button>
        </div>
      </div>
      <ModelNote />
    </div>
  );
}
