import { describe, expect, it } from 'vitest';
import {
  KEPT_ROWS_PER_PIECE,
  piecewiseValue,
  rowPieceKey,
  type SettingsPort,
} from './kept-matrix-pieces';

const KEY = 'eval-matrix';

/** Settings in a Map, recording each write's key in order. */
function memorySettings() {
  const values = new Map<string, unknown>();
  const writes: string[] = [];
  const port: SettingsPort = {
    read: async (key) => structuredClone(values.get(key)),
    write: async (key, value) => {
      writes.push(key);
      values.set(key, structuredClone(value));
    },
  };
  return { values, writes, port };
}

const rowsOf = (count: number, tag = 'r') =>
  Array.from({ length: count }, (_, index) => ({ id: `${tag}${index}` }));

describe('a kept value with its rows in pieces', () => {
  it('writes the rows a piece per task, the rest last, and reads the same value back', async () => {
    const { values, writes, port } = memorySettings();
    let tasks = 0;
    const kept = piecewiseValue(port, KEY, async () => void tasks++);
    const value = { at: 7, status: 'done', rows: rowsOf(2 * KEPT_ROWS_PER_PIECE + 1) };
    await kept.write(value);
    expect(writes).toEqual([0, 1, 2].map((index) => rowPieceKey(KEY, index)).concat(KEY));
    expect(tasks).toBe(4);
    expect(values.get(KEY)).toEqual({ at: 7, status: 'done', rowPieces: 3 });
    expect(await piecewiseValue(port, KEY).read()).toEqual(value);
  });

  it('clears the pieces a smaller value no longer needs, and all of them when forgotten', async () => {
    const { values, port } = memorySettings();
    const kept = piecewiseValue(port, KEY, async () => {});
    await kept.write({ at: 1, rows: rowsOf(3 * KEPT_ROWS_PER_PIECE) });
    await kept.write({ at: 2, rows: rowsOf(1) });
    expect(values.get(rowPieceKey(KEY, 1))).toBeNull();
    expect(values.get(rowPieceKey(KEY, 2))).toBeNull();
    expect(await kept.read()).toEqual({ at: 2, rows: rowsOf(1) });
    await kept.write(null);
    expect(values.get(KEY)).toBeNull();
    expect(values.get(rowPieceKey(KEY, 0))).toBeNull();
    expect(await kept.read()).toBeNull();
  });

  it('a piece of another matrix (a write cut short) reads as rows: null, not as a matrix', async () => {
    const { values, port } = memorySettings();
    const kept = piecewiseValue(port, KEY, async () => {});
    await kept.write({ at: 1, rows: rowsOf(KEPT_ROWS_PER_PIECE + 1) });
    values.set(rowPieceKey(KEY, 1), { at: 2, rows: rowsOf(1, 'other') });
    expect(await kept.read()).toEqual({ at: 1, rows: null });
  });

  it('reads a value of the earlier form (rows inline) as it is', async () => {
    const { values, port } = memorySettings();
    values.set(KEY, { version: 1, at: 3, rows: rowsOf(2) });
    expect(await piecewiseValue(port, KEY).read()).toEqual({ version: 1, at: 3, rows: rowsOf(2) });
  });

  it('a second write waits for the first: their pieces never mix', async () => {
    const { port } = memorySettings();
    const kept = piecewiseValue(port, KEY);
    const first = kept.write({ at: 1, rows: rowsOf(2 * KEPT_ROWS_PER_PIECE, 'a') });
    const second = kept.write({ at: 2, rows: rowsOf(KEPT_ROWS_PER_PIECE + 1, 'b') });
    await Promise.all([first, second]);
    expect(await kept.read()).toEqual({ at: 2, rows: rowsOf(KEPT_ROWS_PER_PIECE + 1, 'b') });
  });
});
