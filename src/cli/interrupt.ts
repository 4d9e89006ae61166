/**
 * Ctrl-C (SIGINT) or SIGTERM during `loop run`. The first stops the run the way the app's Stop
 * does: the model call in flight is aborted, the run ends "cancelled" with every step recorded
 * before it, and --out, --html and --otlp are still written. A second signal quits at once.
 */

/** The signals a run listens for, and the exit code each ends the process with (128 + number). */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type Stopping = keyof typeof EXIT_CODES;

export interface Interrupt {
  /** Aborted by the first signal: pass it to the run. */
  readonly signal: AbortSignal;
  /** The signal that stopped the run, or null. */
  readonly received: () => Stopping | null;
  /** Stops listening (after the run, before the outputs are written). */
  readonly dispose: () => void;
}

/** The process the interrupt listens on: `process` in the CLI. */
export interface SignalSource {
  on(event: Stopping, listener: () => void): unknown;
  off(event: Stopping, listener: () => void): unknown;
  exit(code: number): never;
}

/** Listens for SIGINT and SIGTERM while a run goes on; `notify` writes one line to stderr. */
export function interruptOnSignals(
  notify: (line: string) => void,
  source: SignalSource,
): Interrupt {
  const controller = new AbortController();
  let received: Stopping | null = null;
  const listeners = (Object.keys(EXIT_CODES) as Stopping[]).map((name) => {
    const listener = () => {
      if (received !== null) source.exit(EXIT_CODES[received]);
      received = name;
      notify(
        `loop: ${label(name)}: stopping the run; the steps so far are kept (${label(name)} again quits at once)`,
      );
      controller.abort(new Error(`stopped by ${name}`));
    };
    source.on(name, listener);
    return [name, listener] as const;
  });
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      for (const [name, listener] of listeners) source.off(name, listener);
    },
  };
}

/** The exit code for a run a signal stopped, or null when none did. */
export function interruptedExitCode(interrupt: Interrupt): number | null {
  const name = interrupt.received();
  return name === null ? null : EXIT_CODES[name];
}

/** Pure: the line after a stopped run, saying where its steps went. */
export function stoppedLine(name: Stopping, steps: number, out: string | null): string {
  const kept = out === null ? 'pass --out FILE to keep the trace' : `the trace is in ${out}`;
  return `loop: stopped by ${label(name)} after ${steps} ${steps === 1 ? 'step' : 'steps'}; ${kept}`;
}

function label(name: Stopping): string {
  return name === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM';
}
