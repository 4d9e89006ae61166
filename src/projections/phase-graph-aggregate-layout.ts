/**
 * The aggregate phase graph's one layout: the whole machine (every phase, every transition with
 * room for its pill) placed once per machine and direction, so a phase stands at the same place
 * before a run, during it, after it and under "show all". The graph shows a subset of it; the
 * view covers the working loop's preview and whatever else is shown, so a run that stays within
 * the working loop draws in exactly the preview's frame. Pure.
 */
import type { PhaseSpec, TransitionSpec } from '../engine';
import type { PhaseGraphMachine } from './phase-graph';
import { layoutGraph, type LayoutInput, type LayoutResult } from './phase-graph-layout';

/** A phase node's height in px: its name and its step count. */
export const PHASE_HEIGHT = 48;

/**
 * Pure: a phase node's width: its name at ~8 px a character (13 px semibold), its glyph and
 * padding, so "Reflecting on the attempt" fits as well as "Acting".
 */
export function phaseWidth(label: string): number {
  return Math.min(280, Math.max(150, Math.ceil(label.length * 8) + 60));
}

/** A pill's height: its title line and up to two lines of reasons. */
export const LABEL_HEIGHT = 48;

/**
 * Pure: a pill's reserved width, from the transition's id alone (so the layout holds still while
 * the counts and reasons grow): the id on one line plus the count badge, within bounds.
 */
export function labelWidth(id: string): number {
  return Math.min(184, Math.max(112, Math.ceil(id.length * 6.6) + 44));
}

const layoutCache = new WeakMap<PhaseGraphMachine, Map<string, LayoutResult>>();

/** Pure (memoised per machine and direction): the whole machine laid out, every pill with room. */
export function machineLayout(machine: PhaseGraphMachine, direction: 'LR' | 'TB'): LayoutResult {
  const cache = layoutCache.get(machine) ?? new Map<string, LayoutResult>();
  layoutCache.set(machine, cache);
  const cached = cache.get(direction);
  if (cached) return cached;
  const input: LayoutInput = {
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
      labelWidth: labelWidth(spec.id),
      labelHeight: LABEL_HEIGHT,
      // The working loop (flow between live phases) stays short and straight.
      weight: spec.kind === 'flow' ? 2 : 1,
    })),
  };
  const result = layoutGraph(input);
  cache.set(direction, result);
  return result;
}

export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Air around the shown elements, as dagre's margin. */
const MARGIN = 8;

/**
 * Pure: the area that holds the given phases and transitions (routes and pills) of the layout,
 * with a margin; the preview's and the shown elements' together make the graph's view.
 */
export function boundsOf(
  layout: LayoutResult,
  phases: readonly PhaseSpec[],
  transitions: readonly TransitionSpec[],
): ViewBox {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  const take = (x0: number, y0: number, x1: number, y1: number) => {
    left = Math.min(left, x0);
    top = Math.min(top, y0);
    right = Math.max(right, x1);
    bottom = Math.max(bottom, y1);
  };
  for (const phase of phases) {
    const at = layout.nodes.get(phase.id);
    if (at) take(at.x, at.y, at.x + phaseWidth(phase.label), at.y + PHASE_HEIGHT);
  }
  for (const spec of transitions) {
    const route = layout.edges.get(spec.id);
    if (!route) continue;
    for (const point of route.points) take(point.x, point.y, point.x, point.y);
    const half = labelWidth(spec.id) / 2;
    take(
      route.label.x - half,
      route.label.y - LABEL_HEIGHT / 2,
      route.label.x + half,
      route.label.y + LABEL_HEIGHT / 2,
    );
  }
  if (left === Infinity) return { x: 0, y: 0, width: layout.width, height: layout.height };
  return {
    x: left - MARGIN,
    y: top - MARGIN,
    width: right - left + MARGIN * 2,
    height: bottom - top + MARGIN * 2,
  };
}
