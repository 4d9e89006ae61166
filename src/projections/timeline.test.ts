import { describe, expect, it } from 'vitest';
import {
  gradeRun,
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type Step,
  type Trace,
} from '../engine';
import { findBuiltin } from '../scenarios';
import {
  buildTimeline,
  describeStep,
  guardTrips,
  nextMark,
  pathSteps,
  selectedSteps,
  stepPosition,
} from './timeline';

async function run(id: string, overrides: ConfigOverrides = {}): Promise<Trace> {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return runScenario(scenario, scenarioConfig(scenario, overrides));
}

const kinds = (trace: Trace) =>
  buildTimeline(trace.steps, trace.path, null).cells.map((cell) => cell.kind);

describe('a stalling run that reflects (rca-search-stall, adaptive gating)', () => {
  it('shows an empty action, the stall reflection, two actions and the answer', async () => {
    const trace = await run('rca-search-stall');
    expect(kinds(trace)).toEqual(['empty', 'reflection', 'action', 'action', 'answer']);
  });

  it('says which trigger opened the reflection, in the cell and in the step text', async () => {
    const trace = await run('rca-search-stall');
    const { cells, reflections } = buildTimeline(trace.steps, trace.path, null);
    expect(cells[1]).toMatchObject({ label: 'stall', description: 'reflection (stall)' });
    expect(reflections).toEqual([1]);
    expect(stepPosition(trace.steps[1] as Step, trace.steps.length)).toBe(
      'Step 1 · 2 of 5 · reflection (stall)',
    );
  });

  it('labels actions with their tool and puts the call in the tooltip', async () => {
    const trace = await run('rca-search-stall');
    const first = buildTimeline(trace.steps, trace.path, null).cells[0];
    expect(first?.label).toBe('search_logs');
    expect(first?.title).toContain('search_logs {"service":"search-api"');
    expect(first?.title).toContain('Observation: empty');
    expect(stepPosition(trace.steps[0] as Step, 5)).toBe(
      'Step 0 · 1 of 5 · empty action · search_logs',
    );
  });

  it('has no guard trips', async () => {
    const trace = await run('rca-search-stall');
    expect(buildTimeline(trace.steps, trace.path, null).guardTrips).toEqual([]);
  });
});

describe('a stalling run without reflection (gating off)', () => {
  it('marks the stall exit as a guard trip on the last empty action', async () => {
    const trace = await run('rca-search-stall', { reflection: { gating: 'off' } });
    const timeline = buildTimeline(trace.steps, trace.path, null);
    expect(timeline.cells.map((cell) => cell.kind)).toEqual(['empty', 'empty', 'empty']);
    expect(timeline.guardTrips).toEqual([2]);
    expect(timeline.cells[2]?.guard).toBe('stall_exit');
    expect(timeline.cells[2]?.title).toContain('Guard tripped: stall guard');
  });

  it('gives a budget stop (no step of its own) to the last step before it', async () => {
    const trace = await run('rca-search-stall', { reflection: { gating: 'off' }, maxSteps: 2 });
    expect(trace.path.at(-1)).toEqual({ transition: 'budget-exhausted', step: null });
    expect(pathSteps(trace.path).at(-1)).toBe(1);
    expect(guardTrips(trace.steps, trace.path).get(1)).toBe('max_steps');
  });
});

describe('a hostile run (shopops-hostile-loop)', () => {
  it('ends in an escalation that names the duplicate-call guard', async () => {
    const trace = await run('shopops-hostile-loop');
    const timeline = buildTimeline(trace.steps, trace.path, null);
    expect(timeline.cells.map((cell) => cell.kind)).toEqual(['action', 'escalation']);
    expect(timeline.cells[1]).toMatchObject({
      guard: 'duplicate_tool_call',
      description: 'escalation (duplicate guard)',
      label: 'duplicate guard',
    });
    expect(timeline.guardTrips).toEqual([1]);
  });

  it('with duplicates blocked, marks each blocked repeat as an empty action and a guard trip', async () => {
    const trace = await run('shopops-hostile-loop', { duplicates: 'block' });
    const timeline = buildTimeline(trace.steps, trace.path, null);
    expect(timeline.cells[1]).toMatchObject({
      kind: 'empty',
      guard: 'duplicate_tool_call',
      description: 'empty action (repeat)',
    });
    expect(timeline.cells[1]?.title).toContain('Observation: repeat of step 0');
    expect(timeline.guardTrips).toContain(1);
    expect(timeline.reflections.length).toBeGreaterThan(0);
  });

  it('a fabricated answer is an escalation by the fabrication guard', async () => {
    const trace = await run('shopops-fabricated-agreement');
    const last = buildTimeline(trace.steps, trace.path, null).cells.at(-1);
    expect(last).toMatchObject({ kind: 'escalation', guard: 'fabrication' });
  });
});

describe('a run over several attempts', () => {
  it('draws the reflection between attempts and a boundary where the next attempt starts', async () => {
    const trace = await run('triage-priority-retry', { attempts: 3 });
    const { cells, reflections } = buildTimeline(trace.steps, trace.path, null);
    expect(cells.map((cell) => cell.kind)).toEqual([
      'action',
      'answer',
      'attempt',
      'action',
      'action',
      'answer',
    ]);
    expect(cells.map((cell) => cell.attemptStart)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(cells[2]).toMatchObject({ reflection: true, description: 'reflection on attempt 1' });
    expect(reflections).toEqual([2]);
    expect(cells[3]?.title).toContain('Attempt 2');
  });
});

describe('the phase graph selection', () => {
  it('a transition selects the steps that took it', async () => {
    const trace = await run('rca-search-stall');
    const timeline = buildTimeline(trace.steps, trace.path, { kind: 'transition', id: 'observe' });
    expect(timeline.cells.filter((cell) => cell.selected).map((cell) => cell.index)).toEqual([
      0, 2, 3,
    ]);
    expect(timeline.selectedCount).toBe(3);
  });

  it('a phase selects the steps recorded in it and those that passed through it', async () => {
    const trace = await run('rca-search-stall');
    const inReflecting = selectedSteps(trace.steps, trace.path, {
      kind: 'phase',
      id: 'reflecting',
    });
    expect([...inReflecting]).toEqual([1]);
    const throughGathering = selectedSteps(trace.steps, trace.path, {
      kind: 'phase',
      id: 'gathering',
    });
    expect([...throughGathering].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('selects nothing without a selection or for a transition the run never took', async () => {
    const trace = await run('rca-search-stall');
    expect(buildTimeline(trace.steps, trace.path, null).selectedCount).toBe(0);
    const none = buildTimeline(trace.steps, trace.path, { kind: 'transition', id: 'fabrication' });
    expect(none.cells.some((cell) => cell.selected)).toBe(false);
  });
});

describe('kinds without a built-in scenario', () => {
  it('a reprompt and a tool error read as such', async () => {
    const trace = await run('rca-search-stall');
    const action = trace.steps[2] as Step;
    expect(describeStep({ ...action, kind: 'reprompt' })).toBe('reprompt');
    const failed = { ...action, observation: { ok: false, result: 'boom', empty: false } };
    expect(describeStep(failed)).toBe('empty action (tool error)');
  });
});

describe('nextMark', () => {
  const marks = [2, 5, 9];
  it('finds the next and the previous mark, or null past the ends', () => {
    expect(nextMark(marks, 0, 1)).toBe(2);
    expect(nextMark(marks, 2, 1)).toBe(5);
    expect(nextMark(marks, 9, 1)).toBeNull();
    expect(nextMark(marks, 9, -1)).toBe(5);
    expect(nextMark(marks, 2, -1)).toBeNull();
    expect(nextMark([], 3, -1)).toBeNull();
  });
});

describe('a long run', () => {
  it('builds one cell per step and finds every reflection in a 300-step run', async () => {
    const trace = await run('rca-search-stall');
    const many: Step[] = Array.from({ length: 300 }, (_, index) => ({
      ...(trace.steps[index % trace.steps.length] as Step),
      index,
    }));
    const timeline = buildTimeline(many, [], null);
    expect(timeline.cells).toHaveLength(300);
    expect(timeline.reflections).toHaveLength(60);
  });
});

describe('the answer cell carries the run’s verdict (gradeRun)', () => {
  const scenario = findBuiltin('returns-laptop');
  if (!scenario) throw new Error('no scenario returns-laptop');

  it('a wrong answer (ReAct, seed 2) is marked wrong, with what it leaves out', async () => {
    const trace = await run('returns-laptop', { mode: 'react', seed: 2 });
    const grade = gradeRun(scenario, trace);
    expect(grade?.correct).toBe(false);
    const cells = buildTimeline(trace.steps, trace.path, null, undefined, grade).cells;
    const answer = cells.at(-1);
    expect(answer).toMatchObject({
      kind: 'answer',
      wrong: true,
      label: 'wrong answer',
      verdict: 'wrong: never mentions “5-7 business days”',
    });
    expect(answer?.title).toContain('Answer: wrong: never mentions “5-7 business days”');
    // Only the final answer is graded.
    expect(cells.slice(0, -1).every((cell) => cell.verdict === null && !cell.wrong)).toBe(true);
  });

  it('a right answer (ReflAct, seed 2) says correct and is not marked wrong', async () => {
    const trace = await run('returns-laptop', { mode: 'reflact', seed: 2 });
    const grade = gradeRun(scenario, trace);
    const answer = buildTimeline(trace.steps, trace.path, null, undefined, grade).cells.at(-1);
    expect(answer).toMatchObject({ kind: 'answer', wrong: false, label: 'answer' });
    expect(answer?.verdict).toBe('correct');
  });

  it('without a grade (a running run, no expected) the answer cell says nothing of it', async () => {
    const trace = await run('returns-laptop', { mode: 'react', seed: 2 });
    const answer = buildTimeline(trace.steps, trace.path, null).cells.at(-1);
    expect(answer).toMatchObject({ kind: 'answer', wrong: false, verdict: null });
  });
});
