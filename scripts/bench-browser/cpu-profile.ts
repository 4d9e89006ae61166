/**
 * Reading a CDP CPU profile (`Profiler.stop`'s `profile`) for the bench: the stretches in which
 * the main thread was busy without a break (its long tasks, as the sampler saw them) and the
 * functions that took their time. Pure. The profile's clock is not the page's
 * `performance.now()`, so the stretches are found in the samples themselves.
 */

/** The parts of a `Profiler.Profile` this reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  /** µs since the previous sample. */
  readonly timeDeltas: readonly number[];
}

/** A busy stretch: from its first to its last busy sample, ms, and its heaviest functions. */
export interface BusyStretch {
  /** ms since the profile started. */
  readonly start: number;
  readonly ms: number;
  /** Self time by function (`name file:line`), heaviest first. */
  readonly top: readonly { readonly fn: string; readonly ms: number }[];
}

/**
 * The sampler's name for time the thread waited. `(program)` (the browser's own work: style,
 * layout, the message loop) and `(garbage collector)` count as busy: a long task includes them.
 */
const IDLE = '(idle)';
/** A gap in busy samples this long (ms) ends a stretch: the thread went back to its loop. */
const BREAK_MS = 2;

const frameName = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`;

/**
 * Pure: the stretches of at least `minMs` with no idle gap over BREAK_MS, with their `topN`
 * heaviest functions by self time.
 */
export function busyStretches(profile: CpuProfile, minMs = 50, topN = 8): BusyStretch[] {
  const names = new Map(profile.nodes.map((node) => [node.id, frameName(node.callFrame)]));
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === IDLE).map((node) => node.id),
  );
  const stretches: BusyStretch[] = [];
  let time = 0;
  let open: { start: number; end: number; self: Map<string, number> } | null = null;
  const close = () => {
    if (open && open.end - open.start >= minMs) {
      const top = [...open.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, topN)
        .map(([fn, ms]) => ({ fn, ms: Math.round(ms * 10) / 10 }));
      stretches.push({ start: Math.round(open.start), ms: Math.round(open.end - open.start), top });
    }
    open = null;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    time += delta;
    const node = profile.samples[i]!;
    if (idle.has(node)) {
      if (open && time - open.end > BREAK_MS) close();
      continue;
    }
    if (open && time - open.end > BREAK_MS) close();
    open ??= { start: time, end: time, self: new Map() };
    open.end = time;
    const name = names.get(node) ?? '?';
    open.self.set(name, (open.self.get(name) ?? 0) + delta);
  }
  close();
  return stretches;
}
