import { describe, expect, it } from 'vitest';
import { holdsField, isEmptyResult } from './results';

describe('isEmptyResult', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty array', []],
    ['an empty object', {}],
    ['an empty string', ''],
    ['a blank string', ' \n\t '],
  ])('counts %s as empty', (_, value) => {
    expect(isEmptyResult(value)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['false', false],
    ['a word', 'none'],
    ['an array holding null', [null]],
    ['an object with a null field', { order: null }],
  ])('counts %s as not empty', (_, value) => {
    expect(isEmptyResult(value)).toBe(false);
  });
});

describe('holdsField', () => {
  const result = {
    order: { id: 'O-1', status: 'held' },
    notes: [[{ by: 'carrier', tags: [{ status: 'shipped' }] }]],
    total: 24000,
  };

  it('finds a field at the top level', () => {
    expect(holdsField(result, 'total', 24000)).toBe(true);
  });

  it('finds a field deep inside nested arrays and objects', () => {
    expect(holdsField(result, 'status', 'shipped')).toBe(true);
    expect(holdsField(result, 'by', 'carrier')).toBe(true);
  });

  it('keeps searching below a field whose value does not match', () => {
    const nested = { status: 'open', history: [{ status: 'closed' }] };
    expect(holdsField(nested, 'status', 'closed')).toBe(true);
  });

  it('compares strings exactly and values without coercion', () => {
    expect(holdsField(result, 'status', 'Shipped')).toBe(false);
    expect(holdsField(result, 'status', 'shipped ')).toBe(false);
    expect(holdsField(result, 'total', '24000')).toBe(false);
  });

  it('compares object and array values deeply', () => {
    expect(holdsField(result, 'order', { status: 'held', id: 'O-1' })).toBe(true);
    expect(holdsField({ ids: [1, 2] }, 'ids', [1, 2])).toBe(true);
    expect(holdsField({ ids: [1, 2] }, 'ids', [2, 1])).toBe(false);
  });

  it('is false for a missing field and for results that are not objects or arrays', () => {
    expect(holdsField(result, 'refund', true)).toBe(false);
    expect(holdsField('status: shipped', 'status', 'shipped')).toBe(false);
    expect(holdsField(null, 'status', null)).toBe(false);
  });

  it('searches a result that is an array at the root', () => {
    expect(holdsField([{ a: 1 }, [{ b: null }]], 'b', null)).toBe(true);
  });
});
