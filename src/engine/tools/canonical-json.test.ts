import { describe, expect, it } from 'vitest';
import { canonicalJson, deepEqual } from './json';

describe('canonicalJson', () => {
  it('sorts object keys at every depth, inside arrays too', () => {
    const value = { b: 1, a: { d: [{ z: 1, y: 2 }], c: null } };
    expect(canonicalJson(value)).toBe('{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}');
  });

  it('gives the same text for the same value whatever the key insertion order', () => {
    expect(canonicalJson({ case_id: 'O-1', force: true })).toBe(
      canonicalJson({ force: true, case_id: 'O-1' }),
    );
  });

  it('keeps array order, which is meaningful', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
  });

  it('drops undefined like JSON.stringify: omitted in objects, null in arrays', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, () => 1], c: 1 })).toBe(
      '{"b":[null,null],"c":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes strings and numbers exactly as JSON.stringify does', () => {
    const value = { text: 'Straße "quoted"\n\u2028', numbers: [0, -0, 1.5, 1e21, NaN, Infinity] };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson('ä"\\')).toBe(JSON.stringify('ä"\\'));
  });

  it('honours toJSON, as for dates', () => {
    const when = new Date(Date.UTC(2024, 0, 2));
    expect(canonicalJson({ when })).toBe('{"when":"2024-01-02T00:00:00.000Z"}');
  });

  it('throws a TypeError for circular values instead of overflowing the stack', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop['self'] = loop;
    expect(() => canonicalJson(loop)).toThrow(TypeError);
  });

  it('accepts a shared (non-circular) object twice', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
});

describe('deepEqual', () => {
  it('compares JSON values structurally, strings exactly, without coercion', () => {
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(deepEqual('x', 'x ')).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});
