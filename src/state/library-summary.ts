/**
 * A kept run's summary: the light row the library lists and searches (outcome, mode and gating,
 * counts, the answer clipped), read from a `RunRecord`. Pure. The outcome reuses the eval
 * matrix's rule (`gradeRun` through `runOutcome`), so the library and the matrix never disagree
 * about what counts as correct.
 */
import { gradeRun, type Trace } from '../engine';
import { runOutcome } from '../projections/eval-matrix';
import { gradeWords } from '../projections/grade-words';
import type { RunLabel, RunOutcome, RunSummary } from './library-types';
import type { RunRecord } from './run-record';

/** The longest answer a list row keeps (a row shows one or two lines of it). */
export const ANSWER_CLIP = 280;

/** Pure: `text` cut to `limit` characters at most, with an ellipsis when cut. */
export function clipText(text: string, limit = ANSWER_CLIP): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** Pure: how a kept run ended, as the list's outcome filter names it. */
export function outcomeOf(record: RunRecord): RunOutcome {
  if (record.status === 'running' || record.status === 'interrupted') return record.status;
  const { trace } = record;
  if (!trace) return 'failed';
  const outcome = runOutcome({
    stopReason: trace.stopReason,
    correct: gradeRun(record.scenario, trace)?.correct ?? null,
  });
  switch (outcome) {
    case 'correct':
    case 'answered':
      return 'correct';
    case 'wrong':
    case 'escalated':
      return outcome;
    default:
      return 'failed';
  }
}

/** The size of the file a trace was read from, noted when it was opened (`noteTraceBytes`). */
const fileBytes = new WeakMap<Trace, number>();

/**
 * Notes that `trace` was read from a file of `bytes`: `recordBytes` counts that for the trace
 * instead of writing a 90 MB trace's JSON a second time only to measure it.
 */
export function noteTraceBytes(trace: Trace, bytes: number): void {
  fileBytes.set(trace, bytes);
}

/**
 * The stored record's approximate size, in bytes: its JSON's length in UTF-16 code units (what a
 * browser's IndexedDB roughly spends on it; exact sizes are the browser's own), with a trace
 * read from a file counted as the file's size.
 */
export function recordBytes(record: RunRecord): number {
  const known = record.trace ? fileBytes.get(record.trace) : undefined;
  if (known === undefined) return JSON.stringify(record).length;
  return known + JSON.stringify({ ...record, trace: null }).length;
}

/** Pure: `summary`, named and pinned as `label` says, of `bytes`. */
export const labelledSummary = (
  summary: RunSummary,
  label: RunLabel,
  bytes: number,
): RunSummary => ({ ...summary, name: label.name ?? null, pinned: label.pinned ?? false, bytes });

/** Pure: the summary a list shows of `record`, named and pinned as `label` says. */
export function summaryOf(record: RunRecord, label: RunLabel, bytes: number): RunSummary {
  const { trace, settings } = record;
  const metrics = trace?.metrics;
  const outcome = outcomeOf(record);
  const grade = outcome === 'wrong' && trace ? gradeRun(record.scenario, trace) : null;
  const why = grade ? gradeWords(grade).why : null;
  return {
    id: record.id,
    name: label.name ?? null,
    pinned: label.pinned ?? false,
    scenarioId: record.scenario.id,
    scenarioTitle: record.scenario.title,
    status: record.status,
    outcome,
    stopReason: record.status === 'done' && trace ? trace.stopReason : null,
    origin: record.origin.kind,
    mode: settings.mode,
    gating: settings.reflection.gating,
    steps: trace?.steps.length ?? 0,
    llmCalls: metrics?.llmCalls ?? 0,
    reflections: metrics?.reflections ?? 0,
    tokens: metrics ? metrics.promptTokens + metrics.completionTokens : 0,
    latencyMs: metrics?.latencyMs ?? 0,
    answer: trace?.answer ? clipText(trace.answer) : null,
    ...(why ? { why } : {}),
    startedAt: record.startedAt,
    endedAt: record.endedAt,
    bytes,
  };
}
