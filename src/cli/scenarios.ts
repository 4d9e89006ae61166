/** Finds the scenario a CLI argument names: a built-in id or a path to a scenario JSON file. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  FileError,
  ScenarioError,
  checkFileSize,
  parseScenarioText,
  type Scenario,
} from '../engine';
import { builtinScenarios, findBuiltin } from '../scenarios';
import { UsageError } from './args';
import { userPath } from './user-path';

/** Resolves `<scenario>`; throws UsageError with a one-line message naming the problem. */
export function resolveScenario(argument: string): Scenario {
  const builtin = findBuiltin(argument);
  if (builtin) return builtin;
  const file = userPath(argument);
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new UsageError(
      `${argument}: is a directory, not a scenario file (eval --suite takes a directory)`,
    );
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    const ids = builtinScenarios()
      .map((scenario) => scenario.id)
      .join(', ');
    throw new UsageError(
      `unknown scenario "${argument}": not a built-in id (${ids}) and no such file`,
    );
  }
  return loadFile(file, argument);
}

/** Reads a scenario file (its size checked first); messages name it as the user wrote it. */
function loadFile(file: string, shown: string): Scenario {
  try {
    checkFileSize(statSync(file).size, shown);
    return parseScenarioText(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error instanceof ScenarioError) throw new UsageError(`${shown}: ${error.message}`);
    if (error instanceof FileError) throw error;
    throw new UsageError(
      `${shown}: cannot read the file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The scenarios of a suite: `builtin`, or every `*.json` file of a directory, sorted by name. */
export function resolveSuite(suite: string): readonly Scenario[] {
  if (suite === 'builtin') return builtinScenarios();
  const directory = userPath(suite);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new UsageError(
      `--suite: expected "builtin" or a directory of scenario files, got "${suite}"`,
    );
  }
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new UsageError(`--suite: no .json scenario files in ${suite}`);
  return files.map((name) => loadFile(join(directory, name), join(suite, name)));
}
