import { describe, expect, it } from 'vitest';
import { MACHINE, runScenario, scenarioConfig } from '../engine';
import { builtinScenarios } from '../scenarios';
import { attemptRange } from './attempts';
import { buildPhaseGraph, pathInScope } from './phase-graph';

async function triage() {
  const scenario = builtinScenarios().find((s) => s.id === 'triage-priority-retry');
  if (!scenario) throw new Error('scenario missing');
  return runScenario(scenario, scenarioConfig(scenario, { attempts: 3 }));
}

describe('the phase graph scoped to one attempt', () => {
  it("keeps only the path of the attempt's steps", async () => {
    const trace = await triage();
    const second = attemptRange(trace.steps, 2)!;
    const path = pathInScope(trace.path, second);
    expect(path.every((entry) => entry.step !== null && entry.step >= second.first)).toBe(true);
    expect(path.map((entry) => entry.transition)).not.toContain('retry-from-answered');
    const first = pathInScope(trace.path, attemptRange(trace.steps, 1)!);
    expect(first.map((entry) => entry.transition)).toContain('retry-from-answered');
  });

  it('aggregate: attempt 2 never reflected between attempts; attempt 1 did', async () => {
    const trace = await triage();
    const run = { path: trace.path, steps: trace.steps, phase: null, live: false };
    const build = (attempt: number) =>
      buildPhaseGraph(
        MACHINE,
        { ...run, scope: attemptRange(trace.steps, attempt) },
        { mode: 'aggregate', cap: 300 },
      );
    const reflecting = (attempt: number) =>
      build(attempt).nodes.find((node) => node.id === 'attempt-reflecting');
    expect(reflecting(1)?.steps).toEqual([attemptRange(trace.steps, 1)!.last]);
    expect(reflecting(2)?.steps ?? []).toEqual([]);
  });

  it("unrolled: one node per step of the attempt, named by the run's step indexes", async () => {
    const trace = await triage();
    const second = attemptRange(trace.steps, 2)!;
    const graph = buildPhaseGraph(
      MACHINE,
      { path: trace.path, steps: trace.steps, phase: null, live: false, scope: second },
      { mode: 'unrolled', cap: 300 },
    );
    const stepNodes = graph.nodes.filter((node) => node.id.startsWith('step-'));
    const expected = [];
    for (let i = second.first; i <= second.last; i++) expected.push(`step-${i}`);
    expect(stepNodes.map((node) => node.id)).toEqual(expected);
    expect(graph.edges.map((edge) => edge.steps[0])).toEqual(
      expected.slice(1).map((id) => Number(id.slice(5))),
    );
  });
});
