import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { checkScenarioSource, problemText, type ScenarioCheck } from './scenario-check';

const shop = builtinScenarios().find((scenario) => scenario.id === 'shopops-happy')!;
const BUILTINS = new Set(builtinScenarios().map((scenario) => scenario.id));
/** A user's copy of a built-in, as the editor shows it. */
const mine = JSON.stringify({ ...shop, id: 'my-shop', title: 'Mine' }, null, 2);

const problems = (check: ScenarioCheck) => ('problems' in check ? check.problems : []);
const lineOf = (text: string, fragment: string) =>
  text.split('\n').findIndex((line) => line.includes(fragment)) + 1;

describe("checking a user's scenario as it is typed", () => {
  it('a valid scenario is the scenario', () => {
    const check = checkScenarioSource(mine, BUILTINS);
    expect('scenario' in check && check.scenario.id).toBe('my-shop');
  });

  it('a syntax error sits at its line, in words', () => {
    const broken = mine.replace('"title": "Mine",', '"title": "Mine"');
    const [problem] = problems(checkScenarioSource(broken, BUILTINS));
    expect(problem).toMatchObject({ line: lineOf(broken, '"task"'), path: '$' });
    expect(problem!.message).toMatch(/^invalid JSON: /);
    expect(problem!.message).not.toMatch(/line \d+/);
  });

  it('a wrong field sits at the line of its key', () => {
    const wrong = mine.replace('"name": "list_order_notes"', '"name": 5');
    const [problem] = problems(checkScenarioSource(wrong, BUILTINS));
    expect(problem).toEqual({
      line: lineOf(wrong, '"name": 5'),
      column: 7,
      path: '$.tools[1].name',
      message: 'expected a non-empty string, got 5',
    });
    expect(problemText(problem!)).toBe(
      `line ${problem!.line}: $.tools[1].name: expected a non-empty string, got 5`,
    );
  });

  it('a missing field sits at the object that lacks it', () => {
    const value = JSON.parse(mine) as Record<string, unknown>;
    delete value.task;
    const text = JSON.stringify(value, null, 2);
    const [problem] = problems(checkScenarioSource(text, BUILTINS));
    expect(problem).toMatchObject({ line: 1, column: 1, path: '$.task' });
    expect(problem!.message).toContain('missing');
  });

  it("refuses a built-in's id at the line of the id", () => {
    const text = JSON.stringify(shop, null, 2);
    const [problem] = problems(checkScenarioSource(text, BUILTINS));
    expect(problem).toEqual({
      line: lineOf(text, '"id"'),
      column: 3,
      path: '$.id',
      message: '"shopops-happy" is the id of a built-in scenario; give your scenario another id',
    });
  });

  it("refuses the id of the user's other scenario (saving would replace it)", () => {
    const [problem] = problems(
      checkScenarioSource(mine, BUILTINS, { takenIds: new Set(['my-shop']) }),
    );
    expect(problem?.message).toContain('another of your scenarios');
  });

  it('a forbidden key sits where the engine found it', () => {
    const text = mine.replace('"title": "Mine",', '"title": "Mine",\n  "__proto__": {},');
    const [problem] = problems(checkScenarioSource(text, BUILTINS));
    expect(problem).toMatchObject({ line: lineOf(text, '__proto__'), path: '$.__proto__' });
  });
});
