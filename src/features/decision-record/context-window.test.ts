import { describe, expect, it } from 'vitest';
import { contextWindow, HEAD, MORE, TAIL } from './context-window';

describe('contextWindow', () => {
  it('draws every message of an ordinary call', () => {
    expect(contextWindow(12, 10, 0)).toEqual({ head: 12, from: 12, hidden: 0 });
  });

  it('draws the opening messages, the new part and a few before it of a 100,000-message call', () => {
    const window = contextWindow(100_002, 100_000, 0);
    expect(window.head).toBe(HEAD);
    expect(window.from).toBe(100_000 - TAIL);
    expect(window.hidden).toBe(100_000 - TAIL - HEAD);
  });

  it('reveals earlier messages as asked, down to the opening ones', () => {
    expect(contextWindow(100_002, 100_000, MORE).from).toBe(100_000 - TAIL - MORE);
    expect(contextWindow(100_002, 100_000, 1_000_000)).toEqual({
      head: HEAD,
      from: HEAD,
      hidden: 0,
    });
  });

  it('never hides a message that is new', () => {
    const window = contextWindow(5_000, 1_000, 0);
    expect(window.from).toBeLessThanOrEqual(1_000);
  });
});
