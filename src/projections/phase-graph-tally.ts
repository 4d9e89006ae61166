/**
 * What a run did on each transition and in each phase, counted once per run: a cursor move
 * rebuilds the graph but reuses these counts.
 */
import type { PhaseId } from '../engine';
import type { PhaseGraphMachine, PhaseGraphRun } from './phase-graph';
import type { TransitionSpec } from '../engine';
import { summariseCounts, transitionReason } from './phase-graph-reasons';

export interface EdgeTally {
  taken: number;
  steps: number[];
  /**
   * `summariseReasons` of the reasons it was taken for, counted with the tally: on a 100,000-step
   * run it ranks 100,000 reasons, which a cursor move must not do again.
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

/** One transition's counting: its tally once taken, its reasons' counts, its phases' lists. */
interface Slot {
  readonly spec: TransitionSpec;
  seen: EdgeTally | null;
  readonly reasons: Map<string, number>;
  from: number[] | null;
  to: number[] | null;
}

/** Pure: `step` at the end of `list`, unless it is already last (each list comes in order). */
function addOnce(list: number[], step: number): void {
  if (list[list.length - 1] !== step) list.push(step);
}

function countTally(machine: PhaseGraphMachine, run: PhaseGraphRun): Tally {
  const edges = new Map<string, EdgeTally>();
  // Each phase's steps, from the path and from the steps: each list comes in order (a repeat of
  // the last one is dropped), and the two are merged at the end.
  const fromPath = new Map<PhaseId, number[]>();
  const fromSteps = new Map<PhaseId, number[]>();
  const listOf = (lists: Map<PhaseId, number[]>, phase: PhaseId): number[] => {
    let list = lists.get(phase);
    if (!list) lists.set(phase, (list = []));
    return list;
  };
  // One map lookup per path entry (a 100,000-step run has 200,000): the rest hangs off its slot.
  const slots = new Map<string, Slot>(
    machine.transitions.map((spec) => [
      spec.id,
      { spec, seen: null, reasons: new Map(), from: null, to: null },
    ]),
  );
  const escalation = run.escalation ?? null;
  for (const entry of run.path) {
    const slot = slots.get(entry.transition);
    if (!slot) continue;
    const { spec } = slot;
    let seen = slot.seen;
    if (!seen) {
      seen = slot.seen = { taken: 0, steps: [], summary: null };
      edges.set(spec.id, seen);
    }
    seen.taken += 1;
    if (entry.step !== null) {
      addOnce(seen.steps, entry.step);
      addOnce((slot.from ??= listOf(fromPath, spec.from)), entry.step);
      addOnce((slot.to ??= listOf(fromPath, spec.to)), entry.step);
    }
    const reason = transitionReason(entry, spec, run.steps, escalation);
    if (reason) slot.reasons.set(reason, (slot.reasons.get(reason) ?? 0) + 1);
  }
  for (const slot of slots.values()) {
    if (slot.seen) slot.seen.summary = summariseCounts(slot.reasons);
  }
  const scope = run.scope ?? null;
  let phase: PhaseId | null = null;
  let list: number[] = [];
  for (const step of run.steps) {
    if (!scope || (step.index >= scope.first && step.index <= scope.last)) {
      if (step.phase !== phase) list = listOf(fromSteps, (phase = step.phase));
      addOnce(list, step.index);
    }
  }
  const phaseSteps = new Map<PhaseId, readonly number[]>();
  for (const phase of new Set([...fromPath.keys(), ...fromSteps.keys()])) {
    phaseSteps.set(phase, unionAscending(fromPath.get(phase) ?? [], fromSteps.get(phase) ?? []));
  }
  return { edges, phaseSteps };
}
