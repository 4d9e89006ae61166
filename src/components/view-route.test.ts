import { describe, expect, it } from 'vitest';
import { isViewSwitch, parseViewHash, viewHash } from './view-route';

const route = (view: string, rest: object = {}) => ({
  view,
  scenario: null,
  lanes: [],
  demo: null,
  from: null,
  settings: null,
  step: null,
  attempt: null,
  preset: null,
  run: null,
  runs: [],
  problems: [],
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

  it("read the scenario editor's route, on one of the user's scenarios", () => {
    expect(parseViewHash('#/scenarios')).toEqual(route('scenarios'));
    expect(parseViewHash('#/scenarios?scenario=my-shop')).toEqual(
      route('scenarios', { scenario: 'my-shop' }),
    );
    expect(viewHash('scenarios', 'my-shop')).toBe('#/scenarios?scenario=my-shop');
    expect(parseViewHash('#/present?from=scenarios').from).toBe('scenarios');
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

  it('read what the inspector shows: its settings token and the selected step', () => {
    expect(
      parseViewHash('#/inspect?scenario=rca-search-stall&settings=reflact%2Bfixed%404&step=3'),
    ).toEqual(
      route('inspect', { scenario: 'rca-search-stall', settings: 'reflact+fixed@4', step: 3 }),
    );
    expect(parseViewHash('#/inspect?step=0').step).toBe(0);
  });

  it('read the compare preset and a library run id, opaque', () => {
    expect(parseViewHash('#/compare?scenario=x&preset=guards')).toEqual(
      route('compare', { scenario: 'x', preset: 'guards' }),
    );
    expect(parseViewHash('#/inspect?run=run-7-abc').run).toBe('run-7-abc');
  });

  it('ignore parameters it does not know', () => {
    expect(parseViewHash('#/inspect?scenario=x&key=secret&prompt=hello&utm_source=mail')).toEqual(
      route('inspect', { scenario: 'x' }),
    );
  });

  it('report a step that is not a step number, and follow the newest step', () => {
    for (const bad of ['abc', '-1', '2.5', '1e3', '99999999']) {
      const read = parseViewHash(`#/inspect?scenario=x&step=${bad}`);
      expect(read.step, bad).toBeNull();
      expect(read.problems, bad).toEqual([
        `The link's step ("${bad}") is not a step number; showing the newest step instead.`,
      ]);
    }
    expect(parseViewHash('#/inspect?step=').problems).toEqual([]);
  });

  it('report an attempt that is not an attempt number, and show all attempts', () => {
    for (const bad of ['abc', '0', '-1', '2.5', '99999']) {
      const read = parseViewHash(`#/inspect?scenario=x&attempt=${bad}`);
      expect(read.attempt, bad).toBeNull();
      expect(read.problems, bad).toEqual([
        `The link's attempt ("${bad}") is not an attempt number (1, 2, …); showing all attempts instead.`,
      ]);
    }
    expect(parseViewHash('#/inspect?attempt=2').attempt).toBe(2);
  });

  it('write every parameter so that it reads back the same', () => {
    const extras = { settings: 'react+off@2', step: 7, attempt: 2, preset: 'guards', run: 'run-1' };
    const hash = viewHash('inspect', 'shopops-happy', [], extras);
    expect(hash).toBe(
      '#/inspect?scenario=shopops-happy&run=run-1&settings=react%2Boff%402&preset=guards&step=7&attempt=2',
    );
    expect(parseViewHash(hash)).toEqual(
      route('inspect', { scenario: 'shopops-happy', ...extras, runs: ['run-1'] }),
    );
    expect(viewHash('inspect', 'x', [], { step: 0 })).toBe('#/inspect?scenario=x&step=0');
    expect(viewHash('inspect', 'x', [], { step: null, settings: null })).toBe(
      '#/inspect?scenario=x',
    );
  });

  it('tell the view switch (another view, its scenario only) from a link that names more', () => {
    const inspect = parseViewHash('#/inspect?scenario=x&settings=act');
    expect(isViewSwitch(inspect, parseViewHash('#/compare?scenario=x'))).toBe(true);
    expect(isViewSwitch(inspect, parseViewHash('#/compare?scenario=x&preset=guards'))).toBe(false);
    expect(isViewSwitch(inspect, parseViewHash('#/inspect?scenario=y'))).toBe(false);
    expect(isViewSwitch(parseViewHash('#/eval'), inspect)).toBe(false);
  });
});

describe('kept runs in a link', () => {
  it('compare names one run per lane, in order; the inspector names one', () => {
    const hash = viewHash('compare', 'x', ['react', 'reflact'], { runs: ['a', 'b'] });
    expect(parseViewHash(hash)).toMatchObject({ lanes: ['react', 'reflact'], runs: ['a', 'b'] });
    expect(parseViewHash(viewHash('inspect', 'x', [], { run: 'a' }))).toMatchObject({
      run: 'a',
      runs: ['a'],
    });
  });
});
