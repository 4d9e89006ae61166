/**
 * The runs library's IndexedDB schema, every version of it, as Dexie declarations. Summaries
 * (light, indexed, what the list reads) live apart from the full records (traces), so listing
 * 10,000 runs never loads a trace. Every stored object carries the `schemaVersion` that wrote
 * it. Old declarations stay: a browser may hold a database any earlier Loopscope wrote.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import type { StoredReflection } from '../engine';
import {
  LIBRARY_DATABASE,
  outcomeOf,
  type KeptFile,
  type KeptScenario,
  type RunRecord,
  type RunSummary,
} from '../state';

/** The schema this code writes; a database above it was written by a later Loopscope. */
export const SCHEMA_VERSION = 4;

/** The app's library (state's `LIBRARY_DATABASE`: the eval worker opens it by that name). */
export const DEFAULT_DATABASE_NAME = LIBRARY_DATABASE;

/** A summary as stored: `pinned` as 0/1 (IndexedDB cannot index a boolean). */
export type SummaryRow = Omit<RunSummary, 'pinned'> & {
  readonly pinned: 0 | 1;
  readonly schemaVersion: number;
};

/**
 * A run as stored: its record whole, or (from version 4, a run read from a file) the record's
 * shell and the file, which `get` reads again (`kept-file.ts`).
 */
export interface RecordRow {
  readonly id: string;
  readonly schemaVersion: number;
  readonly record: RunRecord;
  readonly file?: KeptFile;
}

export type ScenarioRow = KeptScenario & { readonly schemaVersion: number };

export interface SettingRow {
  readonly key: string;
  readonly value: unknown;
  readonly schemaVersion: number;
}

/** Version 1's tables: summaries had no `outcome` yet. */
export const VERSION_1_STORES = {
  summaries: 'id, startedAt, status, scenarioId, pinned',
  records: 'id',
  scenarios: 'id',
  settings: 'key',
} as const;

/** Version 2 indexes each summary's outcome (the list filters by it). */
export const VERSION_2_STORES = {
  ...VERSION_1_STORES,
  summaries: 'id, startedAt, status, scenarioId, pinned, outcome',
} as const;

/** Version 3 adds the reflection memory: one row a reflection, numbered in the order kept. */
export const VERSION_3_STORES = {
  ...VERSION_2_STORES,
  reflections: '++id, scenario, timestamp',
} as const;

/**
 * Version 4 changes no table: a run read from a file may be kept as its shell and the file
 * (`RecordRow.file`). The version says so, so an earlier Loopscope, which would show such a
 * run without its trace, refuses the database instead (`newer`).
 */
export const VERSION_4_STORES = VERSION_3_STORES;

/** A reflection as stored (`id` is given by IndexedDB when it is added). */
export type ReflectionRow = StoredReflection & {
  readonly id?: number;
  readonly schemaVersion: number;
};

/** The database as this code sees it. */
export interface LibraryDatabase extends Dexie {
  readonly summaries: Table<SummaryRow, string>;
  readonly records: Table<RecordRow, string>;
  readonly scenarios: Table<ScenarioRow, string>;
  readonly settings: Table<SettingRow, string>;
  readonly reflections: Table<ReflectionRow, number>;
}

/** Declares version 1 only: what the first Loopscope with a library wrote (tests use it). */
export function declareVersion1(db: Dexie): void {
  db.version(1).stores(VERSION_1_STORES);
}

/** Version 2's migration: each version-1 summary gets the outcome its record shows. */
async function fillOutcomes(transaction: Transaction): Promise<void> {
  const outcomes = new Map<string, RunSummary['outcome']>();
  await transaction
    .table<RecordRow, string>('records')
    .each((row) => outcomes.set(row.id, outcomeOf(row.record)));
  await transaction
    .table('summaries')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      row['outcome'] = outcomes.get(String(row['id'])) ?? 'failed';
      row['schemaVersion'] = 2;
    });
}

/** Declares versions 1 and 2 only: what Loopscope wrote before the reflection memory (tests). */
export function declareVersion2(db: Dexie): void {
  declareVersion1(db);
  db.version(2).stores(VERSION_2_STORES).upgrade(fillOutcomes);
}

/** Declares every version, oldest first, with the migrations between them. */
export function declareSchema(db: Dexie): LibraryDatabase {
  declareVersion2(db);
  // Version 3 only adds a table: an older database opens with its runs as they were.
  db.version(3).stores(VERSION_3_STORES);
  db.version(4).stores(VERSION_4_STORES);
  return db as LibraryDatabase;
}
