import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMockSpeed } from '../../mocks/handlers';
import { MOCK_BASE_URL, nodeHttpDeps, server } from '../../mocks/node';
import { AppendLog, runScenario, scenarioConfig, type Scenario } from '../engine';
import { findBuiltin } from '../scenarios';
import { createEndpointsStore } from './endpoints-store';
import { createMemoryStorage } from './memory-storage';
import { createRunGate } from './run-gate';
import { createModelChooser, type ModelChooserDeps } from './run-model';
import { startRun } from './start-run';

beforeAll(() => {
  setMockSpeed(0);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function scenario(id: string): Scenario {
  const found = findBuiltin(id);
  if (!found) throw new Error(`no built-in scenario ${id}`);
  return found;
}

function chooser(extra: Partial<ModelChooserDeps> = {}) {
  const endpoints = createEndpointsStore({
    storage: createMemoryStorage(),
    session: createMemoryStorage(),
    http: nodeHttpDeps,
  });
  const choose = createModelChooser({
    endpoints,
    http: nodeHttpDeps,
    mockBaseUrl: MOCK_BASE_URL,
    ...extra,
  });
  return { endpoints, choose };
}

describe('the model of a run', () => {
  it('on the built-in endpoint, a scripted scenario replays its replies in-process', () => {
    const subject = scenario('shopops-happy');
    const { choose } = chooser();
    expect(choose(subject, scenarioConfig(subject)).model.name).toBe('scripted');
  });

  it('on the built-in endpoint, a simulated scenario goes over the wire as sim/<id>', () => {
    const subject = scenario('rca-search-stall');
    const { choose } = chooser();
    const choice = choose(subject, scenarioConfig(subject));
    expect(choice.model.name).toBe('openai-compatible:sim/rca-search-stall');
    expect(choice.protocol).toBeUndefined();
  });

  it('waits for the mock to be ready before the first request', async () => {
    const subject = scenario('rca-search-stall');
    const order: string[] = [];
    server.events.on('request:start', () => order.push('request'));
    const { choose } = chooser({
      mockReady: async () => {
        order.push('ready');
      },
    });
    const config = scenarioConfig(subject);
    await runScenario(subject, config, { model: choose(subject, config).model });
    server.events.removeAllListeners();
    expect(order[0]).toBe('ready');
    expect(order).toContain('request');
  });

  it('when the mock could not start, the run goes on with the same model in-process', async () => {
    const subject = scenario('rca-search-stall');
    let requests = 0;
    server.events.on('request:start', () => (requests += 1));
    const { choose } = chooser({
      mockReady: () => Promise.reject(new Error('the service worker did not register')),
    });
    const config = scenarioConfig(subject);
    const trace = await runScenario(subject, config, { model: choose(subject, config).model });
    server.events.removeAllListeners();
    expect(requests).toBe(0);
    // The in-process simulated model on its own: the same steps and answer.
    const inProcess = await runScenario(subject, config);
    expect(trace.steps.map((step) => step.kind)).toEqual(inProcess.steps.map((step) => step.kind));
    expect(trace.answer).toBe(inProcess.answer);
    expect(trace.answer).not.toBeNull();
  });

  it('without a service worker, runs the simulated model in-process at the chosen speed', async () => {
    const subject = scenario('rca-search-stall');
    const waits: number[] = [];
    const { choose, endpoints } = chooser({
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    endpoints.getState().actions.setBuiltinTransport('in-process');
    const config = scenarioConfig(subject);
    const choice = choose(subject, config);
    expect(choice.model.name).toBe('simulated:rca-search-stall');

    endpoints.getState().actions.setSpeed(2);
    await runScenario(subject, config, { model: choice.model });
    // The same run on a virtual clock: its simulated latency, which the real waits halve.
    const simulated = await runScenario(subject, config);
    const total = waits.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeCloseTo(simulated.metrics.latencyMs / 2, 0);

    waits.length = 0;
    endpoints.getState().actions.setSpeed(0);
    await runScenario(subject, config, { model: choose(subject, config).model });
    expect(waits).toEqual([]);
  });

  it('keeps the built-in model’s simulated time, the same at every speed and on any wall clock', async () => {
    const subject = scenario('rca-search-stall');
    const { choose, endpoints } = chooser({ sleep: async () => {} });
    let wall = 0;
    const run = async () => {
      const trace = await startRun({
        scenario: subject,
        overrides: {},
        // A wall clock that races ahead: the run must not read it for a built-in call.
        deps: { clock: { now: () => (wall += 997) }, model: choose },
        gate: createRunGate(),
        signal: new AbortController().signal,
        onEvent: () => {},
      });
      return trace.steps.map((step) => [step.modelCall?.latencyMs, step.modelCall?.ttftMs]);
    };
    const instant = await run();
    setMockSpeed(40);
    const paced = await run();
    setMockSpeed(0);
    expect(instant.length).toBeGreaterThan(2);
    expect(instant.every(([latency, ttft]) => latency! > ttft! && ttft! > 0)).toBe(true);
    expect(paced).toEqual(instant);

    // In-process (no service worker) the model spends the same kind of time itself.
    endpoints.getState().actions.setBuiltinTransport('in-process');
    const cli = await runScenario(subject, scenarioConfig(subject));
    for (const speed of [0, 2] as const) {
      endpoints.getState().actions.setSpeed(speed);
      const times = await run();
      expect(times).toEqual(
        cli.steps.map((step) => [step.modelCall?.latencyMs, step.modelCall?.ttftMs]),
      );
    }
  });

  it('on a user endpoint, uses its model, settings and protocol', () => {
    const subject = scenario('shopops-happy');
    const { choose, endpoints } = chooser();
    const result = endpoints.getState().actions.addEndpoint({
      name: 'vLLM',
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'Qwen/Qwen2.5-7B-Instruct',
      protocol: 'tools',
      includeUsage: true,
      stream: true,
      rememberKey: false,
    });
    if (!result.ok) throw new Error(result.message);
    endpoints.getState().actions.selectEndpoint(result.id);
    const choice = choose(subject, scenarioConfig(subject));
    expect(choice.model.name).toBe('openai-compatible:Qwen/Qwen2.5-7B-Instruct');
    expect(choice.protocol).toBe('tools');
  });

  it('on a user endpoint, waits for the first byte as long as it says, for a whole reply if it says so', async () => {
    const subject = scenario('shopops-happy');
    const limits: number[] = [];
    const bodies: string[] = [];
    const http = {
      ...nodeHttpDeps,
      fetch: (_url: string, init: RequestInit) => {
        bodies.push(String(init.body));
        return new Promise<Response>(() => undefined);
      },
      setTimer: (ms: number) => {
        limits.push(ms);
        return () => undefined;
      },
    };
    const { choose, endpoints } = chooser({ http });
    const result = endpoints.getState().actions.addEndpoint({
      name: 'Slow CPU server',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'm',
      protocol: 'text',
      includeUsage: true,
      stream: false,
      rememberKey: false,
      firstByteTimeoutMs: 300_000,
    });
    if (!result.ok) throw new Error(result.message);
    endpoints.getState().actions.selectEndpoint(result.id);
    const { model } = choose(subject, scenarioConfig(subject));
    const controller = new AbortController();
    const request = {
      purpose: 'action' as const,
      context: AppendLog.of([{ role: 'user' as const, content: 'Hi' }]),
      tools: null,
      step: 0,
      conversation: 0,
    };
    const parts = model.stream(request, { signal: controller.signal })[Symbol.asyncIterator]();
    const first = parts.next().catch(() => null);
    await vi.waitFor(() => expect(limits).toEqual([300_000]));
    expect(JSON.parse(bodies[0]!)).toMatchObject({ stream: false });
    controller.abort();
    await first;
  });
});
