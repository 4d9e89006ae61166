/**
 * Writing the library as one file (`loopscope.library` version 1; library-export.ts reads it
 * back): every kept run with its labels, the scenario it ran on and its trace in the native
 * form, and the user's own scenarios as their text. Apart from the reader so that exporting
 * does not load the schemas (zod) the reader checks with. Pure.
 */
import { toNativeTraceJson } from '../engine';
import type { KeptScenario, RunLabel } from './library-types';
import type { RunRecord } from './run-record';

export const LIBRARY_FORMAT = 'loopscope.library';
export const LIBRARY_EXPORT_VERSION = 1;

/** A run in an export: the record, and what the user called and pinned it. */
export interface LabelledRun {
  readonly record: RunRecord;
  readonly label: RunLabel;
}

/** Pure: the export file's JSON value. */
export function libraryExportJson(
  runs: readonly LabelledRun[],
  scenarios: readonly KeptScenario[],
  exportedAt: number,
): Record<string, unknown> {
  return {
    format: LIBRARY_FORMAT,
    version: LIBRARY_EXPORT_VERSION,
    exportedAt,
    runs: runs.map(({ record, label }) => ({
      id: record.id,
      name: label.name ?? null,
      pinned: label.pinned ?? false,
      status: record.status,
      origin: record.origin,
      overrides: record.overrides,
      startedAt: record.startedAt,
      endedAt: record.endedAt,
      error: record.error,
      scenario: record.scenario,
      trace: record.trace ? toNativeTraceJson(record.trace, null) : null,
      ...(record.imported ? { imported: record.imported } : {}),
    })),
    scenarios: scenarios.map((kept) => ({
      id: kept.id,
      source: kept.source,
      savedAt: kept.savedAt,
    })),
  };
}
