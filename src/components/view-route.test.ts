import { describe, expect, it } from 'vitest';
import { parseViewHash, viewHash } from './view-route';

describe('view routes', () => {
  it('read the view and the scenario from the hash', () => {
    expect(parseViewHash('#/compare')).toEqual({ view: 'compare', scenario: null });
    expect(parseViewHash('#/compare?scenario=rca-search-stall')).toEqual({
      view: 'compare',
      scenario: 'rca-search-stall',
    });
    expect(parseViewHash('#/inspect?scenario=shopops-happy')).toEqual({
      view: 'inspect',
      scenario: 'shopops-happy',
    });
  });

  it('open the inspector on an empty or unknown hash', () => {
    expect(parseViewHash('')).toEqual({ view: 'inspect', scenario: null });
    expect(parseViewHash('#/elsewhere')).toEqual({ view: 'inspect', scenario: null });
    expect(parseViewHash('#/compare?scenario=')).toEqual({ view: 'compare', scenario: null });
  });

  it('write a hash that reads back the same', () => {
    expect(viewHash('compare')).toBe('#/compare');
    const hash = viewHash('inspect', 'a b&c');
    expect(parseViewHash(hash)).toEqual({ view: 'inspect', scenario: 'a b&c' });
  });
});
