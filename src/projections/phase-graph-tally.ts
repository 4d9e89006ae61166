/**
 * What a run did on each transition and in each phase, counted once per run: a cursor move
 * rebuilds the graph but reuses these counts.
 */
import type { PhaseId } from '../engine';
import type { PhaseGraphMachine, PhaseGraphRun } from './phase-graph';
import { summariseReasons, transitionReason } from './phase-graph-reasons';

export interface EdgeTally {
  taken: number;
  steps: number[];
  reasons: string[];
  /**
   * `summariseReasons(reasons)`, counted with the tally: on a 100,000-step run it ranks 100,000
   * reasons, which a cursor move must not do again.
   */
  summary: string | null;
}

interface Tally {
  readonly edges: ReadonlyMap<string, EdgeTally>;
  /** Each phase's steps, ascending. */
  readonly phaseSteps: ReadonlyMap<PhaseId, readonly number[]>;
}

/**
 * The last tally and what it was counted from: a cursor move rebuilds the graph but changes
 * none of these, so it reuses the counts instead of walking a 100,000-entry path again.
 */
let lastTally: { readonly key: readonly unknown[]; readonly tally: Tally } | null = null;

export function tally(machine: PhaseGraphMachine, run: PhaseGraphRun): Tally {
  const key = [
    machine,
    run.path,
    run.steps,
    run.escalation ?? null,
    run.scope?.first,
    run.scope?.last,
  ];
  if (lastTally && lastTally.key.every((part, at) => part === key[at])) return lastTally.tally;
  const counted = countTally(machine, run);
  lastTally = { key, tally: counted };
  return counted;
}

/** Pure: whether `list` never goes down. */
function ascends(list: readonly number[]): boolean {
  for (let at = 1; at < list.length; at++) if (list[at]! < list[at - 1]!) return false;
  return true;
}

/** Pure: `list`'s numbers ascending, each once (`list` itself when it already is). */
function ascendingOnce(list: number[]): number[] {
  let ordered = true;
  for (let at = 1; at < list.length && ordered; at++) ordered = list[at]! > list[at - 1]!;
  if (ordered) return list;
  // A typed array sorts numbers natively: 100,000 steps without a comparator call each.
  const sorted = Float64Array.from(list).sort();
  const once: number[] = [];
  for (const step of sorted) if (once[once.length - 1] !== step) once.push(step);
  return once;
}

/**
 * Pure: the numbers of `a` and `b` ascending, each once. A phase's steps come twice, once from
 * the path and once from the steps, each list already in order: merged in one pass, not sorted
 * (on a 100,000-step run, sorting 200,000 numbers was most of the tally).
 */
export function unionAscending(a: number[], b: number[]): number[] {
  if (a.length === 0) return ascendingOnce(b);
  if (b.length === 0) return ascendingOnce(a);
  if (!ascends(a) || !ascends(b)) return ascendingOnce([...a, ...b]);
  const once: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (once.length === 0 || once[once.length - 1] !== next) once.push(next);
  }
  return once;
}

function countTally(machine: PhaseGraphMachine, run: PhaseGraphRun): Tally {
  const edges = new Map<string, EdgeTally>();
  // Each phase's steps, from the path and from the steps: each list comes in order (a repeat of
  // the last one is dropped here), and the two are merged at the end.
  const fromPath = new Map<PhaseId, number[]>();
  const fromSteps = new Map<PhaseId, number[]>();
  const add = (lists: Map<PhaseId, number[]>, phase: PhaseId, step: number) => {
    const list = lists.get(phase);
    if (!list) lists.set(phase, [step]);
    else if (list[list.length - 1] !== step) list.push(step);
  };
  const byId = new Map(machine.transitions.map((spec) => [spec.id, spec]));
  for (const entry of run.path) {
    const spec = byId.get(entry.transition);
    if (!spec) continue;
    const seen = edges.get(spec.id) ?? { taken: 0, steps: [], reasons: [], summary: null };
    seen.taken += 1;
    if (entry.step !== null) {
      if (seen.steps.at(-1) !== entry.step) seen.steps.push(entry.step);
      add(fromPath, spec.from, entry.step);
      add(fromPath, spec.to, entry.step);
    }
    const reason = transitionReason(entry, spec, run.steps, run.escalation ?? null);
    if (reason) seen.reasons.push(reason);
    edges.set(spec.id, seen);
  }
  for (const seen of edges.values()) seen.summary = summariseReasons(seen.reasons);
  const scope = run.scope ?? null;
  for (const step of run.steps) {
    if (!scope || (step.index >= scope.first && step.index <= scope.last)) {
      add(fromSteps, step.phase, step.index);
    }
  }
  const phaseSteps = new Map<PhaseId, readonly number[]>();
  for (const phase of new Set([...fromPath.keys(), ...fromSteps.keys()])) {
    phaseSteps.set(phase, unionAscending(fromPath.get(phase) ?? [], fromSteps.get(phase) ?? []));
  }
  return { edges, phaseSteps };
}
