import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type ConfigOverrides, type LoopEvent } from '../engine';
import { builtinScenarios } from '../scenarios';
import { EMPTY_VIEW, foldRunEvent, foldRunEvents, viewOfTrace, type RunView } from './run-view';

const scenarios = builtinScenarios();
const SETTINGS: readonly ConfigOverrides[] = [
  {},
  { mode: 'reflact' },
  { reflection: { gating: 'fixed' } },
  { reflection: { gating: 'off' }, seed: 3 },
];

function fold(events: readonly LoopEvent[]): RunView {
  return events.reduce<RunView>(
    (view, event) => ({ ...view, ...foldRunEvent(view, event) }),
    EMPTY_VIEW,
  );
}

describe('one fold of the events', () => {
  it('gives the steps, path and metrics of the final trace, for every built-in scenario', async () => {
    for (const scenario of scenarios) {
      for (const overrides of SETTINGS) {
        const events: LoopEvent[] = [];
        const trace = await runScenario(scenario, scenarioConfig(scenario, overrides), {
          onEvent: (event) => events.push(event),
        });
        const view = fold(events);
        const name = `${scenario.id} ${JSON.stringify(overrides)}`;
        expect(view.steps, name).toEqual(trace.steps);
        expect(view.path, name).toEqual(trace.path);
        expect(view.metrics, name).toEqual(trace.metrics);
        // Every call's exact context is there: the conversation's prefix that the call sent.
        for (const step of trace.steps) {
          if (!step.modelCall) continue;
          const { conversation, length } = step.modelCall.context;
          expect(view.conversations[conversation]?.slice(0, length), name).toEqual(
            trace.conversations[conversation]?.slice(0, length),
          );
        }
      }
    }
  });

  it('holds a fork’s replayed prefix: its steps and the contexts its calls sent', async () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'rca-search-stall')!;
    const source = await runScenario(scenario, scenarioConfig(scenario, {}));
    const events: LoopEvent[] = [];
    const config = scenarioConfig(scenario, { reflection: { gating: 'off' } });
    const trace = await runScenario(scenario, config, {
      fork: { trace: source, atStep: 2 },
      onEvent: (event) => events.push(event),
    });
    const view = fold(events);
    expect(view.steps).toEqual(trace.steps);
    expect(view.path).toEqual(trace.path);
    const first = trace.steps[0]!.modelCall!.context;
    expect(view.conversations[first.conversation]?.slice(0, first.length)).toEqual(
      trace.conversations[first.conversation]?.slice(0, first.length),
    );
    // A replayed call streams nothing: the live calls are counted from the fork on.
    const live = events.filter((event) => event.type === 'model-call-start' && !event.replayed);
    expect(view.liveCall?.number).toBe(live.length);
  });

  it('keeps streaming deltas out of the events, and starts each call’s text afresh', () => {
    let view = EMPTY_VIEW;
    const apply = (event: LoopEvent) => (view = { ...view, ...foldRunEvent(view, event) });
    apply({ type: 'model-call-delta', step: 0, text: 'Thought: ' });
    apply({ type: 'model-call-delta', step: 0, text: 'look' });
    expect(view.streamingText).toBe('Thought: look');
    expect(view.events.length).toBe(0);
  });
});

describe('events folded a batch at a time', () => {
  it('give the view that folding them one by one gives, however they are cut', async () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'rca-search-stall')!;
    const events: LoopEvent[] = [];
    await runScenario(scenario, scenarioConfig(scenario, { mode: 'reflact' }), {
      onEvent: (event) => events.push(event),
    });
    const expected = fold(events);
    for (const size of [1, 2, 7, events.length]) {
      let view: RunView = EMPTY_VIEW;
      for (let at = 0; at < events.length; at += size) {
        view = { ...view, ...foldRunEvents(view, events.slice(at, at + size)) };
      }
      expect({ ...view, events: view.events.toArray() }, `batches of ${size}`).toEqual({
        ...expected,
        events: expected.events.toArray(),
      });
    }
    expect(foldRunEvents(expected, [])).toEqual({});
  });
});

describe('a recorded run', () => {
  it('shows the trace’s steps, path, conversations and metrics, in the phase it ended', async () => {
    const scenario = scenarios.find((candidate) => candidate.id === 'shopops-happy')!;
    const trace = await runScenario(scenario, scenarioConfig(scenario, {}));
    const view = viewOfTrace(trace);
    expect(view.steps).toBe(trace.steps);
    expect(view.path).toBe(trace.path);
    expect(view.conversations).toBe(trace.conversations);
    expect(view.metrics).toBe(trace.metrics);
    expect(view.phase).toBe('answered');
    expect(view.liveCall).toBeNull();
  });
});
