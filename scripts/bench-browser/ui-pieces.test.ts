import { describe, expect, it } from 'vitest';
import { parseUiPieces, UI_PIECES } from './ui-pieces';

describe('parseUiPieces', () => {
  it('measures every piece without --ui=', () => {
    expect(parseUiPieces(['--json'])).toEqual({ pieces: UI_PIECES, picked: false });
  });

  it('picks the named pieces, in the order they run', () => {
    expect(parseUiPieces(['--ui=matrix-9800,first-load'])).toEqual({
      pieces: ['first-load', 'matrix-9800'],
      picked: true,
    });
  });

  it('names the problem for an unknown or empty piece', () => {
    expect(parseUiPieces(['--ui=matrix'])).toEqual({
      problem: expect.stringContaining('"matrix"'),
    });
    expect(parseUiPieces(['--ui='])).toHaveProperty('problem');
  });

  it('picks the 100,000-span OTLP file, which the full run measures after the huge trace', () => {
    expect(parseUiPieces(['--ui=otlp-100k'])).toEqual({ pieces: ['otlp-100k'], picked: true });
    expect(UI_PIECES.indexOf('otlp-100k')).toBe(UI_PIECES.indexOf('huge-trace') + 1);
  });

  it('picks the step selections alone, without the huge trace', () => {
    expect(parseUiPieces(['--ui=step-select'])).toEqual({ pieces: ['step-select'], picked: true });
  });

  it('reads --huge-only as the huge trace alone', () => {
    expect(parseUiPieces(['--json', '--huge-only'])).toEqual({
      pieces: ['huge-trace'],
      picked: true,
    });
  });
});
