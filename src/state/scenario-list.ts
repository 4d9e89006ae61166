/**
 * A run view's list of scenarios: the built-ins and the user's own (kept in the library, opened
 * from a file), which the picker groups apart. Pure functions over the run store's state.
 */
import type { Scenario } from '../engine';
import type { RunState } from './run-store-types';

type ScenarioList = Pick<RunState, 'scenarios' | 'ownScenarioIds'>;

/** The selected scenario (the store keeps its id valid). */
export function selectedScenario(state: RunState): Scenario {
  const scenario = state.scenarios.find((candidate) => candidate.id === state.scenarioId);
  if (!scenario) throw new Error(`Loopscope: the run store lost scenario "${state.scenarioId}"`);
  return scenario;
}

/** Pure: the list with `added` in, each the user's own; one of a listed id replaces it in place. */
export function withScenarios(list: ScenarioList, added: readonly Scenario[]): ScenarioList {
  const byId = new Map(added.map((scenario) => [scenario.id, scenario]));
  const replaced = list.scenarios.map((scenario) => byId.get(scenario.id) ?? scenario);
  const listed = new Set(list.scenarios.map((scenario) => scenario.id));
  const own = new Set([...list.ownScenarioIds, ...byId.keys()]);
  return {
    scenarios: [...replaced, ...added.filter((scenario) => !listed.has(scenario.id))],
    ownScenarioIds: [...own],
  };
}

/** Pure: the list without the user's own scenarios of `ids` (built-ins stay; never empty). */
export function withoutScenarios(list: ScenarioList, ids: readonly string[]): ScenarioList {
  const gone = new Set(ids.filter((id) => list.ownScenarioIds.includes(id)));
  const scenarios = list.scenarios.filter((scenario) => !gone.has(scenario.id));
  if (scenarios.length === 0) return list;
  return { scenarios, ownScenarioIds: list.ownScenarioIds.filter((id) => !gone.has(id)) };
}
