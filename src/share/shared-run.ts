/** Reads the run a share page carries into a record a run store opens. */
import { openFileText, readTraceValue, type Scenario, type Trace } from '../engine';
import { recordOfTrace, type RunRecord } from '../state/run-record';
import { SHARED_COMPARE_FORMAT } from './share-page';

/** What a page's run element holds when no run was put in (the template as built). */
export const NO_RUN = 'null';

/** The page carries no run, or one the page cannot show; the message says which. */
export class SharedRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedRunError';
  }
}

/** What a page shows: one run, or 2–4 lanes of one scenario compared. */
export type SharedView =
  | { readonly kind: 'run'; readonly record: RunRecord }
  | {
      readonly kind: 'compare';
      readonly lanes: readonly { readonly label: string; readonly record: RunRecord }[];
    };

function recordOf(
  trace: Trace,
  defined: Scenario | null,
  builtins: readonly Scenario[],
  id: string,
) {
  const scenario = defined ?? builtins.find((candidate) => candidate.id === trace.scenario);
  if (!scenario) {
    throw new SharedRunError(
      `This page's run is of scenario "${trace.scenario}", which it does not carry and this build does not have.`,
    );
  }
  return recordOfTrace(trace, {
    id,
    scenario,
    origin: { kind: 'imported', source: 'share page' },
    startedAt: 0,
  });
}

/** The lanes of a compare's page: each `{label, run}`, 2–4 of them, of one scenario. */
function lanesOf(value: unknown, builtins: readonly Scenario[]) {
  const lanes = (value as { lanes?: unknown }).lanes;
  if (!Array.isArray(lanes) || lanes.length < 2 || lanes.length > 4) {
    throw new SharedRunError("This page's compare does not hold 2 to 4 lanes.");
  }
  const read = lanes.map((lane: unknown, index) => {
    const { label, run } = (lane ?? {}) as { label?: unknown; run?: unknown };
    if (typeof label !== 'string') throw new SharedRunError(`Lane ${index + 1} has no label.`);
    const { trace, scenario } = readTraceValue(run);
    return { label, record: recordOf(trace, scenario, builtins, `shared-lane-${index}`) };
  });
  if (new Set(read.map((lane) => lane.record.scenario.id)).size > 1) {
    throw new SharedRunError("This page's lanes are runs of different scenarios.");
  }
  return read;
}

/**
 * Pure: what a page's run element (`text`) holds: a run (Trace JSON v2 or v1) or a compare
 * (`loopscope.compare`, each lane a trace). A run's scenario is the file's own definition, else
 * the built-in of the trace's id. Throws a SharedRunError for an empty template or a page it
 * cannot show, and the reader's FileError for bad JSON or a bad trace.
 */
export function sharedView(text: string | null, builtins: readonly Scenario[]): SharedView {
  if (text === null || text.trim() === '' || text.trim() === NO_RUN) {
    throw new SharedRunError(
      'This page holds no run: it is the share page template. Export a run as an HTML page (the app’s Export menu, or loop run … --html FILE) to get one.',
    );
  }
  const opened = openFileText(text, 'this page');
  if (opened.kind === 'trace') {
    return { kind: 'run', record: recordOf(opened.trace, opened.scenario, builtins, 'shared-run') };
  }
  if (opened.kind === 'other' && opened.format === SHARED_COMPARE_FORMAT) {
    return { kind: 'compare', lanes: lanesOf(opened.value, builtins) };
  }
  throw new SharedRunError('This page holds neither a run nor a compare.');
}

/** Pure: the record of a page's run (see `sharedView`); a compare's page is refused. */
export function sharedRunRecord(text: string | null, builtins: readonly Scenario[]): RunRecord {
  const view = sharedView(text, builtins);
  if (view.kind !== 'run') throw new SharedRunError('This page holds a compare, not one run.');
  return view.record;
}
