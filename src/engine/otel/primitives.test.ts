import { describe, expect, it } from 'vitest';
import { normaliseId } from './ids';
import { parseLossless, quoteBigIntegers } from './lossless-json';
import { compareNs, msBetween, nsOf, nsOfCount, nsOfIso } from './times';

describe('ids, whatever a file wrote', () => {
  it('keeps hex, decodes base64 of 8 or 16 bytes, reads 0x hex and SDK integers, keeps other strings', () => {
    expect(normaliseId('0DEDF6826DF097A9', 16)).toBe('0dedf6826df097a9');
    expect(normaliseId('CwsLCwsLCws=', 16)).toBe('0b0b0b0b0b0b0b0b');
    expect(normaliseId('AQEBAQEBAQEBAQEBAQEBAQ==', 32)).toBe('01010101010101010101010101010101');
    expect(normaliseId('0x5b8efff798038103', 16)).toBe('5b8efff798038103');
    expect(normaliseId('12324293800750531911', 16, 'decimal')).toBe('ab08afea3548c547');
    expect(normaliseId(255, 16)).toBe('00000000000000ff');
    expect(normaliseId('invoke00000001', 16)).toBe('invoke00000001');
    expect(normaliseId('', 16)).toBeNull();
    expect(normaliseId(null, 16)).toBeNull();
  });
});

describe('long integers survive parsing', () => {
  it('quotes integers of more than 15 digits outside strings, and nothing else', () => {
    const text =
      '{"a": 100927429609276267646756448943279827607, "b": "12345678901234567890", "c": 1.23456789012345678, "d": 123456789012345, "e": -12345678901234567}';
    expect(parseLossless(text)).toEqual({
      a: '100927429609276267646756448943279827607',
      b: '12345678901234567890',
      c: Number('1.23456789012345678'),
      d: 123456789012345,
      e: '-12345678901234567',
    });
    expect(quoteBigIntegers('{"x": [1, 2, 3]}')).toBe('{"x": [1, 2, 3]}');
  });
});

describe('times as Unix nanoseconds', () => {
  it('reads ns strings and numbers, µs, and ISO with any fraction and offset', () => {
    expect(nsOfCount('1777555053780274700')).toBe('1777555053780274700');
    expect(nsOfCount(1771900000000000, 1000)).toBe('1771900000000000000');
    expect(nsOfIso('2025-11-03T16:59:35.572293+00:00')).toBe('1762189175572293000');
    expect(nsOfIso('2025-11-03T18:59:35.5+02:00')).toBe('1762189175500000000');
    expect(nsOfIso('2025-09-30T09:03:59.962Z')).toBe('1759223039962000000');
    expect(nsOf('not a time')).toBeNull();
  });

  it('compares and measures without a double', () => {
    expect(compareNs('1777555053780274701', '1777555053780274700')).toBe(1);
    expect(compareNs(null, '1')).toBe(1);
    expect(msBetween('1000000000', '1250000000')).toBe(250);
  });
});
