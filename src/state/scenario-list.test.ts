import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { withScenarios, withoutScenarios } from './scenario-list';

const [first, second] = builtinScenarios();
const list = { scenarios: [first!, second!], ownScenarioIds: [] as string[] };
const mine = { ...first!, id: 'mine', title: 'Mine' };

describe("a run view's list of scenarios", () => {
  it("lists an added scenario after the built-ins, as the user's own", () => {
    const added = withScenarios(list, [mine]);
    expect(added.scenarios.map((scenario) => scenario.id)).toEqual([first!.id, second!.id, 'mine']);
    expect(added.ownScenarioIds).toEqual(['mine']);
  });

  it('replaces a listed scenario of the same id where it stands', () => {
    const added = withScenarios(withScenarios(list, [mine]), [{ ...mine, title: 'Mine, edited' }]);
    expect(added.scenarios.map((scenario) => scenario.title)).toEqual([
      first!.title,
      second!.title,
      'Mine, edited',
    ]);
    expect(added.ownScenarioIds).toEqual(['mine']);
  });

  it("takes off only the user's own, never a built-in, and never the last one", () => {
    const removed = withoutScenarios(withScenarios(list, [mine]), ['mine', first!.id]);
    expect(removed.scenarios.map((scenario) => scenario.id)).toEqual([first!.id, second!.id]);
    expect(removed.ownScenarioIds).toEqual([]);
    const alone = { scenarios: [mine], ownScenarioIds: ['mine'] };
    expect(withoutScenarios(alone, ['mine'])).toEqual(alone);
  });
});
