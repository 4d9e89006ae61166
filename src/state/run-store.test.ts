import { describe, expect, it } from 'vitest';
import {
  createScriptedModel,
  parseScenario,
  type ModelAdapter,
  type Scenario,
  type ScriptedModelSpec,
} from '../engine';
import { builtinScenarios, findBuiltin } from '../scenarios';
import { createRunStore, selectedScenario } from './run-store';

const scenarios = builtinScenarios();

function storeFor(scenarioId: string, runner?: Parameters<typeof createRunStore>[1]['runner']) {
  return createRunStore({ scenarioId }, { scenarios, ...(runner ? { runner } : {}) });
}

/**
 * The scenario's own scripted replies, but a call with number `pauseAt` (1-based) waits until
 * the run is aborted, the way a slow HTTP model would. Resolves `reached` when it starts waiting.
 */
function pausingModel(spec: ScriptedModelSpec, pauseAt: number) {
  const scripted = createScriptedModel(spec);
  let calls = 0;
  let markReached: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    markReached = resolve;
  });
  const model: ModelAdapter = {
    name: 'pausing',
    async *stream(request, options) {
      calls += 1;
      if (calls === pauseAt) {
        markReached();
        await new Promise<never>((_, reject) => {
          options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      yield* scripted.stream(request, options);
    },
  };
  return { model, reached };
}

function scriptedSpec(scenario: Scenario): ScriptedModelSpec {
  if (scenario.model.kind !== 'scripted') throw new Error(`${scenario.id} is not scripted`);
  return scenario.model;
}

describe('run store', () => {
  describe('before the first run', () => {
    it('is idle on the chosen scenario with no steps, metrics or trace', () => {
      const state = storeFor('shopops-happy').getState();
      expect(state.status).toBe('idle');
      expect(selectedScenario(state).id).toBe('shopops-happy');
      expect(state.steps).toEqual([]);
      expect(state.metrics).toBeNull();
      expect(state.trace).toBeNull();
    });

    it('refuses to start on a scenario it does not have', () => {
      expect(() => storeFor('no-such-scenario')).toThrow(/no-such-scenario/);
    });
  });

  describe('when a run finishes', () => {
    it('shopops-happy ends done with three steps and stop reason answer', async () => {
      const store = storeFor('shopops-happy');
      const running = store.getState().run();
      expect(store.getState().status).toBe('running');
      await running;
      const state = store.getState();
      expect(state.status).toBe('done');
      expect(state.steps.map((step) => step.kind)).toEqual(['action', 'action', 'answer']);
      expect(state.trace?.stopReason).toBe('answer');
      expect(state.metrics?.llmCalls).toBe(3);
      expect(state.error).toBeNull();
    });

    it('keeps every event in order, from run-start to run-end', async () => {
      const store = storeFor('shopops-happy');
      await store.getState().run();
      const types = store.getState().events.map((event) => event.type);
      expect(types[0]).toBe('run-start');
      expect(types.at(-1)).toBe('run-end');
      expect(types.filter((type) => type === 'step-end')).toHaveLength(3);
    });

    it('holds the last model call streamed text and the final phase', async () => {
      const store = storeFor('shopops-happy');
      await store.getState().run();
      const state = store.getState();
      expect(state.streamingText).toBe(state.steps.at(-1)?.modelCall?.text);
      expect(state.phase).toBe('answered');
    });
  });

  describe('reflection gating', () => {
    it('off gives rca-search-stall no reflections; adaptive gives it two', async () => {
      const store = storeFor('rca-search-stall');
      store.getState().setGating('off');
      await store.getState().run();
      expect(store.getState().metrics?.reflections).toBe(0);
      expect(store.getState().trace?.config.reflection.gating).toBe('off');

      store.getState().setGating('adaptive');
      await store.getState().run();
      expect(store.getState().metrics?.reflections).toBe(2);
      expect(store.getState().steps.filter((step) => step.kind === 'reflection')).toHaveLength(2);
    });

    it('runs in the chosen mode', async () => {
      const store = storeFor('shopops-happy');
      store.getState().setMode('act');
      await store.getState().run();
      expect(store.getState().trace?.config.mode).toBe('act');
    });
  });

  describe('stopping', () => {
    it('stop() during a run ends it cancelled with the steps recorded so far', async () => {
      const scenario = findBuiltin('rca-search-stall');
      if (!scenario) throw new Error('rca-search-stall missing');
      const { model, reached } = pausingModel(scriptedSpec(scenario), 3);
      const store = storeFor('rca-search-stall', { model: () => model });

      const running = store.getState().run();
      await reached;
      expect(store.getState().status).toBe('running');
      store.getState().stop();
      await running;

      const state = store.getState();
      expect(state.status).toBe('done');
      expect(state.trace?.stopReason).toBe('cancelled');
      expect(state.steps).toHaveLength(2);
      expect(state.events.at(-1)?.type).toBe('run-end');
    });

    it('reset() during a run drops it and returns to idle', async () => {
      const scenario = findBuiltin('shopops-happy');
      if (!scenario) throw new Error('shopops-happy missing');
      const { model, reached } = pausingModel(scriptedSpec(scenario), 2);
      const store = storeFor('shopops-happy', { model: () => model });

      const running = store.getState().run();
      await reached;
      store.getState().reset();
      await running;

      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.steps).toEqual([]);
      expect(state.trace).toBeNull();
    });
  });

  describe('picking another scenario', () => {
    it('clears the last run and keeps the overrides', async () => {
      const store = storeFor('shopops-happy');
      store.getState().setGating('fixed');
      await store.getState().run();
      store.getState().selectScenario('rca-search-stall');
      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.steps).toEqual([]);
      expect(selectedScenario(state).id).toBe('rca-search-stall');
      expect(state.overrides.reflection?.gating).toBe('fixed');
    });

    it('reports an unknown scenario id as an error and keeps the current one', () => {
      const store = storeFor('shopops-happy');
      store.getState().selectScenario('nope');
      expect(store.getState().error?.code).toBe('scenario_unknown');
      expect(store.getState().scenarioId).toBe('shopops-happy');
    });
  });

  describe('when the run cannot start', () => {
    it('catches the ModelError of an unsupported model kind into error', async () => {
      const simulated = parseScenario({
        format: 'loopscope.scenario',
        version: 1,
        id: 'simulated-only',
        title: 'Simulated',
        task: 'Anything.',
        tools: [],
        model: { kind: 'simulated' },
      });
      const store = createRunStore({ scenarioId: 'simulated-only' }, { scenarios: [simulated] });
      await expect(store.getState().run()).resolves.toBeNull();
      const state = store.getState();
      expect(state.status).toBe('done');
      expect(state.error?.code).toBe('model_unsupported');
      expect(state.trace).toBeNull();
    });
  });
});
