/** Scenarios: the v1 types, the zod schema and the loaders that turn JSON into a Scenario. */
export type {
  CorpusDocument,
  EvidenceRule,
  Fixture,
  ModelSpec,
  Scenario,
  ScenarioTool,
  ScriptedModelSpec,
  SimulatedModelSpec,
  ToolPhrase,
} from './types';
export {
  parseToolPhrase,
  phraseArguments,
  type PhraseParse,
  type PhrasePart,
  type PhraseSegment,
} from './tool-phrase';
export { type ScenarioErrorCode, type TextLocation, ScenarioError, formatPath } from './errors';
export { SCENARIO_FORMAT, SCENARIO_VERSION } from './format';
export { scenarioSchema } from './schema';
export { parseEvidenceRulesText, parseScenario, parseScenarioText } from './parse';
export { locationAt } from './json-location';
