import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
import { findBuiltin } from '../../scenarios';
import { buildEvalJobs, DEFAULT_EVAL_CONFIGS, evalPresets, EVAL_PRESETS } from './jobs';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('the job list', () => {
  it('runs scenarios × configs × seeds in suite, config, then seed order', () => {
    const scenarios = [builtin('rca-search-stall'), builtin('shopops-happy')];
    const jobs = buildEvalJobs(scenarios, evalPresets(['react+off', 'reflact+adaptive']), {
      seeds: 2,
    });
    expect(jobs.map((job) => `${job.scenario.id} ${job.label} ${job.config.seed}`)).toEqual([
      'rca-search-stall react+off 1',
      'rca-search-stall react+off 2',
      'rca-search-stall reflact+adaptive 1',
      'rca-search-stall reflact+adaptive 2',
      'shopops-happy react+off 1',
      'shopops-happy react+off 2',
      'shopops-happy reflact+adaptive 1',
      'shopops-happy reflact+adaptive 2',
    ]);
    expect(jobs.map((job) => job.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(jobs[2]?.config).toMatchObject({ mode: 'reflact', reflection: { gating: 'adaptive' } });
    expect(jobs[2]?.overrides).toEqual({
      mode: 'reflact',
      reflection: { gating: 'adaptive' },
      seed: 1,
    });
  });

  it('counts seeds up from the shared seed and keeps the shared overrides under each config', () => {
    const jobs = buildEvalJobs([builtin('rca-search-stall')], DEFAULT_EVAL_CONFIGS, {
      seeds: 3,
      shared: { seed: 7, maxSteps: 4, reflection: { interval: 2 } },
    });
    expect(jobs).toHaveLength(12);
    expect(jobs.slice(0, 3).map((job) => job.config.seed)).toEqual([7, 8, 9]);
    for (const job of jobs) {
      expect(job.config.maxSteps).toBe(4);
      expect(job.config.reflection.interval).toBe(2);
    }
  });

  it('offers the CLI four defaults, three more presets and four of attempts', () => {
    expect(DEFAULT_EVAL_CONFIGS.map((config) => config.label)).toEqual([
      'react+off',
      'react+fixed',
      'react+adaptive',
      'reflact+adaptive',
    ]);
    expect(EVAL_PRESETS.map((config) => config.label)).toEqual([
      'act+off',
      'react+off',
      'react+fixed',
      'react+adaptive',
      'reflact+off',
      'reflact+fixed',
      'reflact+adaptive',
      'react×3',
      'react×3+cross_task',
      'react×3+judge',
      'react×3+no_check',
    ]);
    expect(evalPresets(['react×3+judge', 'react×3+no_check']).map((c) => c.overrides)).toEqual([
      expect.objectContaining({ attempts: 3, rewardSource: 'judge' }),
      expect.objectContaining({ attempts: 3, rewardSource: 'none' }),
    ]);
  });
});
