import { clipLine, FOCUS_RING, SelectField, type SelectOption } from '../../components';
import { viewHash } from '../../components/view-route';
import type { Scenario } from '../../engine';
import { ModelPicker } from '../endpoints';
import { useRunActions, useRunStore } from '../run';
import { MODE_OPTIONS } from './labels';
import {
  selectMode,
  selectOwnScenarioIds,
  selectScenarioId,
  selectScenarios,
  selectStatus,
} from './selectors';

/** The picker's options: the built-ins, then the user's own under "Your scenarios". */
function scenarioOptions(
  scenarios: readonly Scenario[],
  own: readonly string[],
): SelectOption<string>[] {
  return scenarios.map((scenario) => ({
    value: scenario.id,
    label: clipLine(scenario.id),
    ...(own.includes(scenario.id) ? { group: 'Your scenarios' } : {}),
  }));
}

/**
 * What to run: the scenario (the user's own grouped apart, and "Your scenarios…": the editor),
 * the loop's mode and the model (with "Manage endpoints…").
 */
export function RunSetup() {
  const scenarios = useRunStore(selectScenarios);
  const own = useRunStore(selectOwnScenarioIds);
  const scenarioId = useRunStore(selectScenarioId);
  const mode = useRunStore(selectMode);
  const running = useRunStore(selectStatus) === 'running';
  const actions = useRunActions();
  const current = scenarios.find((scenario) => scenario.id === scenarioId);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
      <SelectField
        label="Scenario"
        layout="inline"
        value={scenarioId}
        options={scenarioOptions(scenarios, own)}
        onChange={actions.selectScenario}
        disabled={running}
        className="shrink-0"
        selectClassName="w-48"
        title={current ? clipLine(current.title) : undefined}
      />
      <a
        href={viewHash('scenarios', scenarioId)}
        title="Write your own scenario (start from a copy of a built-in), check it as you type, run it"
        className={`shrink-0 rounded text-xs font-medium whitespace-nowrap text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
      >
        Your scenarios…
      </a>
      <SelectField
        label="Mode"
        layout="inline"
        value={mode}
        options={MODE_OPTIONS}
        onChange={actions.setMode}
        disabled={running}
        className="shrink-0"
        selectClassName="w-[5.5rem]"
      />
      <ModelPicker disabled={running} layout="inline" />
    </div>
  );
}
