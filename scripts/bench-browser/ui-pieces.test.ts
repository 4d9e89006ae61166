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

  it('reads --huge-only as the huge trace alone', () => {
    expect(parseUiPieces(['--json', '--huge-only'])).toEqual({
      pieces: ['huge-trace'],
      picked: true,
    });
  });
});
