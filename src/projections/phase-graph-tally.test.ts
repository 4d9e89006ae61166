import { describe, expect, it } from 'vitest';
import { MACHINE, runScenario, scenarioConfig, transition, type Trace } from '../engine';
import { findBuiltin } from '../scenarios';
import type { PhaseGraphRun } from './phase-graph';
import { tally } from './phase-graph-tally';

async function trace(id: string): Promise<Trace> {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return runScenario(scenario, scenarioConfig(scenario, {}));
}

function run(t: Trace, cursor: number | null): PhaseGraphRun {
  return {
    path: t.path,
    steps: t.steps,
    phase: transition(t.path.at(-1)!.transition).to,
    live: false,
    cursor,
    escalation: t.escalation,
  };
}

describe('tally', () => {
  it('counts a run once: a cursor move reuses the counts', async () => {
    const t = await trace('rca-search-stall');
    const first = tally(MACHINE, run(t, 0));
    expect(tally(MACHINE, run(t, 3))).toBe(first);
    expect([...first.edges.values()].reduce((sum, edge) => sum + edge.taken, 0)).toBe(
      t.path.length,
    );
  });

  it('counts again for another run, and lists each phase’s steps in order', async () => {
    const a = await trace('rca-search-stall');
    const b = await trace('shopops-hostile-loop');
    const counted = tally(MACHINE, run(b, null));
    expect(counted).not.toBe(tally(MACHINE, run(a, null)));
    for (const steps of counted.phaseSteps.values()) {
      expect([...steps].sort((x, y) => x - y)).toEqual(steps);
    }
  });
});
