import { SelectField } from '../../components';
import { ModelPicker } from '../endpoints';
import { useRunActions, useRunStore } from '../run';
import { MODE_OPTIONS } from './labels';
import { selectMode, selectScenarioId, selectScenarios, selectStatus } from './selectors';

/** What to run: the scenario, the loop's mode and the model (with "Manage endpoints…"). */
export function RunSetup() {
  const scenarios = useRunStore(selectScenarios);
  const scenarioId = useRunStore(selectScenarioId);
  const mode = useRunStore(selectMode);
  const running = useRunStore(selectStatus) === 'running';
  const actions = useRunActions();
  const current = scenarios.find((scenario) => scenario.id === scenarioId);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <SelectField
        label="Scenario"
        layout="inline"
        value={scenarioId}
        options={scenarios.map((scenario) => ({ value: scenario.id, label: scenario.id }))}
        onChange={actions.selectScenario}
        disabled={running}
        selectClassName="w-48"
        title={current?.title}
      />
      <SelectField
        label="Mode"
        layout="inline"
        value={mode}
        options={MODE_OPTIONS}
        onChange={actions.setMode}
        disabled={running}
        selectClassName="w-[5.5rem]"
      />
      <ModelPicker disabled={running} layout="inline" />
    </div>
  );
}
