import { describe, expect, it } from 'vitest';
import { parseViewHash, viewHash } from './view-route';

describe('view routes', () => {
  it('read the view and the scenario from the hash', () => {
    expect(parseViewHash('#/compare')).toEqual({ view: 'compare', scenario: null, lanes: [] });
    expect(parseViewHash('#/compare?scenario=rca-search-stall')).toEqual({
      view: 'compare',
      scenario: 'rca-search-stall',
      lanes: [],
    });
    expect(parseViewHash('#/inspect?scenario=shopops-happy')).toEqual({
      view: 'inspect',
      scenario: 'shopops-happy',
      lanes: [],
    });
  });

  it('read the lanes a hash names, in order', () => {
    expect(parseViewHash('#/compare?scenario=x&lane=react%2Bfixed%403&lane=&lane=reflact')).toEqual(
      { view: 'compare', scenario: 'x', lanes: ['react+fixed@3', 'reflact'] },
    );
  });

  it('open the inspector on an empty or unknown hash', () => {
    expect(parseViewHash('')).toEqual({ view: 'inspect', scenario: null, lanes: [] });
    expect(parseViewHash('#/elsewhere')).toEqual({ view: 'inspect', scenario: null, lanes: [] });
    expect(parseViewHash('#/compare?scenario=')).toEqual({
      view: 'compare',
      scenario: null,
      lanes: [],
    });
  });

  it('write a hash that reads back the same', () => {
    expect(viewHash('compare')).toBe('#/compare');
    const hash = viewHash('inspect', 'a b&c');
    expect(parseViewHash(hash)).toEqual({ view: 'inspect', scenario: 'a b&c', lanes: [] });
    const lanes = ['react+fixed@3', 'react+adaptive@3'];
    expect(parseViewHash(viewHash('compare', 'rca-worker-oom', lanes))).toEqual({
      view: 'compare',
      scenario: 'rca-worker-oom',
      lanes,
    });
  });
});
