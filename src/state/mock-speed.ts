/** The built-in model's speed: a preference the endpoints store keeps, and how it is read back. */

/** How fast the built-in model streams (a divisor of its simulated latency; 0: no waiting). */
export type MockSpeed = 0 | 1 | 2 | 5;
const MOCK_SPEEDS: readonly MockSpeed[] = [0, 1, 2, 5];
/** The speed a first visit (or an unreadable stored value) gets. */
const DEFAULT_MOCK_SPEED: MockSpeed = 2;
/** Where the built-in model's speed persists (a preference: a reload keeps it). */
export const MOCK_SPEED_KEY = 'loopscope.mock-speed.v1';

/** Pure: the stored speed, or the default (2×) when there is none or it is not one of the speeds. */
export function readStoredSpeed(raw: string | null): MockSpeed {
  const speed = Number(raw);
  return raw !== null && /^\d$/.test(raw) && (MOCK_SPEEDS as readonly number[]).includes(speed)
    ? (speed as MockSpeed)
    : DEFAULT_MOCK_SPEED;
}
