/**
 * How the simulated model served over the wire (`mocks/handlers.ts`) tells its client the
 * simulated time of a reply: a response header, so the run reads the model's own time and not
 * the wall clock (which the playback speed scales and the machine's load adds noise to).
 */

/** The response header: `first=<ms to the first token>; total=<ms in all>`. */
export const SIMULATED_TIME_HEADER = 'X-Loopscope-Simulated-Time';

/** A reply's simulated time, in whole ms. */
export interface SimulatedTime {
  readonly firstTokenMs: number;
  readonly totalMs: number;
}

/** Pure: the header's value for `time`. */
export function formatSimulatedTime(time: SimulatedTime): string {
  return `first=${Math.round(time.firstTokenMs)}; total=${Math.round(time.totalMs)}`;
}

/** Pure: the time a header value states; null when there is none or it does not read. */
export function readSimulatedTime(value: string | null): SimulatedTime | null {
  const match = /^first=(\d+); total=(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const firstTokenMs = Number(match[1]);
  const totalMs = Number(match[2]);
  return totalMs >= firstTokenMs ? { firstTokenMs, totalMs } : null;
}
