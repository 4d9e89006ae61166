/**
 * Where the kept eval matrix lies in the library's settings: its rows in pieces of
 * `KEPT_ROWS_PER_PIECE` (`eval-matrix:rows:0`, `:1`…, each `{ at, rows }`), each written in a
 * task of its own, then the rest of the matrix under `eval-matrix` with `rowPieces`, the count.
 * One write of 9,800 rows held the main thread for a structured clone of them all (~200 ms on a
 * busy 2-core machine); a piece of 500 still took 30–90 ms there, a piece of 100 a fifth of that. The matrix goes last, so a write cut short
 * leaves the pieces of another `at` than it names, and reading says so (`rows: null`: not a
 * matrix). A matrix of the earlier form (rows inline, no `rowPieces`) is read as it is. Writes
 * wait for the one before, so two matrices never interleave their pieces.
 */

/** The library's settings, as the keeper reads and writes them. */
export interface SettingsPort {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown): Promise<void>;
}

export const KEPT_ROWS_PER_PIECE = 100;

/** The setting piece `index` of the rows kept under `key` is written to. */
export const rowPieceKey = (key: string, index: number) => `${key}:rows:${index}`;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A task of its own: the next piece is written after the page has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface PiecewiseValue {
  /** The value under `key`, its rows gathered from their pieces (undefined: nothing kept). */
  read(): Promise<unknown>;
  /** Keeps `value` (an object with `rows` and `at`), its rows in pieces; null forgets it. */
  write(value: { readonly at: number; readonly rows: readonly unknown[] } | null): Promise<void>;
}

/** The kept value under `key` in `settings`, its rows written a piece per task. */
export function piecewiseValue(
  settings: SettingsPort,
  key: string,
  yieldTask: () => Promise<void> = nextTask,
): PiecewiseValue {
  /** How many pieces are (or may be) in storage: those beyond a new write's are cleared. */
  let stored = 0;
  let queue: Promise<void> = Promise.resolve();

  const writeNow = async (value: Parameters<PiecewiseValue['write']>[0]) => {
    const before = stored;
    let count = 0;
    if (value === null) await settings.write(key, null);
    else {
      const { rows, ...rest } = value;
      count = Math.ceil(rows.length / KEPT_ROWS_PER_PIECE);
      stored = Math.max(stored, count);
      for (let index = 0; index < count; index++) {
        await yieldTask();
        const piece = rows.slice(index * KEPT_ROWS_PER_PIECE, (index + 1) * KEPT_ROWS_PER_PIECE);
        await settings.write(rowPieceKey(key, index), { at: value.at, rows: piece });
      }
      await yieldTask();
      await settings.write(key, { ...rest, rowPieces: count });
    }
    for (let index = count; index < before; index++)
      await settings.write(rowPieceKey(key, index), null);
    stored = count;
  };

  return {
    async read() {
      const value = await settings.read(key);
      if (!isObject(value) || typeof value['rowPieces'] !== 'number') return value;
      const { rowPieces, ...rest } = value;
      stored = Math.max(stored, rowPieces);
      const rows: unknown[] = [];
      for (let index = 0; index < rowPieces; index++) {
        const piece = await settings.read(rowPieceKey(key, index));
        if (!isObject(piece) || piece['at'] !== value['at'] || !Array.isArray(piece['rows']))
          return { ...rest, rows: null };
        rows.push(...(piece['rows'] as unknown[]));
      }
      return { ...rest, rows };
    },
    write(value) {
      const done = queue.then(() => writeNow(value));
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
