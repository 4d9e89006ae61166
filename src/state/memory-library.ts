/**
 * The runs library held in memory: for tests, and what the library store falls back to when the
 * browser's storage refuses, fills up or breaks. Nothing here survives a reload. Records are
 * kept as given (plain data; callers never mutate them).
 */
import type { KeptScenario, RunLabel, RunLibraryPort, RunSummary } from './library-types';
import { recordBytes, summaryOf } from './library-summary';
import type { RunRecord } from './run-record';

const newestFirst = (a: RunSummary, b: RunSummary) => b.startedAt - a.startedAt;

/** An empty library in memory (`kind: 'memory'`). */
export function createMemoryLibrary(): RunLibraryPort {
  const records = new Map<string, RunRecord>();
  const summaries = new Map<string, RunSummary>();
  const scenarios = new Map<string, KeptScenario>();
  const settings = new Map<string, unknown>();

  const keep = (record: RunRecord, label: RunLabel, bytes?: number): RunSummary => {
    const summary = summaryOf(record, label, bytes ?? recordBytes(record));
    records.set(record.id, record);
    summaries.set(record.id, summary);
    return summary;
  };

  const write = (record: RunRecord, label: RunLabel = {}, bytes?: number): RunSummary => {
    const known = summaries.get(record.id);
    return keep(
      record,
      {
        name: label.name !== undefined ? label.name : (known?.name ?? null),
        pinned: label.pinned ?? known?.pinned ?? false,
      },
      bytes,
    );
  };

  return {
    kind: 'memory',
    async put(record, label) {
      return write(record, label);
    },
    async putAll(entries) {
      return entries.map(({ record, label, bytes }) => write(record, label, bytes));
    },
    async get(id) {
      return records.get(id) ?? null;
    },
    async list() {
      return [...summaries.values()].sort(newestFirst);
    },
    async label(id, label) {
      const known = summaries.get(id);
      if (!known) return;
      summaries.set(id, {
        ...known,
        ...(label.name !== undefined ? { name: label.name } : {}),
        ...(label.pinned !== undefined ? { pinned: label.pinned } : {}),
      });
    },
    async remove(ids) {
      for (const id of ids) {
        records.delete(id);
        summaries.delete(id);
      }
    },
    async interruptRunning() {
      let count = 0;
      for (const [id, record] of records) {
        if (record.status !== 'running') continue;
        const known = summaries.get(id);
        keep({ ...record, status: 'interrupted' }, { name: known?.name, pinned: known?.pinned });
        count++;
      }
      return count;
    },
    async putScenario(scenario) {
      scenarios.set(scenario.id, scenario);
    },
    async scenarios() {
      return [...scenarios.values()];
    },
    async removeScenario(id) {
      scenarios.delete(id);
    },
    async getSetting(key) {
      return settings.get(key);
    },
    async setSetting(key, value) {
      settings.set(key, value);
    },
    async usage() {
      let used = 0;
      for (const summary of summaries.values()) used += summary.bytes;
      return { usedBytes: used, quotaBytes: null };
    },
  };
}
