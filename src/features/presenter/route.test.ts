import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../../components/view-route';
import { builtinScenarios } from '../../scenarios';
import { demoById } from '../../state/demos';
import { choiceHash, compareHash, exitHash, presenterChoice } from './route';

const scenarios = builtinScenarios();
const choiceOf = (hash: string) => presenterChoice(parseViewHash(hash), scenarios);

describe('what the presenter plays', () => {
  it('plays the demo the hash names', () => {
    const choice = choiceOf('#/present?demo=off-vs-adaptive&from=inspect');
    expect(choice.source).toEqual({ demo: demoById('off-vs-adaptive') });
    expect(choice.selected).toBe('off-vs-adaptive');
    expect(choice.theseLanes).toBeNull();
  });

  it('plays two lanes from compare, and keeps them on offer beside a demo', () => {
    const lanes = choiceOf('#/present?scenario=rca-search-stall&lane=react&lane=reflact%402');
    expect(lanes.selected).toBe('these-lanes');
    expect(lanes.source).toEqual({
      scenarioId: 'rca-search-stall',
      lanes: [
        { label: 'ReAct', overrides: { mode: 'react' } },
        { label: 'ReflAct · seed 2', overrides: { mode: 'reflact', seed: 2 } },
      ],
    });
    const demo = choiceOf(
      '#/present?demo=react-vs-reflact&scenario=rca-search-stall&lane=react&lane=reflact',
    );
    expect(demo.selected).toBe('react-vs-reflact');
    expect(demo.theseLanes?.scenarioId).toBe('rca-search-stall');
  });

  it('shows the picker when the hash names nothing it can play', () => {
    expect(choiceOf('#/present').source).toBeNull();
    expect(choiceOf('#/present?demo=nope').source).toBeNull();
    expect(choiceOf('#/present?scenario=nope&lane=react&lane=reflact').source).toBeNull();
    expect(choiceOf('#/present?scenario=rca-search-stall&lane=react&lane=bogus').source).toBeNull();
  });

  it('gives each source its own key', () => {
    const keys = [
      '#/present?demo=react-vs-reflact',
      '#/present?demo=off-vs-adaptive',
      '#/present?scenario=rca-search-stall&lane=react&lane=reflact',
      '#/present?scenario=rca-search-stall&lane=react&lane=reflact%402',
    ].map((hash) => choiceOf(hash).key);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('where the presenter goes', () => {
  const fromCompare = parseViewHash(
    '#/present?scenario=rca-search-stall&lane=react&lane=reflact&from=compare',
  );

  it('switches demos and keeps the lanes and the way back', () => {
    expect(choiceHash(fromCompare, 'adaptive-vs-fixed')).toBe(
      '#/present?demo=adaptive-vs-fixed&scenario=rca-search-stall&lane=react&lane=reflact&from=compare',
    );
    expect(choiceHash(fromCompare, 'these-lanes')).toBe(
      '#/present?scenario=rca-search-stall&lane=react&lane=reflact&from=compare',
    );
  });

  it('exits to where it was opened from', () => {
    expect(exitHash(fromCompare)).toBe(
      '#/compare?scenario=rca-search-stall&lane=react&lane=reflact',
    );
    expect(exitHash(parseViewHash('#/present?from=eval'))).toBe('#/eval');
    expect(exitHash(parseViewHash('#/present?scenario=shopops-happy&from=inspect'))).toBe(
      '#/inspect?scenario=shopops-happy',
    );
    expect(exitHash(parseViewHash('#/present'))).toBe('#/inspect');
  });

  it('says why a link’s lanes cannot be played, and shows the picker', () => {
    const odd = choiceOf('#/present?scenario=returns-laptop&lane=react&lane=warp');
    expect(odd.source).toBeNull();
    expect(odd.problem).toMatch(/^Lane 2 of the link \("warp"\) is not a lane/);
    const unknown = choiceOf('#/present?scenario=nope&lane=react&lane=reflact');
    expect(unknown.problem).toBe(
      'The link\'s scenario "nope" is not one this page knows (a built-in, or one of yours kept in the library).',
    );
    expect(choiceOf('#/present').problem).toBeNull();
  });

  it('opens a demo’s lanes in compare by their tokens', () => {
    const demo = demoById('react-vs-reflact');
    expect(compareHash(demo.scenarioId, demo.lanes)).toBe(
      '#/compare?scenario=returns-laptop&lane=react%402&lane=reflact%402',
    );
    // Settings a short token cannot say ride as JSON.
    const hash = compareHash('shopops-happy', [
      { label: 'A', overrides: { fabricationGuard: false } },
      { label: 'B', overrides: { mode: 'act' } },
    ]);
    expect(parseViewHash(hash).lanes).toEqual(['{"fabricationGuard":false}', 'act']);
  });
});
