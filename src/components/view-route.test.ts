import { describe, expect, it } from 'vitest';
import { parseViewHash, viewHash } from './view-route';

const route = (view: string, rest: object = {}) => ({
  view,
  scenario: null,
  lanes: [],
  demo: null,
  from: null,
  ...rest,
});

describe('view routes', () => {
  it('read the view and the scenario from the hash', () => {
    expect(parseViewHash('#/compare')).toEqual(route('compare'));
    expect(parseViewHash('#/compare?scenario=rca-search-stall')).toEqual(
      route('compare', { scenario: 'rca-search-stall' }),
    );
    expect(parseViewHash('#/inspect?scenario=shopops-happy')).toEqual(
      route('inspect', { scenario: 'shopops-happy' }),
    );
  });

  it('read the lanes a hash names, in order', () => {
    expect(parseViewHash('#/compare?scenario=x&lane=react%2Bfixed%403&lane=&lane=reflact')).toEqual(
      route('compare', { scenario: 'x', lanes: ['react+fixed@3', 'reflact'] }),
    );
  });

  it('read the presenter’s demo, or its two lanes, and the view it came from', () => {
    expect(parseViewHash('#/present')).toEqual(route('present'));
    expect(parseViewHash('#/present?demo=react-vs-reflact&from=inspect')).toEqual(
      route('present', { demo: 'react-vs-reflact', from: 'inspect' }),
    );
    expect(
      parseViewHash('#/present?scenario=rca-search-stall&lane=react&lane=reflact&from=compare'),
    ).toEqual(
      route('present', {
        scenario: 'rca-search-stall',
        lanes: ['react', 'reflact'],
        from: 'compare',
      }),
    );
  });

  it('ignore a view to go back to that is not one (or is the presenter itself)', () => {
    expect(parseViewHash('#/present?from=present').from).toBeNull();
    expect(parseViewHash('#/present?from=elsewhere').from).toBeNull();
    expect(parseViewHash('#/present?demo=').demo).toBeNull();
  });

  it('open the inspector on an empty or unknown hash', () => {
    expect(parseViewHash('')).toEqual(route('inspect'));
    expect(parseViewHash('#/elsewhere')).toEqual(route('inspect'));
    expect(parseViewHash('#/compare?scenario=')).toEqual(route('compare'));
  });

  it('write a hash that reads back the same', () => {
    expect(viewHash('compare')).toBe('#/compare');
    const hash = viewHash('inspect', 'a b&c');
    expect(parseViewHash(hash)).toEqual(route('inspect', { scenario: 'a b&c' }));
    const lanes = ['react+fixed@3', 'react+adaptive@3'];
    expect(parseViewHash(viewHash('compare', 'rca-worker-oom', lanes))).toEqual(
      route('compare', { scenario: 'rca-worker-oom', lanes }),
    );
    const present = viewHash('present', 'rca-search-stall', ['react', 'reflact'], {
      demo: 'off-vs-adaptive',
      from: 'compare',
    });
    expect(present).toBe(
      '#/present?demo=off-vs-adaptive&scenario=rca-search-stall&lane=react&lane=reflact&from=compare',
    );
    expect(parseViewHash(present)).toEqual(
      route('present', {
        scenario: 'rca-search-stall',
        lanes: ['react', 'reflact'],
        demo: 'off-vs-adaptive',
        from: 'compare',
      }),
    );
  });
});
