import { describe, expect, it } from 'vitest';
import {
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type LoopEvent,
  type Trace,
} from '../engine';
import { builtinScenarios } from '../scenarios';
import {
  actionLine,
  buildDecisionRecord,
  createGuardTripReader,
  runConfig,
  summariseObservation,
} from './decision-record';

async function run(id: string, overrides: ConfigOverrides = {}) {
  const scenario = builtinScenarios().find((s) => s.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  const events: LoopEvent[] = [];
  const trace: Trace = await runScenario(scenario, scenarioConfig(scenario, overrides), {
    onEvent: (event) => events.push(event),
  });
  const trips = createGuardTripReader()(events);
  const record = (index: number) =>
    buildDecisionRecord({
      steps: trace.steps,
      index,
      trips,
      escalation: trace.escalation,
      config: trace.config,
    });
  return { trace, events, trips, record };
}

describe('the decision record of an action step', () => {
  it('shows the tool with its arguments, the observation and the thought apart', async () => {
    const { record } = await run('rca-search-stall');
    const view = record(2);
    expect(view?.kind).toBe('action');
    expect(view?.action).toEqual({
      tool: 'search_logs',
      args: [
        { key: 'service', value: 'search-gateway' },
        { key: 'window', value: 'today' },
      ],
    });
    expect(view?.observationTag).toBe('ok');
    expect(view?.scratchpad.map((part) => part.label)).toEqual(['Thought', 'Action']);
    expect(view?.scratchpad[1]?.text).toBe('tool:search_logs service=search-gateway window=today');
    expect(view?.policy).toMatchObject({ outcome: 'allowed', guard: null, detail: null });
    expect(view?.policy.passed[0]).toMatch(/Duplicate call guard/);
    expect(view?.confidence).toBe(0);
    expect(view?.call?.promptTokens).toBeGreaterThan(0);
  });

  it('calls an empty tool result empty', async () => {
    const { record } = await run('rca-search-stall');
    expect(record(0)?.observationTag).toBe('empty');
  });
});

describe('the decision record of a reflection', () => {
  it('shows the trigger and the reflection text, with no action or observation', async () => {
    const { record } = await run('rca-search-stall');
    const view = record(1);
    expect(view?.kind).toBe('reflection');
    expect(view?.trigger).toBe('stall');
    expect(view?.action).toBeNull();
    expect(view?.observation).toBeNull();
    expect(view?.scratchpad.map((part) => part.label)).toEqual(['Reflection']);
  });

  it('splits a ReflAct reflection into its three parts', async () => {
    const { record } = await run('rca-search-stall', { mode: 'reflact' });
    expect(record(2)?.scratchpad.map((part) => part.label)).toEqual([
      'Current state',
      'Last discovery',
      'Goal relation',
      'Action',
    ]);
  });
});

describe('the decision record of an answer', () => {
  it('links the evidence it cites with a summary of each observation', async () => {
    const { record } = await run('rca-search-stall');
    const view = record(4);
    expect(view?.evidence.map((link) => [link.step, link.tool])).toEqual([
      [2, 'search_logs'],
      [3, 'get_metrics'],
    ]);
    expect(view?.evidence[0]?.summary).toMatch(/^\d+ items? · chunk_id: log-77 · /);
    const answer = view?.scratchpad.find((part) => part.label === 'Final answer');
    expect(answer?.markdown).toBe(true);
    expect(view?.policy.passed).toEqual(['Fabrication guard: no claim without evidence.']);
  });
});

describe('a guard decision', () => {
  it('names the fabrication guard and its detail, from the guard-trip event', async () => {
    const { record, trace } = await run('shopops-fabricated-agreement');
    const last = trace.steps.length - 1;
    const view = record(last);
    expect(view?.policy.outcome).toBe('denied');
    expect(view?.policy.guard).toBe('fabrication');
    expect(view?.policy.detail).toMatch(/needs agreed_resolution = true/);
    expect(view?.scratchpad.map((part) => part.label)).toContain('Withheld answer');
  });

  it('falls back to the trace escalation when the events are gone', async () => {
    const { trace } = await run('shopops-fabricated-agreement');
    const view = buildDecisionRecord({
      steps: trace.steps,
      index: trace.steps.length - 1,
      escalation: trace.escalation,
    });
    expect(view?.policy.detail).toBe(trace.escalation?.detail);
  });

  it('counts a fabrication with the guard off as another trip of an allowed answer', async () => {
    const { record, trace } = await run('shopops-fabricated-agreement', {
      fabricationGuard: false,
    });
    const view = record(trace.steps.length - 1);
    expect(view?.policy.outcome).toBe('allowed');
    expect(view?.otherTrips.map((trip) => [trip.guard, trip.outcome])).toEqual([
      ['fabrication', 'count'],
    ]);
  });

  it('cites the earlier call of a duplicate', async () => {
    const { record, trace } = await run('shopops-hostile-loop');
    const view = record(trace.steps.length - 1);
    expect(view?.policy.guard).toBe('duplicate_tool_call');
    expect(view?.policy.detail).toMatch(/already called with these arguments at step \d+/);
    expect(view?.evidence).toHaveLength(1);
  });

  it('links a blocked duplicate to the observation it replays', async () => {
    const { record, trace } = await run('shopops-hostile-loop', { duplicates: 'block' });
    const blocked = trace.steps.findIndex((s) => s.observation?.repeatOf !== undefined);
    const view = record(blocked);
    expect(view?.observationTag).toBe('repeat');
    expect(view?.repeatOf?.step).toBe(trace.steps[blocked]?.observation?.repeatOf);
  });

  it('places a stall exit at the step whose observation tripped it', async () => {
    const { trips, trace } = await run('rca-search-stall', { reflection: { gating: 'off' } });
    expect(trace.stopReason).toBe('stalled');
    expect(trips.find((trip) => trip.guard === 'stall_exit')?.step).toBe(trace.steps.length - 1);
  });

  it('places a budget stop after the last step recorded', async () => {
    const { trips, trace } = await run('rca-search-stall', {
      maxSteps: 1,
      reflection: { gating: 'off' },
    });
    expect(trace.stopReason).toBe('max_steps');
    expect(trips.find((trip) => trip.guard === 'max_steps')?.step).toBe(0);
  });
});

describe('an attempt reflection', () => {
  it('shows the reward, the framing and the reflection text', async () => {
    const { record, trace } = await run('triage-priority-retry', { attempts: 2 });
    const index = trace.steps.findIndex((s) => s.kind === 'attempt_reflection');
    const view = record(index);
    expect(view?.reward).toBe(0);
    expect(view?.framing).toBe('failure');
    expect(view?.scratchpad.map((part) => part.label)).toEqual(['Reflection']);
  });
});

describe('the guard trip reader', () => {
  it('reads each event once and keeps its answer while no trip arrives', async () => {
    const { events } = await run('shopops-fabricated-agreement');
    const read = createGuardTripReader();
    const trip = events.findIndex((event) => event.type === 'guard-trip');
    const before = read(events.slice(0, trip));
    expect(before).toEqual([]);
    expect(read(events.slice(0, trip))).toBe(before);
    const after = read(events.slice(0, trip + 1));
    expect(after).toHaveLength(1);
    expect(read(events)).toBe(after);
  });

  it('starts over on a new run', async () => {
    const first = await run('shopops-fabricated-agreement');
    const second = await run('rca-search-stall');
    const read = createGuardTripReader();
    expect(read(first.events)).toHaveLength(1);
    expect(read(second.events)).toEqual([]);
  });

  it('finds the run config in the run-start event', async () => {
    const { events, trace } = await run('rca-search-stall');
    expect(runConfig(events)).toEqual(trace.config);
    expect(runConfig([])).toBeNull();
  });
});

describe('text helpers', () => {
  it('reads the action line of ReAct and ReflAct replies', () => {
    expect(actionLine('Thought: x\nAction: tool:a b=1')).toBe('tool:a b=1');
    expect(actionLine('REFLECTION: y\nACTION: get("z")\n')).toBe('get("z")');
    expect(actionLine('**Action:** escalate no data\nObservation: fake')).toBe('escalate no data');
    expect(actionLine('Transaction: none')).toBeNull();
  });

  it('summarises observations in one line', () => {
    expect(summariseObservation({ ok: true, result: [], empty: true })).toBe('empty list');
    expect(summariseObservation({ ok: false, result: 'no fixture', empty: true })).toBe(
      'error: no fixture',
    );
    expect(summariseObservation({ ok: true, result: { a: 1, b: [1, 2] }, empty: false })).toBe(
      'a: 1 · b: [2]',
    );
    expect(summariseObservation({ ok: true, result: 'x'.repeat(300), empty: false })).toHaveLength(
      96,
    );
  });
});
