import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMockSpeed } from '../../mocks/handlers';
import { MOCK_BASE_URL, nodeHttpDeps, server } from '../../mocks/node';
import { runScenario, scenarioConfig } from '../engine';
import { builtinScenarios } from '../scenarios';
import { createEndpointsStore } from './endpoints-store';
import { createMemoryStorage } from './memory-storage';
import { createRunStore, selectedScenario, type RunStore } from './run-store';

const scenarios = builtinScenarios();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setMockSpeed(0);
});
afterAll(() => server.close());

/**
 * A run view's store wired as the app wires it: scripted scenarios in-process, simulated ones
 * through the real HTTP client to the MSW mock (no waiting unless a test sets a speed).
 */
function storeFor(scenarioId: string) {
  setMockSpeed(0);
  const endpoints = createEndpointsStore({
    storage: createMemoryStorage(),
    session: createMemoryStorage(),
    http: nodeHttpDeps,
  });
  // As the app does: the chooser's deps, the chooser made once the run code has loaded.
  const models = { endpoints, http: nodeHttpDeps, mockBaseUrl: MOCK_BASE_URL };
  const store = createRunStore({ scenarioId }, { scenarios, deps: { models } });
  return { store, endpoints };
}

/** Resolves when the live run's model call number `number` has streamed its first text. */
function streaming(store: RunStore, number: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.liveCall?.number === number && state.streamingText !== '') {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('run store', () => {
  describe('before the first run', () => {
    it('is idle on the chosen scenario with no steps, metrics or trace', () => {
      const state = storeFor('shopops-happy').store.getState();
      expect(state.status).toBe('idle');
      expect(selectedScenario(state).id).toBe('shopops-happy');
      expect(state.steps).toEqual([]);
      expect(state.metrics).toBeNull();
      expect(state.trace).toBeNull();
    });

    it("takes a user's own scenarios into its list; one with a listed id replaces it", () => {
      const { store } = storeFor('shopops-happy');
      const base = scenarios.find((scenario) => scenario.id === 'shopops-happy')!;
      const mine = { ...base, id: 'my-shop', title: 'My shop' };
      store.getState().actions.addScenarios([mine]);
      store.getState().actions.selectScenario('my-shop');
      expect(selectedScenario(store.getState()).title).toBe('My shop');
      store.getState().actions.addScenarios([{ ...mine, title: 'My shop, edited' }]);
      const listed = store.getState().scenarios.filter((scenario) => scenario.id === 'my-shop');
      expect(listed.map((scenario) => scenario.title)).toEqual(['My shop, edited']);
      expect(store.getState().scenarios).toHaveLength(scenarios.length + 1);
    });

    it("marks added scenarios as the user's own, and takes them off again (built-ins stay)", async () => {
      const { store } = storeFor('shopops-happy');
      const base = scenarios.find((scenario) => scenario.id === 'shopops-happy')!;
      const { actions } = store.getState();
      actions.addScenarios([{ ...base, id: 'my-shop' }]);
      expect(store.getState().ownScenarioIds).toEqual(['my-shop']);
      actions.selectScenario('my-shop');
      await actions.run();
      actions.removeScenarios(['my-shop', 'shopops-happy']);
      const state = store.getState();
      expect(state.ownScenarioIds).toEqual([]);
      expect(state.scenarios.map((scenario) => scenario.id)).toEqual(
        scenarios.map((scenario) => scenario.id),
      );
      // The selected scenario went: the view is on the first one, its run cleared.
      expect(state.scenarioId).toBe(scenarios[0]!.id);
      expect(state.steps).toEqual([]);
    });

    it('refuses to start on a scenario it does not have', () => {
      expect(() => storeFor('no-such-scenario')).toThrow(/no-such-scenario/);
    });
  });

  describe('when a run finishes', () => {
    it('without the app’s deps, keeps simulated time on a virtual clock, as the CLI does', async () => {
      const scenario = scenarios.find((candidate) => candidate.id === 'rca-checkout-latency')!;
      const store = createRunStore({ scenarioId: scenario.id }, { scenarios });
      await store.getState().actions.run();
      const expected = await runScenario(scenario, scenarioConfig(scenario));
      expect(store.getState().trace?.metrics.latencyMs).toBeGreaterThan(0);
      expect(store.getState().trace?.metrics).toEqual(expected.metrics);
    });

    it('shopops-happy (scripted, in-process) ends done with three steps and stop reason answer', async () => {
      const { store } = storeFor('shopops-happy');
      const running = store.getState().actions.run();
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
      const { store } = storeFor('shopops-happy');
      await store.getState().actions.run();
      const types = store
        .getState()
        .events.toArray()
        .map((event) => event.type);
      expect(types[0]).toBe('run-start');
      expect(types.at(-1)).toBe('run-end');
      expect(types.filter((type) => type === 'step-end')).toHaveLength(3);
    });

    it('holds the last model call streamed text, its number and the final phase', async () => {
      const { store } = storeFor('rca-search-stall');
      await store.getState().actions.run();
      const state = store.getState();
      expect(state.streamingText).toBe(state.steps.at(-1)?.modelCall?.text);
      expect(state.liveCall?.number).toBe(state.metrics?.llmCalls);
      expect(state.phase).toBe('answered');
    });

    it('a simulated scenario streams over the wire: server usage, word-sized deltas', async () => {
      const { store } = storeFor('rca-search-stall');
      // Paced (each word its own wait), as a reply streams from a server: the view takes the
      // events that arrive together at once, so an unpaced reply would grow in one piece.
      setMockSpeed(100);
      const growth: number[] = [];
      store.subscribe((state, previous) => {
        if (state.streamingText.length > previous.streamingText.length)
          growth.push(state.streamingText.length);
      });
      await store.getState().actions.run();
      const state = store.getState();
      // The text grows delta by delta (more updates than calls); deltas stay out of `events`.
      expect(growth.length).toBeGreaterThan(state.steps.length);
      expect(state.events.toArray().some((event) => event.type === 'model-call-delta')).toBe(false);
      expect(state.steps.every((step) => step.modelCall?.usageEstimated === false)).toBe(true);
    });
  });

  describe('reflection gating (rca-search-stall, simulated, seed 1)', () => {
    it('off: no reflection, and the run stalls', async () => {
      const { store } = storeFor('rca-search-stall');
      store.getState().actions.setGating('off');
      await store.getState().actions.run();
      const state = store.getState();
      expect(state.metrics?.reflections).toBe(0);
      expect(state.trace?.stopReason).toBe('stalled');
      expect(state.trace?.config.reflection.gating).toBe('off');
    });

    it('adaptive: one reflection, then an answer', async () => {
      const { store } = storeFor('rca-search-stall');
      store.getState().actions.setGating('adaptive');
      await store.getState().actions.run();
      const state = store.getState();
      expect(state.metrics?.reflections).toBe(1);
      expect(state.steps.filter((step) => step.kind === 'reflection')).toHaveLength(1);
      expect(state.trace?.stopReason).toBe('answer');
    });

    it('runs in the chosen mode', async () => {
      const { store } = storeFor('rca-search-stall');
      store.getState().actions.setMode('reflact');
      await store.getState().actions.run();
      expect(store.getState().trace?.config.mode).toBe('reflact');
      expect(store.getState().steps[0]?.modelCall?.text).toMatch(/^REFLECTION:/);
    });
  });

  describe('stopping', () => {
    it('stop() while a reply streams ends the run cancelled with the steps recorded so far', async () => {
      const { store } = storeFor('rca-search-stall');
      setMockSpeed(5);
      const running = store.getState().actions.run();
      await streaming(store, 3);
      expect(store.getState().status).toBe('running');
      store.getState().actions.stop();
      await running;

      const state = store.getState();
      expect(state.status).toBe('done');
      expect(state.trace?.stopReason).toBe('cancelled');
      expect(state.steps).toHaveLength(2);
      expect(state.events.last()?.type).toBe('run-end');
    });

    it('reset() while a reply streams drops the run and returns to idle', async () => {
      const { store } = storeFor('rca-search-stall');
      setMockSpeed(5);
      const running = store.getState().actions.run();
      await streaming(store, 2);
      store.getState().actions.reset();
      await running;

      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.steps).toEqual([]);
      expect(state.trace).toBeNull();
    });
  });

  describe('picking another scenario', () => {
    it('clears the last run and keeps the overrides', async () => {
      const { store } = storeFor('shopops-happy');
      store.getState().actions.setGating('fixed');
      await store.getState().actions.run();
      store.getState().actions.selectScenario('rca-search-stall');
      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.steps).toEqual([]);
      expect(selectedScenario(state).id).toBe('rca-search-stall');
      expect(state.overrides.reflection?.gating).toBe('fixed');
    });

    it('reports an unknown scenario id as an error and keeps the current one', () => {
      const { store } = storeFor('shopops-happy');
      store.getState().actions.selectScenario('nope');
      expect(store.getState().error?.code).toBe('scenario_unknown');
      expect(store.getState().scenarioId).toBe('shopops-happy');
    });
  });

  describe('on a user endpoint', () => {
    it('an endpoint error ends the run as error with the engine code and message', async () => {
      const { store, endpoints } = storeFor('rca-search-stall');
      const added = endpoints.getState().actions.addEndpoint({
        name: 'Wrong model',
        baseUrl: MOCK_BASE_URL,
        model: 'sim/no-such-model',
        protocol: 'text',
        includeUsage: true,
        stream: true,
        rememberKey: false,
      });
      if (!added.ok) throw new Error(added.message);
      endpoints.getState().actions.selectEndpoint(added.id);
      await store.getState().actions.run();

      const state = store.getState();
      expect(state.status).toBe('done');
      expect(state.trace?.stopReason).toBe('error');
      expect(state.trace?.error?.code).toBe('http_404');
      expect(state.trace?.error?.message).toMatch(
        /404 Not Found.*Unknown model "sim\/no-such-model"/,
      );
      expect(state.error).toBeNull();
    });

    it('runs in the endpoint’s protocol, whatever the overrides say', async () => {
      const { store, endpoints } = storeFor('rca-checkout-latency');
      const added = endpoints.getState().actions.addEndpoint({
        name: 'Mock with tools',
        baseUrl: MOCK_BASE_URL,
        model: 'sim/rca-checkout-latency',
        protocol: 'tools',
        includeUsage: false,
        stream: true,
        rememberKey: false,
      });
      if (!added.ok) throw new Error(added.message);
      endpoints.getState().actions.selectEndpoint(added.id);
      await store.getState().actions.run();

      const trace = store.getState().trace;
      expect(trace?.config.protocol).toBe('tools');
      expect(trace?.stopReason).toBe('answer');
      expect(trace?.conversations.flat().some((message) => message.toolCalls?.length)).toBe(true);
      // Without include_usage the client counts tokens itself and says so.
      expect(trace?.steps.every((step) => step.modelCall?.usageEstimated)).toBe(true);
    });
  });
});

describe('the run code, loaded on first use', () => {
  it('a run started at once is shown running while its code loads, then ends', async () => {
    const { store } = storeFor('shopops-happy');
    store.getState().actions.prepare();
    const ended = store.getState().actions.run();
    expect(store.getState().status).toBe('running');
    const trace = await ended;
    expect(trace?.stopReason).toBe('answer');
    expect(store.getState().status).toBe('done');
  });
});
