/** Scenarios: the v1 types, the zod schema and the loaders that turn JSON into a Scenario. */
export type {
  CorpusDocument,
  EvidenceRule,
  Fixture,
  ModelSpec,
  Scenario,
  ScriptedModelSpec,
  SimulatedModelSpec,
} from './types';
export { type ScenarioErrorCode, type TextLocation, ScenarioError, formatPath } from './errors';
export { SCENARIO_FORMAT, SCENARIO_VERSION, scenarioSchema } from './schema';
export { parseScenario, parseScenarioText } from './parse';
