/** Reads the run a share page carries into a record a run store opens. */
import { readTraceText, type Scenario } from '../engine';
import { recordOfTrace, type RunRecord } from '../state/run-record';

/** What a page's run element holds when no run was put in (the template as built). */
export const NO_RUN = 'null';

/** The page carries no run, or one the page cannot show; the message says which. */
export class SharedRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedRunError';
  }
}

/**
 * Pure: the record of the run in a page's run element (`text`: Trace JSON v2 or v1). The
 * scenario is the file's own definition, else the built-in of the trace's id. Throws a
 * SharedRunError for an empty template, and the reader's error for a bad trace.
 */
export function sharedRunRecord(text: string | null, builtins: readonly Scenario[]): RunRecord {
  if (text === null || text.trim() === '' || text.trim() === NO_RUN) {
    throw new SharedRunError(
      'This page holds no run: it is the share page template. Export a run as an HTML page (the app’s Export menu, or loop run … --html FILE) to get one.',
    );
  }
  const { trace, scenario: defined } = readTraceText(text);
  const scenario = defined ?? builtins.find((candidate) => candidate.id === trace.scenario);
  if (!scenario) {
    throw new SharedRunError(
      `This page's run is of scenario "${trace.scenario}", which it does not carry and this build does not have.`,
    );
  }
  return recordOfTrace(trace, {
    id: 'shared-run',
    scenario,
    origin: { kind: 'imported', source: 'share page' },
    startedAt: 0,
  });
}
