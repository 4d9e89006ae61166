/**
 * The last eval matrix, kept: what it ran (the selection), on what (an endpoint's name and model,
 * never its key or URL), when, how it ended and its rows, as one library setting; and each row's
 * run as a `RunRecord` in the library (origin `eval`), the row carrying the run's id, so a cell
 * opens that very run. `readKeptMatrix` checks what storage gave back: anything else (an older
 * or damaged value) is not a matrix. Pure but for `libraryKeeper`, the port over the library store.
 */
import {
  parseConfigOverrides,
  resolveConfig,
  ZERO_METRICS,
  type Scenario,
  type StopReason,
  type Trace,
} from '../engine';
import {
  REFLECTION_TRIGGERS,
  type EvalEndpointLabel,
  type EvalRunRow,
} from '../projections/eval-matrix';
import { evalRunRecord, type EvalEndStatus, type EvalRunError } from '../workers/eval-protocol';
import { readStoredSelection, type EvalSelection } from './eval-selection';
import { piecewiseValue } from './kept-matrix-pieces';
import type { LibraryStore } from './library-store';
import { LIBRARY_DATABASE, type RunSummary } from './library-types';
import type { RunRecord } from './run-record';

/** The library setting the last matrix is kept under. */
export const KEPT_MATRIX_KEY = 'eval-matrix';
/** The form this code writes; another one is not read (a later form is a later Loopscope's). */
export const KEPT_MATRIX_VERSION = 1;

export interface KeptMatrix {
  readonly version: typeof KEPT_MATRIX_VERSION;
  /** When it ended (ms since the epoch). */
  readonly at: number;
  readonly status: EvalEndStatus;
  readonly selection: EvalSelection;
  readonly ranOn: EvalEndpointLabel | null;
  readonly done: number;
  readonly total: number;
  /** Each with `run`, its kept run's id, when it left a trace. */
  readonly rows: readonly EvalRunRow[];
  readonly errors: readonly EvalRunError[];
  readonly note: string | null;
}

/** Where the eval store keeps its last matrix (the app: the runs library; tests: a memory one). */
export interface EvalKeeper {
  /** The wall clock (ms since the epoch): when a matrix ended, and its runs' ids. */
  now(): number;
  /** What was kept (anything: `readKeptMatrix` checks it); undefined when nothing was. */
  read(): Promise<unknown>;
  /** Keeps `matrix` (null: forgets it). */
  write(matrix: KeptMatrix | null): Promise<void>;
  /** The full scenario a row names, for its run's record (null: it has none to keep). */
  scenario(id: string): Scenario | null;
  /** Keeps the matrix's runs, in one write. */
  keepRuns(records: readonly RunRecord[]): Promise<void>;
  /** Forgets an earlier matrix's runs (unless the user pinned them). */
  forgetRuns(ids: readonly string[]): Promise<void>;
  /** The database the eval worker may write the runs to itself (null: the page keeps them). */
  database?(): string | null;
  /** Lists runs the worker wrote (their summaries). */
  listRuns?(summaries: readonly RunSummary[]): void;
}

/**
 * Runs forgotten per library call when a newer matrix replaces a kept one: a transaction and a
 * task each (500 a call held the page 50–150 ms a piece on a busy 2-core machine).
 */
export const FORGET_PIECE = 100;

/** What a store shows of a kept matrix and says about one that could not be read. */
export const KEPT_MATRIX_UNREADABLE =
  'The eval results kept in the library could not be read (an older or damaged form), so they are not shown. Run the matrix again to keep new ones.';

/** The id of a matrix's kept run (named by the worker: `projections/eval-matrix`). */
export { matrixRunId } from '../projections/eval-matrix';

/** Pure: the runs of rows `from`… as records, from their traces (rows without a run: none). */
export function matrixRecords(
  rows: readonly EvalRunRow[],
  from: number,
  traces: readonly (Trace | null)[],
  at: number,
  scenario: (id: string) => Scenario | null,
): RunRecord[] {
  return traces.flatMap((trace, index) => {
    const row = rows[from + index];
    const ranOn = row?.run ? scenario(row.scenario) : null;
    if (!row?.run || !trace || !ranOn) return [];
    return [evalRunRecord(row.run, ranOn, row, trace, at)];
  });
}

/** Pure: the ids of a kept matrix's runs. */
export const runIdsOf = (rows: readonly EvalRunRow[]): string[] =>
  rows.flatMap((row) => (row.run ? [row.run] : []));

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const STOP_REASONS: readonly StopReason[] = [
  'answer',
  'escalate',
  'max_steps',
  'stalled',
  'error',
  'cancelled',
];
const END_STATUSES: readonly EvalEndStatus[] = ['done', 'cancelled', 'stopped'];

const numbersOf = (value: unknown, keys: readonly string[]): boolean =>
  isObject(value) && keys.every((key) => isNumber(value[key]));

/** A stored row, checked field by field; null when any is wrong. */
function readRow(value: unknown): EvalRunRow | null {
  if (!isObject(value)) return null;
  const { scenario, tags, label, stopReason, correct, metrics, triggers, run } = value;
  if (!isString(scenario) || !isString(label)) return null;
  if (!Array.isArray(tags) || !tags.every(isString)) return null;
  if (!STOP_REASONS.includes(stopReason as StopReason)) return null;
  if (correct !== null && typeof correct !== 'boolean') return null;
  if (!numbersOf(metrics, Object.keys(ZERO_METRICS))) return null;
  if (!numbersOf(triggers, REFLECTION_TRIGGERS)) return null;
  if (run !== undefined && !isString(run)) return null;
  try {
    const config = resolveConfig(parseConfigOverrides(value['config']));
    return { ...(value as unknown as EvalRunRow), config };
  } catch {
    return null;
  }
}

function readError(value: unknown): EvalRunError | null {
  if (!isObject(value) || !isString(value['message'])) return null;
  const known = (key: string, check: (field: unknown) => boolean) =>
    value[key] === null || check(value[key]);
  const fine =
    known('scenario', isString) &&
    known('label', isString) &&
    known('seed', isNumber) &&
    (value['code'] === undefined || isString(value['code']));
  return fine ? (value as unknown as EvalRunError) : null;
}

/** Pure: `value` as a kept matrix, or null when it is not one this code wrote. */
export function readKeptMatrix(value: unknown): KeptMatrix | null {
  if (!isObject(value) || value['version'] !== KEPT_MATRIX_VERSION) return null;
  const { at, status, selection, ranOn, done, total, rows, errors, note } = value;
  if (!isNumber(at) || !isNumber(done) || !isNumber(total)) return null;
  if (!END_STATUSES.includes(status as EvalEndStatus)) return null;
  if (note !== null && !isString(note)) return null;
  if (ranOn !== null && !(isObject(ranOn) && isString(ranOn['name']) && isString(ranOn['model'])))
    return null;
  const picked = isObject(selection) ? readStoredSelection(JSON.stringify(selection)) : {};
  const { scenarioIds, configLabels, seeds, modelId, concurrency } = picked;
  if (!scenarioIds || !configLabels || seeds === undefined || !modelId || !concurrency) return null;
  if (!Array.isArray(rows) || !Array.isArray(errors)) return null;
  const readRows = rows.map(readRow);
  const readErrors = errors.map(readError);
  if (readRows.includes(null) || readErrors.includes(null)) return null;
  return {
    version: KEPT_MATRIX_VERSION,
    at,
    status: status as EvalEndStatus,
    selection: { scenarioIds, configLabels, seeds, modelId, concurrency },
    ranOn: ranOn === null ? null : { name: String(ranOn['name']), model: String(ranOn['model']) },
    done,
    total,
    rows: readRows as EvalRunRow[],
    errors: readErrors as EvalRunError[],
    note: note as string | null,
  };
}

/**
 * The eval store's keeper over the runs library store (the matrix as settings, its rows in
 * pieces: `kept-matrix-pieces.ts`; and the runs themselves).
 */
export function libraryKeeper(
  library: LibraryStore,
  options: {
    readonly now: () => number;
    readonly scenario: (id: string) => Scenario | null;
    /** The library's IndexedDB database the eval worker writes to (default: the app's). */
    readonly database?: string;
  },
): EvalKeeper {
  const actions = () => library.getState().actions;
  // The rows in pieces, a task each: one write of 9,800 rows would hold the page.
  const kept = piecewiseValue(
    {
      read: (key) => actions().readSetting(key),
      write: (key, value) => actions().writeSetting(key, value),
    },
    KEPT_MATRIX_KEY,
  );
  return {
    now: options.now,
    scenario: options.scenario,
    read: () => kept.read(),
    write: (matrix) => kept.write(matrix),
    keepRuns: (records) => actions().saveAll(records.map((record) => ({ record }))),
    // Only while the library is on IndexedDB: after a problem it is memory, the page's own.
    database: () =>
      library.getState().kind === 'indexeddb' ? (options.database ?? LIBRARY_DATABASE) : null,
    listRuns: (summaries) => actions().listSaved(summaries),
    forgetRuns: async (ids) => {
      const pinned = new Set(
        library
          .getState()
          .runs.filter((run) => run.pinned)
          .map((run) => run.id),
      );
      const gone = ids.filter((id) => !pinned.has(id));
      // In pieces, a transaction (and a task) each: 9,800 deletes at once held the page.
      for (let from = 0; from < gone.length; from += FORGET_PIECE)
        await actions().forget(gone.slice(from, from + FORGET_PIECE));
    },
  };
}

/** One eval store's keeping: the kept matrix owns its runs, so a newer one replaces them. */
export interface MatrixKeeping {
  /** The keeper's clock: a matrix's stamp when it starts (its runs' ids), and when it ended. */
  now(): number;
  /** Keeps `matrix`; the matrix kept before it goes, with its runs. */
  keep(matrix: KeptMatrix): Promise<void>;
  /** Keeps the runs of `matrix`'s rows `from`… from their traces (a batch the worker sent). */
  keepTraces(matrix: KeptMatrix, from: number, traces: readonly (Trace | null)[]): Promise<void>;
  /** The kept matrix; `unreadable` when what was kept is not one (it is left as it is). */
  restore(): Promise<KeptMatrix | 'unreadable' | null>;
  /** Forgets the kept matrix and its runs. */
  clear(): Promise<void>;
  /** Where the worker may write the runs itself (undefined: it posts their traces). */
  keepIn(): string | undefined;
  /** Lists the runs the worker wrote. */
  listKept(summaries: readonly RunSummary[]): void;
}

export function matrixKeeping(keeper: EvalKeeper): MatrixKeeping {
  /** The runs of the matrix kept now (read back by `restore`, replaced by `keep`). */
  let owned: string[] = [];
  const forget = async () => {
    const earlier = owned;
    owned = [];
    if (earlier.length > 0) await keeper.forgetRuns(earlier);
  };
  return {
    now: () => keeper.now(),
    keepIn: () => keeper.database?.() ?? undefined,
    listKept: (summaries) => keeper.listRuns?.(summaries),
    async keepTraces(matrix, from, traces) {
      const records = matrixRecords(matrix.rows, from, traces, matrix.at, keeper.scenario);
      if (records.length > 0) await keeper.keepRuns(records);
    },
    async keep(matrix) {
      const earlier = owned;
      await keeper.write(matrix);
      owned = runIdsOf(matrix.rows);
      const replaced = new Set(owned);
      const gone = earlier.filter((id) => !replaced.has(id));
      if (gone.length > 0) await keeper.forgetRuns(gone);
    },
    async restore() {
      const value = await keeper.read();
      if (value === undefined || value === null) return null;
      const matrix = readKeptMatrix(value);
      if (!matrix) return 'unreadable';
      owned = runIdsOf(matrix.rows);
      return matrix;
    },
    async clear() {
      await keeper.write(null);
      await forget();
    },
  };
}
