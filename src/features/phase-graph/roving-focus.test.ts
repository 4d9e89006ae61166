import { describe, expect, it } from 'vitest';
import { moveFocus, movesFocus, tabStop, type FocusKey } from './roving-focus';

const ORDER: FocusKey[] = ['node:gathering', 'node:acting', 'edge:act', 'edge:observe'];

describe('the phase graph’s tab stop', () => {
  it('stays on the element it was on while the graph shows it', () => {
    expect(tabStop(ORDER, 'edge:act')).toBe('edge:act');
  });

  it('falls back to the first element when that element is gone, or none was chosen', () => {
    expect(tabStop(ORDER, 'edge:gone')).toBe('node:gathering');
    expect(tabStop(ORDER, null)).toBe('node:gathering');
    expect(tabStop([], null)).toBeNull();
  });
});

describe('arrow keys inside the graph', () => {
  it('move to the next and previous element, wrapping at the ends', () => {
    expect(moveFocus(ORDER, 'node:gathering', 'ArrowRight')).toBe('node:acting');
    expect(moveFocus(ORDER, 'node:acting', 'ArrowDown')).toBe('edge:act');
    expect(moveFocus(ORDER, 'node:gathering', 'ArrowLeft')).toBe('edge:observe');
    expect(moveFocus(ORDER, 'edge:observe', 'ArrowRight')).toBe('node:gathering');
  });

  it('Home and End go to the first and last element', () => {
    expect(moveFocus(ORDER, 'edge:act', 'Home')).toBe('node:gathering');
    expect(moveFocus(ORDER, 'node:acting', 'End')).toBe('edge:observe');
  });

  it('other keys leave focus where it is', () => {
    expect(movesFocus('Enter')).toBe(false);
    expect(moveFocus(ORDER, 'edge:act', 'Enter')).toBe('edge:act');
  });
});
