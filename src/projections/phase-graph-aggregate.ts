/**
 * The aggregate phase graph: a node per phase and an edge per transition of the machine, with
 * what the run did on each (counts, reasons, the current phase, the edge taken last), laid out
 * with dagre. Pure.
 */
import type { PhaseId, PhaseSpec, TransitionSpec } from '../engine';
import type {
  EdgePill,
  PhaseGraph,
  PhaseGraphEdge,
  PhaseGraphMachine,
  PhaseGraphNode,
  PhaseGraphOptions,
  PhaseGraphRun,
} from './phase-graph';
import { layoutGraph, type LayoutInput } from './phase-graph-layout';
import { summariseReasons, transitionReason } from './phase-graph-reasons';
import {
  currentPhase,
  endingGrade,
  gradedLook,
  lastEntryIndex,
  phaseTone,
  plural,
} from './phase-graph-shared';

/** A phase node's height in px: its name and its step count. */
const PHASE_HEIGHT = 48;

/**
 * Pure: a phase node's width: its name at ~8 px a character (13 px semibold), its glyph and
 * padding, so "Reflecting on the attempt" fits as well as "Acting".
 */
export function phaseWidth(label: string): number {
  return Math.min(280, Math.max(150, Math.ceil(label.length * 8) + 60));
}

/** A pill's height: its title line and up to two lines of reasons. */
const LABEL_HEIGHT = 48;

/**
 * Pure: a pill's reserved width, from the transition's id alone (so the layout holds still while
 * the counts and reasons grow): the id on one line plus the count badge, within bounds.
 */
export function labelWidth(id: string): number {
  return Math.min(184, Math.max(112, Math.ceil(id.length * 6.6) + 44));
}

interface EdgeTally {
  taken: number;
  steps: number[];
  reasons: string[];
}

function tally(machine: PhaseGraphMachine, run: PhaseGraphRun) {
  const edges = new Map<string, EdgeTally>();
  const phaseSteps = new Map<PhaseId, Set<number>>();
  const through = (phase: PhaseId, step: number) => {
    const set = phaseSteps.get(phase) ?? new Set<number>();
    set.add(step);
    phaseSteps.set(phase, set);
  };
  const byId = new Map(machine.transitions.map((spec) => [spec.id, spec]));
  for (const entry of run.path) {
    const spec = byId.get(entry.transition);
    if (!spec) continue;
    const seen = edges.get(spec.id) ?? { taken: 0, steps: [], reasons: [] };
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
  const scope = run.scope ?? null;
  for (const step of run.steps) {
    if (!scope || (step.index >= scope.first && step.index <= scope.last)) {
      through(step.phase, step.index);
    }
  }
  return { edges, phaseSteps };
}

/**
 * Phases entered only from phases that end an attempt: the loop between attempts. The preview
 * before a run leaves them out (with failures and cancels) to keep the graph legible.
 */
function betweenAttempts(machine: PhaseGraphMachine): ReadonlySet<PhaseId> {
  const ending = new Set(machine.phases.filter((p) => p.ends !== 'no').map((p) => p.id));
  const quiet = machine.phases.filter((phase) => {
    const incoming = machine.transitions.filter((spec) => spec.to === phase.id);
    return incoming.length > 0 && incoming.every((spec) => ending.has(spec.from));
  });
  return new Set(quiet.map((phase) => phase.id));
}

/** Layouts depend only on which phases and transitions show: cache them per machine. */
const layoutCache = new WeakMap<PhaseGraphMachine, Map<string, ReturnType<typeof layoutGraph>>>();

function aggregateLayout(
  machine: PhaseGraphMachine,
  phases: readonly PhaseSpec[],
  transitions: readonly TransitionSpec[],
  direction: 'LR' | 'TB',
  labelled: (spec: TransitionSpec) => boolean,
) {
  const ids = [direction, ...phases.map((p) => p.id), '|'];
  ids.push(...transitions.map((t) => (labelled(t) ? `${t.id}*` : t.id)));
  const key = ids.join(' ');
  const cache = layoutCache.get(machine) ?? new Map<string, ReturnType<typeof layoutGraph>>();
  layoutCache.set(machine, cache);
  const cached = cache.get(key);
  if (cached) return { key, layout: cached };
  const input: LayoutInput = {
    direction,
    nodes: phases.map((phase) => ({
      id: phase.id,
      width: phaseWidth(phase.label),
      height: PHASE_HEIGHT,
    })),
    edges: transitions.map((spec) => ({
      id: spec.id,
      source: spec.from,
      target: spec.to,
      // Room for a pill only where one shows (a taken transition); the rest draw compact.
      labelWidth: labelled(spec) ? labelWidth(spec.id) : 0,
      labelHeight: labelled(spec) ? LABEL_HEIGHT : 0,
      // The working loop (flow between live phases) stays short and straight.
      weight: spec.kind === 'flow' ? 2 : 1,
    })),
  };
  const result = layoutGraph(input);
  // Bounded: a long session meets only a few dozen distinct sets of shown transitions.
  if (cache.size >= 64) cache.clear();
  cache.set(key, result);
  return { key, layout: result };
}

/** Pure: "would have ×1: step 3", "would have ×5: steps 1, 2, 3, …" (the guards lens's words). */
export function wouldHaveText(steps: readonly number[]): string {
  const listed = steps.slice(0, 3).join(', ') + (steps.length > 3 ? ', …' : '');
  return `would have ×${steps.length}: ${steps.length === 1 ? 'step' : 'steps'} ${listed}`;
}

/** Builds the aggregate graph (see `buildPhaseGraph`). Pure. */
export function buildAggregate(
  machine: PhaseGraphMachine,
  run: PhaseGraphRun,
  options: PhaseGraphOptions,
): PhaseGraph {
  const { edges: tallies, phaseSteps } = tally(machine, run);
  const current = currentPhase(run);
  const cursor = run.cursor ?? null;
  const lastIndex = lastEntryIndex(run.path, run.steps, cursor, machine);
  const lastId = run.path[lastIndex]?.transition ?? null;
  const animated = run.live && cursor === null;

  // Once the run moved, the default view tells its story: the phases it went through and the
  // transitions it took. Before that it previews the machine's working loop. "Show all" draws
  // every transition, the untaken ones faint.
  const preview = run.path.length === 0 && options.showAll !== true;
  const quiet = betweenAttempts(machine);
  const wouldHave = run.wouldHave ?? new Map<string, readonly number[]>();
  const shown = (spec: TransitionSpec) =>
    options.showAll === true ||
    tallies.has(spec.id) ||
    wouldHave.has(spec.id) ||
    (preview && spec.kind !== 'fault' && !quiet.has(spec.from) && !quiet.has(spec.to));
  const transitions = machine.transitions.filter(shown);
  const linked = new Set(transitions.flatMap((spec) => [spec.from, spec.to]));
  const phases = machine.phases.filter((phase) => linked.has(phase.id) || phase.id === current);
  const direction = options.direction ?? 'TB';
  const { key: layoutKey, layout: placed } = aggregateLayout(
    machine,
    phases,
    transitions,
    direction,
    (spec) => tallies.has(spec.id) || wouldHave.has(spec.id),
  );
  const labelOf = new Map(machine.phases.map((phase) => [phase.id, phase.label]));

  const nodes = phases.map((phase): PhaseGraphNode => {
    const steps = [...(phaseSteps.get(phase.id) ?? [])].sort((a, b) => a - b);
    const position = placed.nodes.get(phase.id) ?? { x: 0, y: 0 };
    const isCurrent = phase.id === current;
    const graded = endingGrade(run, phase.id);
    const look = graded ? gradedLook(graded) : null;
    const count = steps.length > 0 ? plural(steps.length, 'step') : null;
    // A graded answer's node says its verdict (the step count stays in its aria text).
    const detail = look ? look.word : count;
    return {
      id: phase.id,
      label: phase.label,
      detail,
      description: phase.description,
      tone: look?.tone ?? phaseTone(phase),
      phases: [phase.id],
      steps,
      current: isCurrent,
      tag: isCurrent ? (cursor !== null ? `step ${cursor}` : run.live ? 'now' : 'end') : null,
      faint: run.path.length > 0 && steps.length === 0 && !isCurrent,
      ...position,
      width: phaseWidth(phase.label),
      height: PHASE_HEIGHT,
      pick: { select: { kind: 'phase', id: phase.id }, step: steps[0] ?? null },
      ariaLabel: [
        `${phase.label} phase`,
        count ?? 'no steps',
        look?.aria,
        isCurrent ? (cursor === null ? 'current' : 'the selected step is here') : null,
      ]
        .filter(Boolean)
        .join(', '),
    };
  });

  const edges = transitions.map((spec): PhaseGraphEdge => {
    const seen = tallies.get(spec.id);
    const taken = seen?.taken ?? 0;
    const steps = seen?.steps ?? [];
    const summary = summariseReasons(seen?.reasons ?? []);
    const route = placed.edges.get(spec.id);
    const isLast = spec.id === lastId;
    const would = wouldHave.get(spec.id) ?? [];
    const wouldText = would.length > 0 ? wouldHaveText(would) : null;
    // Untaken edges go unlabelled (their names are in the tooltip and the accessible name):
    // with every transition labelled the machine would not fit a pane legibly. One the lens
    // says the loop would have taken is labelled with that, apart from what the run did.
    const pill: EdgePill | null =
      taken > 0
        ? { badge: `×${taken}`, text: spec.id, detail: wouldText ?? summary }
        : wouldText
          ? { badge: null, text: spec.id, detail: wouldText }
          : null;
    return {
      id: spec.id,
      source: spec.from,
      target: spec.to,
      kind: spec.kind,
      transitions: [spec.id],
      label: spec.when,
      pill,
      taken,
      wouldHave: would,
      last: isLast,
      animated: isLast && animated,
      faint: taken === 0 && would.length === 0,
      steps: steps.length > 0 ? steps : would,
      points: route?.points ?? [],
      labelX: route?.label.x ?? 0,
      labelY: route?.label.y ?? 0,
      labelWidth: pill ? labelWidth(spec.id) : 0,
      labelHeight: pill ? LABEL_HEIGHT : 0,
      pick: { select: { kind: 'transition', id: spec.id }, step: steps[0] ?? would[0] ?? null },
      ariaLabel: [
        `${spec.id}: ${spec.when}`,
        `${labelOf.get(spec.from)} to ${labelOf.get(spec.to)}`,
        taken > 0 ? `taken ${plural(taken, 'time')}` : 'not taken',
        summary,
        wouldText,
      ]
        .filter(Boolean)
        .join(', '),
    };
  });

  return {
    mode: 'aggregate',
    nodes,
    edges,
    width: placed.width,
    height: placed.height,
    notice: null,
    view: { x: 0, y: 0, width: placed.width, height: placed.height },
    hidden: machine.transitions.length - transitions.length,
    layoutKey,
  };
}
