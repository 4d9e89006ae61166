/**
 * The aggregate graph's layout: the whole machine laid out once per direction (`layoutMachine`),
 * so a phase sits in the same place before, during and after a run and in "show all"; what a
 * run shows is a subset of it, with its pills placed between the rows (`placeLabels`). Pure.
 */
import type { PhaseId, TransitionSpec } from '../engine';
import type { PhaseGraphMachine } from './phase-graph';
import { placeLabels } from './phase-graph-labels';
import type { LayoutPoint } from './phase-graph-layout';
import { layoutMachine, type MachineLayout } from './phase-graph-machine-layout';

/** A phase node's height in px: its name and its step count. */
export const PHASE_HEIGHT = 48;

/** A pill's height: its title line and up to two lines of reasons. */
export const LABEL_HEIGHT = 48;

/** Air around the drawing inside the area the view fits. */
const MARGIN = 8;

/**
 * Pure: a phase node's width: its name at ~8 px a character (13 px semibold), its glyph and
 * padding, so "Reflecting on the attempt" fits as well as "Acting".
 */
export function phaseWidth(label: string): number {
  return Math.min(280, Math.max(150, Math.ceil(label.length * 8) + 60));
}

/**
 * Pure: a pill's count badge, five characters at most (`×9999`, `×12k`, `×100k`, `×2M`), so the
 * width reserved for it holds however long the run; the exact count is in the pill's title and
 * accessible name.
 */
export function countBadge(taken: number): string {
  if (taken < 10_000) return `×${taken}`;
  if (taken < 1_000_000) return `×${Math.floor(taken / 1_000)}k`;
  return `×${Math.floor(taken / 1_000_000)}M`;
}

/**
 * Pure: a pill's reserved width, from the transition's id alone (so the layout holds still while
 * the counts and reasons grow): the id on one line plus a count badge of five characters
 * (`countBadge`), within bounds.
 */
export function labelWidth(id: string): number {
  return Math.min(196, Math.max(112, Math.ceil(id.length * 6.6) + 56));
}

/**
 * Pure: phases entered only from phases that end an attempt: the loop between attempts. The
 * preview before a run leaves them out (with failures and cancels) to keep the graph legible.
 */
export function betweenAttempts(machine: PhaseGraphMachine): ReadonlySet<PhaseId> {
  const ending = new Set(machine.phases.filter((p) => p.ends !== 'no').map((p) => p.id));
  const quiet = machine.phases.filter((phase) => {
    const incoming = machine.transitions.filter((spec) => spec.to === phase.id);
    return incoming.length > 0 && incoming.every((spec) => ending.has(spec.from));
  });
  return new Set(quiet.map((phase) => phase.id));
}

/** Pure: whether the preview before a run shows this transition (the working loop). */
export function inPreview(spec: TransitionSpec, quiet: ReadonlySet<PhaseId>): boolean {
  return spec.kind !== 'fault' && !quiet.has(spec.from) && !quiet.has(spec.to);
}

const machineLayouts = new WeakMap<PhaseGraphMachine, Map<'LR' | 'TB', MachineLayout>>();

/**
 * Pure: the machine's one layout in this direction, made once. Failures, cancels and the edge
 * back from between attempts are routed outside dagre (they would drag every phase round and
 * widen the graph by half again); edges into the loop between attempts only rank it below.
 */
export function machineLayout(machine: PhaseGraphMachine, direction: 'LR' | 'TB'): MachineLayout {
  const known = machineLayouts.get(machine) ?? new Map<'LR' | 'TB', MachineLayout>();
  machineLayouts.set(machine, known);
  const cached = known.get(direction);
  if (cached) return cached;
  const quiet = betweenAttempts(machine);
  const loops = machine.transitions.filter((spec) => spec.from === spec.to);
  const made = layoutMachine({
    direction,
    nodes: machine.phases.map((phase) => ({
      id: phase.id,
      width: phaseWidth(phase.label),
      height: PHASE_HEIGHT,
    })),
    edges: machine.transitions.map((spec) => ({
      id: spec.id,
      source: spec.from,
      target: spec.to,
      weight: quiet.has(spec.to) ? 0 : spec.kind === 'flow' ? 2 : 1,
      free: spec.kind === 'fault' || quiet.has(spec.from),
    })),
    loopLabel: {
      width: Math.max(0, ...loops.map((spec) => labelWidth(spec.id))),
      height: LABEL_HEIGHT,
    },
  });
  known.set(direction, made);
  return made;
}

export interface AggregateLayout {
  readonly nodes: ReadonlyMap<string, LayoutPoint>;
  readonly edges: ReadonlyMap<
    string,
    { readonly points: readonly LayoutPoint[]; readonly label: LayoutPoint }
  >;
  /** The area the view fits: the preview's phases and everything shown, pills included. */
  readonly view: { readonly x: number; readonly y: number; width: number; height: number };
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Pure: the shown part of the machine's layout, its labelled edges' pills placed, and the view:
 * the phases the preview shows and all that is shown, so a run's phases stay where the
 * preview drew them on screen too, unless it reached a phase beyond the preview.
 */
export function aggregateLayout(
  machine: PhaseGraphMachine,
  shownPhases: readonly PhaseId[],
  shownTransitions: readonly TransitionSpec[],
  direction: 'LR' | 'TB',
  labelled: (spec: TransitionSpec) => boolean,
): AggregateLayout {
  const whole = machineLayout(machine, direction);
  const quiet = betweenAttempts(machine);
  const size = (id: string) => ({
    width: phaseWidth(machine.phases.find((phase) => phase.id === id)?.label ?? ''),
    height: PHASE_HEIGHT,
  });
  const allNodes = [...whole.nodes].map(([id, at]) => ({ id, ...at, ...size(id) }));
  const route = (id: string) => whole.edges.get(id) ?? { points: [], loopLabel: null };
  const pills = shownTransitions
    .filter((spec) => labelled(spec) && spec.from !== spec.to)
    .map((spec) => ({
      id: spec.id,
      points: route(spec.id).points,
      width: labelWidth(spec.id),
      height: LABEL_HEIGHT,
    }));
  const spots = placeLabels(allNodes, pills, direction);

  const boxes: Box[] = [];
  const preview = new Set(
    machine.transitions
      .filter((spec) => inPreview(spec, quiet))
      .flatMap((spec) => [spec.from, spec.to]),
  );
  for (const node of allNodes) {
    if (!preview.has(node.id as PhaseId) && !shownPhases.includes(node.id as PhaseId)) continue;
    boxes.push({
      left: node.x,
      top: node.y,
      right: node.x + node.width,
      bottom: node.y + node.height,
    });
  }
  const edges = new Map<string, { points: readonly LayoutPoint[]; label: LayoutPoint }>();
  for (const spec of shownTransitions) {
    const { points, loopLabel } = route(spec.id);
    const label = loopLabel ?? spots.get(spec.id) ?? points[0] ?? { x: 0, y: 0 };
    edges.set(spec.id, { points, label });
    for (const point of points) {
      boxes.push({ left: point.x, top: point.y, right: point.x, bottom: point.y });
    }
    if (!labelled(spec)) continue;
    const half = { x: labelWidth(spec.id) / 2, y: LABEL_HEIGHT / 2 };
    boxes.push({
      left: label.x - half.x,
      top: label.y - half.y,
      right: label.x + half.x,
      bottom: label.y + half.y,
    });
  }
  if (boxes.length === 0)
    return { nodes: whole.nodes, edges, view: { x: 0, y: 0, width: 0, height: 0 } };
  const left = Math.min(...boxes.map((box) => box.left)) - MARGIN;
  const top = Math.min(...boxes.map((box) => box.top)) - MARGIN;
  const right = Math.max(...boxes.map((box) => box.right)) + MARGIN;
  const bottom = Math.max(...boxes.map((box) => box.bottom)) + MARGIN;
  return {
    nodes: whole.nodes,
    edges,
    view: { x: left, y: top, width: right - left, height: bottom - top },
  };
}
