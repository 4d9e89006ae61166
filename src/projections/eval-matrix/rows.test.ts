import { describe, expect, it } from 'vitest';
import {
  gradeRun,
  resolveConfig,
  runScenario,
  type ConfigOverrides,
  type Scenario,
} from '../../engine';
import { findBuiltin } from '../../scenarios';
import { buildEvalJobs, evalPresets } from './jobs';
import { failedRunRow, rowOverrides, runOutcome } from './rows';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('rows from real runs', () => {
  const scenarios = [
    builtin('rca-search-stall'),
    builtin('rca-checkout-latency'),
    builtin('shopops-hostile-loop'),
  ];
  const configs = evalPresets(['react+off', 'react+adaptive']);

  it('names each run by what it came to: a hostile loop that escalates as expected is correct', async () => {
    const rows = await runMatrix(scenarios, configs, 2);
    expect(rows).toHaveLength(12);
    const hostile = rows.filter((row) => row.scenario === 'shopops-hostile-loop');
    expect(hostile.every((row) => row.stopReason === 'escalate' && row.correct === true)).toBe(
      true,
    );
    expect(hostile.map(runOutcome)).toEqual(['correct', 'correct', 'correct', 'correct']);
    const stalled = rows.find((row) => row.stopReason === 'stalled');
    expect(stalled && runOutcome(stalled)).toBe('stalled');
  });

  it('counts reflections by trigger: adaptive gating reflects on a stall', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+adaptive']));
    const [row] = rows;
    expect(row?.metrics.reflections).toBeGreaterThan(0);
    expect(row?.triggers).toEqual({ cadence: 0, stall: row?.metrics.reflections, duplicate: 0 });
  });

  it('grades returns-laptop as the inspector and the presenter do: ReAct seed 2 is wrong', async () => {
    // The run a newcomer saw marked "answer" in green (issue 14): the matrix must call it wrong.
    const scenario = builtin('returns-laptop');
    const rows = await runMatrix(
      [scenario],
      evalPresets(['react+adaptive', 'reflact+adaptive']),
      2,
    );
    const [react, reflact] = ['react', 'reflact'].map((mode) =>
      rows.find((row) => row.config.mode === mode && row.config.seed === 2),
    );
    expect(react && runOutcome(react)).toBe('wrong');
    expect(reflact && runOutcome(reflact)).toBe('correct');
    // The very verdict the inspector, compare and the library show for the same run.
    const grade = gradeRun(scenario, await runScenario(scenario, react!.config));
    expect(grade).toMatchObject({ correct: false, miss: 'missing' });
    expect(grade?.missing).toEqual(['5-7 business days']);
  });

  it('a run that threw is an error row with zero metrics', () => {
    const scenario = builtin('shopops-happy');
    const [job] = buildEvalJobs([scenario], evalPresets(['react+off']));
    const row = failedRunRow(job!);
    expect(row).toMatchObject({ stopReason: 'error', correct: false, label: 'react+off' });
    expect(runOutcome(row)).toBe('error');
    expect(row.metrics.llmCalls).toBe(0);
  });
});

describe('the overrides that reproduce a row', () => {
  const configOf = (overrides: ConfigOverrides) => ({ config: resolveConfig(overrides) });

  it('are mode, gating and seed for a preset column', () => {
    expect(
      rowOverrides(configOf({ mode: 'reflact', reflection: { gating: 'fixed' }, seed: 4 })),
    ).toEqual({ mode: 'reflact', reflection: { gating: 'fixed' }, seed: 4 });
  });

  it('keep every setting a saved column changed (its interval, its step budget)', () => {
    const saved: ConfigOverrides = {
      mode: 'react',
      reflection: { gating: 'fixed', interval: 2, maxReflections: 4 },
      maxSteps: 6,
      fabricationGuard: false,
      rewardThreshold: 0.5,
      protocol: 'tools',
      seed: 3,
    };
    const overrides = rowOverrides(configOf(saved));
    expect(overrides).toEqual(saved);
    expect(resolveConfig(overrides)).toEqual(resolveConfig(saved));
  });
});
