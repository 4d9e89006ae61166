import { describe, expect, it } from 'vitest';
import {
  TRANSITIONS,
  runScenario,
  scenarioConfig,
  type PathEntry,
  type TransitionSpec,
  type Trace,
} from '../engine';
import { findBuiltin } from '../scenarios';
import { buildTimeline } from './timeline';
import { guardTrips, timelineMarks } from './timeline-marks';

async function stallingRun(): Promise<Trace> {
  const scenario = findBuiltin('rca-search-stall');
  if (!scenario) throw new Error('no scenario rca-search-stall');
  return runScenario(scenario, scenarioConfig(scenario, {}));
}

/** A guard no projection names: it sends a repeated call back to gathering. */
const MADE_UP: TransitionSpec = {
  id: 'repeat-returned',
  from: 'acting',
  to: 'gathering',
  when: 'a repeated call is sent back',
  kind: 'guard',
  guard: 'duplicate_tool_call',
  trigger: null,
};
const WITH_MADE_UP: readonly TransitionSpec[] = [...TRANSITIONS, MADE_UP];

/** The run's path with the observation of step 2 taken by the made-up guard instead. */
const throughMadeUp = (path: readonly PathEntry[]): PathEntry[] =>
  path.map((entry) =>
    entry.transition === 'observe' && entry.step === 2
      ? { ...entry, transition: MADE_UP.id }
      : entry,
  );

describe('guard marks come from the machine', () => {
  it('a guard transition added to the machine marks its step with the guard it names', async () => {
    const trace = await stallingRun();
    const path = throughMadeUp(trace.path);
    expect(guardTrips(trace.steps, path, WITH_MADE_UP)).toEqual(
      new Map([[2, 'duplicate_tool_call']]),
    );
    const timeline = buildTimeline(trace.steps, path, null, WITH_MADE_UP);
    expect(timeline.guardTrips).toEqual([2]);
    expect(timeline.cells[2]).toMatchObject({ guard: 'duplicate_tool_call' });
    expect(timeline.cells[2]?.title).toContain('Guard tripped: duplicate guard');
  });

  it('a transition the machine lacks marks nothing', async () => {
    const trace = await stallingRun();
    const path = throughMadeUp(trace.path);
    expect(guardTrips(trace.steps, path).size).toBe(0);
    expect(timelineMarks(trace.steps, path).guardTrips).toEqual([]);
  });

  it('remembers the marks per machine, steps and path', async () => {
    const trace = await stallingRun();
    const path = throughMadeUp(trace.path);
    const withMadeUp = timelineMarks(trace.steps, path, WITH_MADE_UP);
    expect(timelineMarks(trace.steps, path, WITH_MADE_UP)).toBe(withMadeUp);
    expect(timelineMarks(trace.steps, path)).not.toBe(withMadeUp);
    expect(timelineMarks(trace.steps, path).guardTrips).toEqual([]);
  });
});
