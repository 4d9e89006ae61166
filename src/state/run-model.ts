/**
 * Which model a run talks to, decided when the run starts:
 * - a user endpoint: the OpenAI-compatible client with the endpoint's settings and key, and the
 *   run's protocol pinned to the endpoint's;
 * - the built-in endpoint and a scripted scenario: its scripted replies, in-process (exact replays);
 * - the built-in endpoint and a simulated scenario: the same client over the OpenAI wire, against
 *   the mock at `mockBaseUrl` (MSW), or the in-process simulated model when no mock can run.
 * No browser globals: the app passes its fetch, timers and sleep in.
 */
import {
  createVirtualClock,
  scenarioModel,
  type Clock,
  type LoopConfig,
  type ModelAdapter,
  type Protocol,
  type Scenario,
  type Step,
  type TokenCounter,
} from '../engine';
import { createOpenAIModel, type HttpDeps } from '../engine';
import { endpointLimits, selectedEndpoint, type EndpointsStore } from './endpoints-store';
import { simulatedTimeOverWire } from './simulated-time';

/** The model of one run, and the protocol the run must use with it (when the endpoint fixes it). */
export interface RunModel {
  readonly model: ModelAdapter;
  readonly protocol?: Protocol;
  /**
   * The clock the run's model time is read on, when the model keeps its own (the built-in
   * model's simulated time); else the run store's.
   */
  readonly clock?: Clock;
}

/**
 * Picks the model of a run for a scenario under its resolved config; `replayed` are the steps a
 * fork replays (a scripted model goes on with the replies after theirs).
 */
export type ModelChooser = (
  scenario: Scenario,
  config: LoopConfig,
  replayed?: readonly Step[],
) => RunModel;

export interface ModelChooserDeps {
  readonly endpoints: EndpointsStore;
  readonly http: HttpDeps;
  /** The mock's base URL, such as `${location.origin}/mock/v1`. */
  readonly mockBaseUrl: string;
  /** Resolves once the mock serves requests (it restarts after a real endpoint was in use). */
  readonly mockReady?: () => Promise<void>;
  /** Real waiting, for the in-process simulated model (the fallback without a service worker). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Counts the in-process simulated model's tokens (the page's token worker); default the engine's. */
  readonly tokens?: TokenCounter;
}

/** The mock's model name for a scenario. */
export const mockModelName = (scenario: Scenario) => `sim/${scenario.id}`;

/**
 * A model that first waits for `ready` (the mock's service worker starting, or starting again);
 * when the mock could not start, the call goes to `fallback` (the same model in-process).
 */
function afterReady(
  model: ModelAdapter,
  ready: () => Promise<void>,
  fallback: () => ModelAdapter,
): ModelAdapter {
  return {
    name: model.name,
    async *stream(request, options) {
      const started = await ready().then(
        () => true,
        () => false,
      );
      yield* (started ? model : fallback()).stream(request, options);
    },
  };
}

/** Creates the chooser the run store calls at the start of each run. */
export function createModelChooser(deps: ModelChooserDeps): ModelChooser {
  return (scenario, config, replayed = []) => {
    const state = deps.endpoints.getState();
    const endpoint = selectedEndpoint(state);
    if (endpoint.kind === 'user') {
      const model = createOpenAIModel(
        {
          baseUrl: endpoint.baseUrl,
          model: endpoint.model,
          apiKey: state.actions.keyFor(endpoint.id),
          protocol: endpoint.protocol,
          includeUsage: endpoint.includeUsage,
          stream: endpoint.stream,
          ...endpointLimits(endpoint),
        },
        deps.http,
      );
      return { model, protocol: endpoint.protocol };
    }
    if (scenario.model.kind === 'scripted') {
      return { model: scenarioModel(scenario, { config, replayed }) };
    }
    // The model's simulated time on the run's clock, whatever the speed.
    const inProcess = (clock: Clock & { advance(ms: number): void }) => {
      const { sleep } = deps;
      // Read at every wait, so a speed change applies to the live run, as it does over the wire.
      const spend = async (ms: number) => {
        clock.advance(ms);
        const speed = deps.endpoints.getState().speed;
        if (sleep && speed > 0) await sleep(ms / speed);
      };
      const tokens = deps.tokens ? { tokens: deps.tokens } : {};
      return scenarioModel(scenario, { config, spend, ...tokens });
    };
    if (state.builtinTransport === 'in-process') {
      const clock = createVirtualClock();
      return { model: inProcess(clock), clock };
    }
    const simulated = simulatedTimeOverWire(deps.http);
    const model = createOpenAIModel(
      {
        baseUrl: deps.mockBaseUrl,
        model: mockModelName(scenario),
        apiKey: null,
        protocol: config.protocol,
        includeUsage: true,
        seed: config.seed,
      },
      simulated.http,
    );
    // Where the mock could not start, the call runs in-process, spending on the same clock.
    const fallback = () => inProcess(simulated.clock);
    return {
      model: simulated.wrap(deps.mockReady ? afterReady(model, deps.mockReady, fallback) : model),
      clock: simulated.clock,
    };
  };
}
