/**
 * The built-in model's time: a run on it keeps the model's simulated time on a virtual clock, the
 * same at every playback speed (the Speed setting paces the stream, it does not change how long
 * the model "took"), and no wall-clock noise. Over the wire the mock states each reply's time in
 * a response header (`SIMULATED_TIME_HEADER`); in-process the model spends it itself.
 */
import {
  SIMULATED_TIME_HEADER,
  createVirtualClock,
  readSimulatedTime,
  type Clock,
  type HttpDeps,
  type ModelAdapter,
  type SimulatedTime,
} from '../engine';

/** The stream parts that mark a first token (as the runner's time to first token reads them). */
const TOKEN_PARTS: ReadonlySet<string> = new Set(['text-delta', 'reasoning-delta', 'tool-call']);

/**
 * The mock's client on simulated time: `http` with its fetch noting the time each response
 * states, and the model wrapper that moves `clock` by it: to the first token when the first
 * token arrives, the rest when the reply ends. A response without the header moves the clock by
 * nothing (a server that is not the mock states no simulated time).
 */
export function simulatedTimeOverWire(http: HttpDeps): {
  readonly http: HttpDeps;
  /** Moved by the stated times (and by an in-process fallback's own spending). */
  readonly clock: Clock & { advance(ms: number): void };
  readonly wrap: (model: ModelAdapter) => ModelAdapter;
} {
  const clock = createVirtualClock();
  let stated: SimulatedTime | null = null;
  // Read through a function: the fetch sets it while the stream runs.
  const statedTime = (): SimulatedTime | null => stated;
  const fetch: HttpDeps['fetch'] = async (input, init) => {
    const response = await http.fetch(input, init);
    // A retried call's last response is the one that streams.
    stated = readSimulatedTime(response.headers.get(SIMULATED_TIME_HEADER));
    return response;
  };
  const wrap = (model: ModelAdapter): ModelAdapter => ({
    name: model.name,
    async *stream(request, options) {
      stated = null;
      let waiting = true;
      for await (const part of model.stream(request, options)) {
        if (waiting && TOKEN_PARTS.has(part.type)) {
          waiting = false;
          clock.advance(statedTime()?.firstTokenMs ?? 0);
        }
        yield part;
      }
      const time = statedTime();
      if (time) clock.advance(time.totalMs - (waiting ? 0 : time.firstTokenMs));
    },
  });
  return { http: { ...http, fetch }, clock, wrap };
}
