import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type ConfigOverrides } from '../engine';
import { builtinScenarios } from '../scenarios';
import { alignRuns } from './align';
import type { CaptionLane } from './captions';
import { laneMetrics } from './compare-summary';
import { buildPresentation, laneOutcome, verdictSentence } from './presentation';

const scenarios = builtinScenarios();

async function present(
  id: string,
  lanes: readonly [[string, ConfigOverrides], [string, ConfigOverrides]],
) {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  const [a, b] = await Promise.all(
    lanes.map(async ([label, overrides]): Promise<CaptionLane> => ({
      label,
      trace: await runScenario(scenario, scenarioConfig(scenario, overrides)),
    })),
  );
  const pair: [CaptionLane, CaptionLane] = [a!, b!];
  return buildPresentation(scenario, pair, alignRuns(pair.map((lane) => lane.trace.steps)));
}

const reactVsReflact = () =>
  present('returns-laptop', [
    ['ReAct', { mode: 'react', seed: 2 }],
    ['ReflAct', { mode: 'reflact', seed: 2 }],
  ]);

describe('a presentation', () => {
  it('holds the task, a row per aligned row and a strip per lane with its gaps', async () => {
    const presentation = await reactVsReflact();
    expect(presentation.task).toMatch(/^I bought a laptop 20 days ago/);
    expect(presentation.labels).toEqual(['ReAct', 'ReflAct']);
    expect(presentation.rows.map((row) => row.cells.map((cell) => cell.step))).toEqual([
      [0, 0],
      [null, 1],
      [1, 2],
    ]);
    expect(presentation.strips).toEqual([
      ['action', null, 'answer'],
      ['action', 'action', 'answer'],
    ]);
    expect(presentation.rows.map((row) => row.partsWays)).toEqual([false, true, false]);
    expect(presentation.rows[1]?.moment).toBe(
      'ReflAct takes stock of its state and the runs part ways',
    );
  });

  it('says what a lane with a gap does next, or that it has stopped', async () => {
    const presentation = await reactVsReflact();
    expect(presentation.rows[1]?.cells[0]?.gap).toBe('No step here: next, ReAct answers.');
    const stall = await present('rca-search-stall', [
      ['No reflection', { reflection: { gating: 'off' } }],
      ['Adaptive', { reflection: { gating: 'adaptive' } }],
    ]);
    expect(stall.rows[3]?.cells[0]?.gap).toBe('This run has ended: the stall guard stopped it.');
  });

  it('keeps a running tally that ends at the run’s metrics', async () => {
    const presentation = await reactVsReflact();
    const tallies = presentation.rows.map((row) => row.cells.map((cell) => cell.tally.llmCalls));
    expect(tallies).toEqual([
      [1, 1],
      [1, 2],
      [2, 3],
    ]);
    const last = presentation.rows.at(-1)?.cells;
    expect(last?.map((cell) => cell.tally.toolCalls)).toEqual([1, 2]);
    expect(last?.map((cell) => cell.tally.tokens)).toEqual([757, 1890]);
  });
});

describe('the closing slide', () => {
  it('ReAct vs ReflAct: a wrong and a right answer, and what the right one cost', async () => {
    const { closing } = await reactVsReflact();
    expect(closing.lanes.map((lane) => [lane.label, lane.kind, lane.words, lane.good])).toEqual([
      ['ReAct', 'wrong', 'Wrong answer', false],
      ['ReflAct', 'correct', 'Correct answer', true],
    ]);
    expect(
      closing.metrics.map((metric) => [
        metric.label,
        ...metric.values,
        metric.amount,
        metric.verdict,
      ]),
    ).toEqual([
      ['LLM calls', '2', '3', '+1', 'cost'],
      ['Reflection phases', '0', '0', '0', 'same'],
      ['Tool calls', '1', '2', '+1', 'cost'],
      ['Tokens', '757', '1,890', '+1,133', 'cost'],
      ['Model time', '2.7 s', '8.4 s', '+5.7 s', 'cost'],
    ]);
    // The winner's extra search is the price of its right answer, not a loss.
    expect(closing.cost).toEqual({
      words: '+1 call, +1,133 tokens to answer correctly',
      purpose: 'to answer correctly',
    });
    // ReflAct reflects on its state inside its action calls: the slide says what it counts.
    expect(closing.note).toBe(
      'ReflAct’s state reflection is part of each action call, not a reflection phase.',
    );
    expect(closing.verdict).toBe('ReflAct answered correctly where ReAct did not.');
  });

  it('adaptive vs fixed: the same answer for fewer calls and tokens', async () => {
    const { closing } = await present('rca-checkout-latency', [
      ['Fixed cadence', { mode: 'react', reflection: { gating: 'fixed' }, seed: 1 }],
      ['Adaptive', { mode: 'react', reflection: { gating: 'adaptive' }, seed: 1 }],
    ]);
    expect(closing.verdict).toBe(
      'Both answered correctly; Adaptive needed 1 fewer LLM call and 910 fewer tokens (33% less).',
    );
    const reflections = closing.metrics.find((metric) => metric.key === 'reflections');
    expect(reflections).toMatchObject({ amount: '−1', change: '1 fewer', verdict: 'differs' });
    expect(closing.metrics.find((metric) => metric.key === 'tokens')?.verdict).toBe('better');
    expect(closing.cost).toBeNull();
  });

  it('off vs adaptive: a stalled run against a right answer', async () => {
    const { closing } = await present('rca-search-stall', [
      ['No reflection', { mode: 'react', reflection: { gating: 'off' }, seed: 1 }],
      ['Adaptive', { mode: 'react', reflection: { gating: 'adaptive' }, seed: 1 }],
    ]);
    expect(closing.lanes.map((lane) => lane.words)).toEqual([
      'Stalled: no answer',
      'Correct answer',
    ]);
    expect(closing.verdict).toBe('Adaptive answered correctly where No reflection stalled.');
  });

  it('says when the second lane did worse', async () => {
    const { closing } = await present('rca-search-stall', [
      ['Adaptive', { reflection: { gating: 'adaptive' } }],
      ['No reflection', { reflection: { gating: 'off' } }],
    ]);
    expect(closing.verdict).toBe('No reflection stalled where Adaptive answered correctly.');
    // Fewer calls to stall is no gain; the cost is still the better outcome's.
    expect(closing.metrics.find((metric) => metric.key === 'llmCalls')?.verdict).toBe('differs');
    expect(closing.cost?.words).toBe('+2 calls, +1,727 tokens to answer correctly');
  });

  it('counts an expected escalation as the right outcome', async () => {
    const { closing } = await present('shopops-fabricated-agreement', [
      ['Guards on', {}],
      ['Guards off', { fabricationGuard: false }],
    ]);
    expect(closing.lanes.map((lane) => [lane.words, lane.good])).toEqual([
      ['Handed to a person, as it should', true],
      ['Wrong answer', false],
    ]);
    expect(closing.verdict).toBe(
      'Guards off answered wrongly where Guards on handed the case to a person, as it should.',
    );
  });

  it('names every way a run can end', async () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'rca-search-stall')!;
    const trace = await runScenario(
      scenario,
      scenarioConfig(scenario, { maxSteps: 1, reflection: { gating: 'off' } }),
    );
    const metrics = laneMetrics(scenario, trace);
    expect(laneOutcome(scenario, 'A', metrics).words).toBe('Out of steps: no answer');
    expect(laneOutcome(scenario, 'A', { ...metrics, stopReason: 'escalate' }).words).toBe(
      'Escalated: handed to a person',
    );
    expect(laneOutcome(scenario, 'A', { ...metrics, stopReason: 'error' }).kind).toBe('failed');
    expect(
      laneOutcome(scenario, 'A', { ...metrics, stopReason: 'answer', correct: null }).words,
    ).toBe('Answered');
    const same = laneOutcome(scenario, 'B', metrics);
    expect(verdictSentence([laneOutcome(scenario, 'A', metrics), same], [metrics, metrics])).toBe(
      'Both ran out of steps; B needed the same number of calls and tokens.',
    );
  });
});
