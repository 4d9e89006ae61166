/**
 * The scenario editor's check: Scenario JSON v1 text read by the engine, every problem placed at
 * its line and column — a syntax error where the engine found it, a schema error where its JSON
 * path sits in the text (`locatePath`) — and an id a built-in (or another of the user's
 * scenarios) already has refused. Pure.
 */
import { ScenarioError, locationAt, parseScenarioText, type Scenario } from '../engine';
import { locatePath } from './json-path-position';

/** One problem of a scenario's text: where (1-based line and column), the JSON path, and what. */
export interface SourceProblem {
  readonly line: number;
  readonly column: number;
  /** The JSON path of what is wrong (`$` for a syntax error). */
  readonly path: string;
  /** What is wrong, in words, without the path or the location. */
  readonly message: string;
}

export type ScenarioCheck =
  { readonly scenario: Scenario } | { readonly problems: readonly SourceProblem[] };

export interface CheckOptions {
  /** Ids of the user's other scenarios: this text may not take one (saving would replace it). */
  readonly takenIds?: ReadonlySet<string>;
}

/** Pure: a problem as the editor lists it, "line 12: $.tools[0].name: expected a string, …". */
export const problemText = (problem: SourceProblem): string =>
  `line ${problem.line}: ${problem.path}: ${problem.message}`;

/** Pure: where `path` sits in `text` (its key or value; a missing key's object); line 1 if nowhere. */
function problemAt(text: string, path: string, message: string): SourceProblem {
  const position = locatePath(text, path);
  const { line, column } = locationAt(text, position?.offset ?? 0);
  return { line, column, path, message };
}

/**
 * Pure: the scenario `text` holds, or its problems at their lines (today the first the engine
 * finds: a scenario is checked whole and reports one problem at a time). `builtinIds`: a user's
 * scenario may not take a built-in's id.
 */
export function checkScenarioSource(
  text: string,
  builtinIds: ReadonlySet<string>,
  options: CheckOptions = {},
): ScenarioCheck {
  let scenario: Scenario;
  try {
    scenario = parseScenarioText(text);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    if (error.location) {
      // A syntax error (or a forbidden key, too deep): the engine says where; the words say what.
      const message = error.problem.replace(/ at line \d+, column \d+/, '');
      return { problems: [{ ...error.location, path: error.path, message }] };
    }
    return { problems: [problemAt(text, error.path, error.problem)] };
  }
  const quoted = JSON.stringify(scenario.id);
  if (builtinIds.has(scenario.id)) {
    const message = `${quoted} is the id of a built-in scenario; give your scenario another id`;
    return { problems: [problemAt(text, '$.id', message)] };
  }
  if (options.takenIds?.has(scenario.id)) {
    const message = `${quoted} is the id of another of your scenarios; give this one another id (saving would replace that one)`;
    return { problems: [problemAt(text, '$.id', message)] };
  }
  return { scenario };
}
