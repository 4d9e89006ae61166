import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MACHINE, runScenario, scenarioConfig, transition, type Trace } from '../engine';
import { findBuiltin } from '../scenarios';
import type { PhaseGraphRun } from './phase-graph';
import { summariseReasons, transitionReason } from './phase-graph-reasons';
import { tally, unionAscending } from './phase-graph-tally';

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

/** The tally counted the plain way: every transition's reasons listed, each phase's steps sorted. */
function plainTally(t: Trace) {
  const byId = new Map(MACHINE.transitions.map((spec) => [spec.id, spec]));
  const edges = new Map<string, { taken: number; steps: number[]; reasons: string[] }>();
  const phaseSteps = new Map<string, Set<number>>();
  const note = (phase: string, step: number) =>
    phaseSteps.set(phase, (phaseSteps.get(phase) ?? new Set()).add(step));
  for (const entry of t.path) {
    const spec = byId.get(entry.transition);
    if (!spec) continue;
    const edge = edges.get(spec.id) ?? { taken: 0, steps: [], reasons: [] };
    edges.set(spec.id, edge);
    edge.taken += 1;
    if (entry.step !== null) {
      if (edge.steps.at(-1) !== entry.step) edge.steps.push(entry.step);
      note(spec.from, entry.step);
      note(spec.to, entry.step);
    }
    const reason = transitionReason(entry, spec, t.steps, t.escalation);
    if (reason) edge.reasons.push(reason);
  }
  for (const step of t.steps) note(step.phase, step.index);
  return {
    edges: [...edges].map(([id, { taken, steps, reasons }]) => ({
      id,
      taken,
      steps,
      summary: summariseReasons(reasons),
    })),
    phaseSteps: [...phaseSteps].map(([phase, steps]) => ({
      phase,
      steps: [...steps].sort((x, y) => x - y),
    })),
  };
}

describe('tally, counted in one pass', () => {
  it('equals the plain count of every built-in run: edges, steps, reasons, phases', async () => {
    for (const id of ['rca-search-stall', 'shopops-hostile-loop', 'returns-laptop']) {
      const t = await trace(id);
      const counted = tally(MACHINE, run(t, null));
      const plain = plainTally(t);
      expect(
        [...counted.edges].map(([edgeId, { taken, steps, summary }]) => ({
          id: edgeId,
          taken,
          steps,
          summary,
        })),
      ).toEqual(plain.edges);
      const phases = [...counted.phaseSteps].map(([phase, steps]) => ({ phase, steps }));
      const byPhase = (a: { phase: string }, b: { phase: string }) =>
        a.phase.localeCompare(b.phase);
      expect(phases.sort(byPhase)).toEqual(plain.phaseSteps.sort(byPhase));
    }
  });
});

describe('unionAscending', () => {
  const sortedOnce = (numbers: readonly number[]) => [...new Set(numbers)].sort((x, y) => x - y);

  it('merges two lists in order into one, each number once', () => {
    expect(unionAscending([0, 2, 2, 5], [1, 2, 6])).toEqual([0, 1, 2, 5, 6]);
    expect(unionAscending([], [3, 4])).toEqual([3, 4]);
    expect(unionAscending([4, 1], [])).toEqual([1, 4]);
  });

  it('gives the sorted union of any two lists, in order or not', () => {
    const list = fc.array(fc.nat(40), { maxLength: 30 });
    fc.assert(
      fc.property(list, list, fc.boolean(), (a, b, sort) => {
        const [x, y] = sort ? [sortedOnce(a), [...b].sort((p, q) => p - q)] : [a, b];
        expect(unionAscending([...x], [...y])).toEqual(sortedOnce([...a, ...b]));
      }),
    );
  });
});
