/** Loading scenarios: from a parsed value or from JSON text, failing with one ScenarioError. */
import { ScenarioError } from './errors';
import { firstProblem, scenarioErrorMap } from './issues';
import { readJsonText } from './json-location';
import { evidenceRulesSchema, scenarioSchema } from './schema';
import type { EvidenceRule, Scenario } from './types';

/**
 * Pure: validates an already-parsed value as Scenario JSON v1 and returns it with defaults
 * applied and unknown keys stripped. Throws a ScenarioError (`invalid_scenario`) naming the JSON
 * path of the first problem in document order and what is wrong, on one line.
 */
export function parseScenario(input: unknown): Scenario {
  const result = scenarioSchema.safeParse(input, { error: scenarioErrorMap });
  if (!result.success) throw firstProblem(result.error.issues, input);
  const scenario: Scenario = result.data;
  return scenario;
}

/**
 * Pure: parses JSON text (a leading byte-order mark is ignored) and validates it as a scenario.
 * A syntax error throws a ScenarioError `invalid_json` at `$` naming the line and column when
 * they can be found; nesting past 256 levels `too_deep` and a `__proto__`, `constructor` or
 * `prototype` key `forbidden_key`, each at its JSON path; otherwise as {@link parseScenario}.
 */
export function parseScenarioText(text: string): Scenario {
  const read = readJsonText(text);
  if ('problem' in read) throw new ScenarioError(read.code, read.path, read.problem, read.location);
  return parseScenario(read.value);
}

/**
 * Pure: evidence rules a user writes (a JSON array of `{claim, requires: {field, equals}}`),
 * checked as a scenario's are: a claim must compile and be safe to run. Throws a ScenarioError
 * naming the JSON path of the first problem (`$[0].claim: …`) or where the JSON breaks.
 */
export function parseEvidenceRulesText(text: string): EvidenceRule[] {
  const read = readJsonText(text);
  if ('problem' in read) throw new ScenarioError(read.code, read.path, read.problem, read.location);
  const result = evidenceRulesSchema.safeParse(read.value, { error: scenarioErrorMap });
  if (!result.success) throw firstProblem(result.error.issues, read.value);
  return result.data;
}
