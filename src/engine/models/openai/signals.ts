/**
 * Cancellation helpers: a signal combinator (AbortSignal.any is missing in older targets), a race
 * that lets an abort interrupt any pending promise, and the per-request watchdog.
 */

/** A signal made of several, and the way to detach from them. */
export interface CombinedSignal {
  readonly signal: AbortSignal;
  /** Detaches from the source signals (call when the request is over). */
  dispose(): void;
}

/** A signal that aborts as soon as any source aborts, with that source's reason. */
export function anySignal(sources: readonly (AbortSignal | undefined)[]): CombinedSignal {
  const controller = new AbortController();
  const detach: (() => void)[] = [];
  for (const source of sources) {
    if (!source) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const onAbort = () => controller.abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    detach.push(() => source.removeEventListener('abort', onAbort));
  }
  return { signal: controller.signal, dispose: () => detach.forEach((off) => off()) };
}

/** The reason an aborted signal carries (a generic abort error when it has none). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('The operation was aborted.');
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Which limit fired: time to first byte, or silence once bytes flowed. */
export type WatchdogLimit = 'first_byte' | 'idle';

/** The per-request timers, fed by the byte stream. */
export interface Watchdog {
  /** Bytes arrived: the first-byte limit is over, the idle timer starts again. */
  bytes(): void;
  stop(): void;
}

/**
 * Arms the time-to-first-byte limit at once; after the first bytes, an idle timer reset on every
 * chunk of bytes. Neither is a total timeout: a long, steady generation never trips them.
 */
export function createWatchdog(
  setTimer: (ms: number, callback: () => void) => () => void,
  limits: { readonly firstByteMs: number; readonly idleMs: number },
  onFire: (limit: WatchdogLimit) => void,
): Watchdog {
  let stopped = false;
  let cancel = setTimer(limits.firstByteMs, () => onFire('first_byte'));
  return {
    bytes() {
      if (stopped) return;
      cancel();
      cancel = setTimer(limits.idleMs, () => onFire('idle'));
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
