import { describe, expect, it } from 'vitest';
import { edgePath } from './edge-path';

describe('an edge route', () => {
  it('is empty without two distinct points', () => {
    expect(edgePath([])).toEqual({ path: '', arrow: '' });
    expect(
      edgePath([
        { x: 1, y: 1 },
        { x: 1, y: 1 },
      ]),
    ).toEqual({ path: '', arrow: '' });
  });

  it('stops short of its end, where the arrowhead points at the end', () => {
    const { path, arrow } = edgePath([
      { x: 0, y: 0 },
      { x: 0, y: 100 },
    ]);
    expect(path).toBe('M0.0,0.0 L0.0,92.0');
    expect(arrow).toBe('0.0,100.0 -4.5,92.0 4.5,92.0');
  });

  it('rounds its corners', () => {
    const { path } = edgePath([
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: 100, y: 100 },
    ]);
    expect(path).toBe('M0.0,0.0 L0.0,82.0 Q0.0,100.0 18.0,100.0 L92.0,100.0');
  });
});
