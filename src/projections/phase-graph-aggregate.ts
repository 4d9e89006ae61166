/**
 * The aggregate phase graph: a node per phase and an edge per transition of the machine, with
 * what the run did on each (counts, reasons, the current phase, the edge taken last), each phase
 * where the machine's one layout puts it. Pure.
 */
import type { PhaseSpec, TransitionSpec } from '../engine';
import type {
  EdgePill,
  PhaseGraph,
  PhaseGraphEdge,
  PhaseGraphMachine,
  PhaseGraphNode,
  PhaseGraphOptions,
  PhaseGraphRun,
} from './phase-graph';
import {
  aggregateLayout,
  countBadge,
  betweenAttempts,
  inPreview,
  LABEL_HEIGHT,
  labelWidth,
  PHASE_HEIGHT,
  phaseWidth,
  type AggregateLayout,
} from './phase-graph-aggregate-layout';
import { tally } from './phase-graph-tally';
import {
  currentPhase,
  endingGrade,
  gradedLook,
  lastEntryIndex,
  phaseTone,
  plural,
} from './phase-graph-shared';

/** Layouts depend only on which phases and transitions show: cache them per machine. */
const layoutCache = new WeakMap<PhaseGraphMachine, Map<string, AggregateLayout>>();

function cachedLayout(
  machine: PhaseGraphMachine,
  phases: readonly PhaseSpec[],
  transitions: readonly TransitionSpec[],
  direction: 'LR' | 'TB',
  labelled: (spec: TransitionSpec) => boolean,
) {
  const ids = [direction, ...phases.map((p) => p.id), '|'];
  ids.push(...transitions.map((t) => (labelled(t) ? `${t.id}*` : t.id)));
  const key = ids.join(' ');
  const cache = layoutCache.get(machine) ?? new Map<string, AggregateLayout>();
  layoutCache.set(machine, cache);
  const cached = cache.get(key);
  if (cached) return { key, layout: cached };
  const shown = phases.map((phase) => phase.id);
  const result = aggregateLayout(machine, shown, transitions, direction, labelled);
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
    (preview && inPreview(spec, quiet));
  const transitions = machine.transitions.filter(shown);
  const linked = new Set(transitions.flatMap((spec) => [spec.from, spec.to]));
  const phases = machine.phases.filter((phase) => linked.has(phase.id) || phase.id === current);
  const direction = options.direction ?? 'TB';
  const { key: layoutKey, layout: placed } = cachedLayout(
    machine,
    phases,
    transitions,
    direction,
    (spec) => tallies.has(spec.id) || wouldHave.has(spec.id),
  );
  const labelOf = new Map(machine.phases.map((phase) => [phase.id, phase.label]));

  const nodes = phases.map((phase): PhaseGraphNode => {
    const steps = phaseSteps.get(phase.id) ?? [];
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
    const summary = seen?.summary ?? null;
    const route = placed.edges.get(spec.id);
    const isLast = spec.id === lastId;
    const would = wouldHave.get(spec.id) ?? [];
    const wouldText = would.length > 0 ? wouldHaveText(would) : null;
    // Untaken edges go unlabelled (their names are in the tooltip and the accessible name):
    // with every transition labelled the machine would not fit a pane legibly. One the lens
    // says the loop would have taken is labelled with that, apart from what the run did.
    const pill: EdgePill | null =
      taken > 0
        ? { badge: countBadge(taken), text: spec.id, detail: wouldText ?? summary }
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
    width: placed.view.width,
    height: placed.view.height,
    notice: null,
    view: placed.view,
    hidden: machine.transitions.length - transitions.length,
    layoutKey,
  };
}
