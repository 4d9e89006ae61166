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

function countTally(machine: PhaseGraphMachine, run: PhaseGraphRun): Tally {
  const edges = new Map<string, EdgeTally>();
  const phaseSteps = new Map<PhaseId, number[]>();
  // Steps come mostly in order: a repeat of the last one is dropped here, the rest when sorted.
  const through = (phase: PhaseId, step: number) => {
    const list = phaseSteps.get(phase);
    if (!list) phaseSteps.set(phase, [step]);
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
      through(spec.from, entry.step);
      through(spec.to, entry.step);
    }
    const reason = transitionReason(entry, spec, run.steps, run.escalation ?? null);
    if (reason) seen.reasons.push(reason);
    edges.set(spec.id, seen);
  }
  for (const seen of edges.values()) seen.summary = summariseReasons(seen.reasons);
  const scope = run.scope ?? null;
  for (const step of run.steps) {
    if (!scope || (step.index >= scope.first && step.index <= scope.last)) {
      through(step.phase, step.index);
    }
  }
  const sorted = new Map<PhaseId, readonly number[]>();
  for (const [phase, list] of phaseSteps) sorted.set(phase, ascendingOnce(list));
  return { edges, phaseSteps: sorted };
}
