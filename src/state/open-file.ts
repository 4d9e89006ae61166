/**
 * What opening a file means for the app's state: a trace becomes a recorded run (origin
 * `imported`, named by the file), a scenario file becomes one of the user's own scenarios, a
 * library export becomes the runs and scenarios it carries. Pure over the engine's opener: a
 * file that cannot be opened throws its one-line `FileError` and nothing has changed.
 */
import { FileError, openFileText, type OpenedFile, type Scenario } from '../engine';
import { rowOverrides } from '../projections/eval-matrix';
import type { KeptScenario } from './library-types';
import { LIBRARY_FORMAT, readLibraryExport, type LabelledRun } from './library-export';
import { recordOfTrace, type RunRecord } from './run-record';
import { keptOf } from './kept-scenarios';

export interface OpenContext {
  /** The scenarios a trace may name by id: the built-ins and the user's own. */
  readonly scenarios: readonly Scenario[];
  /** Ids of the built-in scenarios (a user's scenario may not take one). */
  readonly builtinIds: ReadonlySet<string>;
  readonly newId: () => string;
  readonly now: () => number;
}

export type OpenResult =
  /** A trace: the run it records, and its scenario when the file carried one not yet known. */
  | { readonly kind: 'run'; readonly record: RunRecord; readonly newScenario: KeptScenario | null }
  | { readonly kind: 'scenario'; readonly scenario: Scenario; readonly kept: KeptScenario }
  | {
      readonly kind: 'library';
      readonly runs: readonly LabelledRun[];
      readonly scenarios: readonly KeptScenario[];
    };

/** Pure: opens a file's text. Throws a FileError naming the file, where and what is wrong. */
export function openText(text: string, name: string, context: OpenContext): OpenResult {
  return openResult(openFileText(text, name), name, context);
}

/**
 * Pure: what a file the engine has read (`openFileText`, on the page or in the open worker)
 * means for the app's state. Throws a FileError as {@link openText} does.
 */
export function openResult(opened: OpenedFile, name: string, context: OpenContext): OpenResult {
  if (opened.kind === 'scenario') {
    if (context.builtinIds.has(opened.scenario.id)) {
      throw new FileError(
        'invalid_scenario',
        name,
        '$.id',
        `"${opened.scenario.id}" is the id of a built-in scenario; give your scenario another id`,
      );
    }
    return {
      kind: 'scenario',
      scenario: opened.scenario,
      kept: keptOf(opened.scenario, context.now(), opened.source),
    };
  }
  if (opened.kind === 'other') {
    if (opened.format !== LIBRARY_FORMAT) {
      throw new FileError(
        'unknown_format',
        name,
        '$.format',
        `"${opened.format}" is a Loopscope format this build does not open`,
      );
    }
    return { kind: 'library', ...readLibraryExport(opened.value, name) };
  }
  if (opened.kind === 'foreign') {
    const { protocol, ...others } = rowOverrides({ config: opened.trace.config });
    // A scripted replay speaks the text protocol (its replies are `Action:` lines): the foreign
    // run's native tool calls replay as those, so Run does not take its protocol along.
    const overrides = opened.scenario.model.kind === 'scripted' ? others : { ...others, protocol };
    const record = recordOfTrace(opened.trace, {
      id: context.newId(),
      scenario: opened.scenario,
      origin: { kind: 'imported', source: `${name} (${opened.formatLabel})` },
      startedAt: context.now(),
      overrides,
      imported: {
        format: opened.format,
        formatLabel: opened.formatLabel,
        spans: opened.spans,
        unmapped: opened.unmapped,
        notes: opened.notes,
      },
    });
    return { kind: 'run', record, newScenario: null };
  }
  const { trace } = opened;
  const known = context.scenarios.find((scenario) => scenario.id === trace.scenario) ?? null;
  const scenario = opened.scenario ?? known;
  if (!scenario) {
    throw new FileError(
      'invalid_trace',
      name,
      '$.scenario',
      `a trace of scenario "${trace.scenario}", which is neither built in nor one of your scenarios; open its scenario file first, then the trace (a .loopscope.json file carries its scenario)`,
    );
  }
  const newScenario =
    opened.scenario && !known && !context.builtinIds.has(scenario.id)
      ? keptOf(scenario, context.now())
      : null;
  const at = context.now();
  const record = recordOfTrace(trace, {
    id: context.newId(),
    scenario,
    origin: { kind: 'imported', source: name },
    startedAt: at,
    // The settings as a link names them: mode, gating, seed and what differs from the defaults.
    overrides: rowOverrides({ config: trace.config }),
  });
  return { kind: 'run', record, newScenario };
}
