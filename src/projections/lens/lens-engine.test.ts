import { describe, expect, it } from 'vitest';
import {
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type Scenario,
  type Step,
  type Trace,
} from '../../engine';
import { findBuiltin } from '../../scenarios';
import { buildLens } from './index';

function scenario(id: string): Scenario {
  const found = findBuiltin(id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
}

const run = (id: string, overrides: ConfigOverrides) =>
  runScenario(scenario(id), scenarioConfig(scenario(id), overrides));

/** The lens of a recorded run under other settings (and the scenario's evidence rules). */
const lensUnder = (id: string, trace: Trace, overrides: ConfigOverrides) =>
  buildLens(trace, {
    config: scenarioConfig(scenario(id), overrides),
    evidenceRules: scenario(id).evidenceRules,
  });

/** The step a live run's guard stopped at: the step of its guard transition. */
function liveStop(trace: Trace, transition: string): number | null {
  return trace.path.find((entry) => entry.transition === transition)?.step ?? null;
}

/** Which tool call of the run (counting from 0) a step is: runs with reflections line up by it. */
const callNumber = (steps: readonly Step[], index: number) =>
  steps.filter((step) => step.index < index && step.decision.action !== null).length;

describe('the lens agrees with the live engine', () => {
  it('duplicates: a run with the guard off, seen with escalate, stops where a live escalate run escalated', async () => {
    const quiet: ConfigOverrides = { stallExit: 99, reflection: { gating: 'off' } };
    const recorded = await run('shopops-hostile-loop', { ...quiet, duplicates: 'off' });
    const live = await run('shopops-hostile-loop', { ...quiet, duplicates: 'escalate' });
    const lens = lensUnder('shopops-hostile-loop', recorded, { ...quiet, duplicates: 'escalate' });
    expect(live.stopReason).toBe('escalate');
    expect(lens.summary.stop?.guard).toBe('duplicate_tool_call');
    expect(lens.summary.stop?.mark.step).toBe(liveStop(live, 'duplicate-escalate'));
    // What the live run did not spend is what the lens says the recorded run spent after it.
    expect(lens.summary.total.modelCalls - (lens.summary.stop?.after.modelCalls ?? 0)).toBe(
      live.metrics.llmCalls,
    );
  });

  it('stall exit: a run with a high stall exit, seen with 3, stops where a live run stalled', async () => {
    const recorded = await run('rca-search-stall', {
      stallExit: 99,
      reflection: { gating: 'off' },
    });
    const under: ConfigOverrides = { stallExit: 3, reflection: { gating: 'off' } };
    const live = await run('rca-search-stall', under);
    const lens = lensUnder('rca-search-stall', recorded, under);
    expect(live.stopReason).toBe('stalled');
    expect(lens.summary.stop?.guard).toBe('stall_exit');
    expect(lens.summary.stop?.mark.step).toBe(liveStop(live, 'stall-exit'));
  });

  it('block with adaptive gating: reflects and stalls at the same calls as a live run', async () => {
    const recorded = await run('shopops-hostile-loop', {
      duplicates: 'off',
      stallExit: 99,
      reflection: { gating: 'off' },
    });
    const under: ConfigOverrides = { duplicates: 'block' };
    const live = await run('shopops-hostile-loop', under);
    const lens = lensUnder('shopops-hostile-loop', recorded, under);
    expect(live.stopReason).toBe('stalled');
    const liveReflections = live.steps
      .filter((step) => step.kind === 'reflection')
      .map((step) => [callNumber(live.steps, step.index), step.trigger]);
    const lensReflections = lens.marks
      .filter((mark) => mark.kind === 'reflect')
      .map((mark) => [callNumber(recorded.steps, mark.step), mark.trigger]);
    expect(lensReflections).toEqual(liveReflections);
    const stop = lens.summary.stop?.mark;
    expect(stop?.kind).toBe('stall');
    expect(callNumber(recorded.steps, stop?.step ?? -1)).toBe(
      callNumber(live.steps, liveStop(live, 'stall-exit') ?? -1),
    );
  });

  it('fabrication: an answer accepted with the guard off is one the guard would have rejected', async () => {
    const recorded = await run('shopops-fabricated-agreement', { fabricationGuard: false });
    const live = await run('shopops-fabricated-agreement', {});
    const lens = lensUnder('shopops-fabricated-agreement', recorded, {});
    expect(recorded.stopReason).toBe('answer');
    expect(lens.summary.stop?.guard).toBe('fabrication');
    expect(lens.summary.stop?.mark.step).toBe(liveStop(live, 'fabrication'));
  });

  it('a run whose guards really tripped gets no would-have mark for those trips', async () => {
    const live = await run('shopops-hostile-loop', { duplicates: 'block' });
    const lens = lensUnder('shopops-hostile-loop', live, { duplicates: 'block' });
    expect(live.steps.some((step) => step.decision.policy.reason === 'duplicate_tool_call')).toBe(
      true,
    );
    expect(lens.marks.filter((mark) => mark.kind !== 'empty')).toEqual([]);
    expect(lens.summary.stop).toBeNull();
    const escalated = await run('shopops-hostile-loop', {});
    expect(escalated.stopReason).toBe('escalate');
    expect(lensUnder('shopops-hostile-loop', escalated, {}).marks).toEqual([]);
  });

  it('a run under its own settings gets no stop: the live guards already decided it', async () => {
    for (const id of ['rca-search-stall', 'shopops-happy', 'shopops-fabricated-agreement']) {
      const trace = await run(id, {});
      expect(lensUnder(id, trace, {}).summary.stop).toBeNull();
    }
  });
});
