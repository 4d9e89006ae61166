/**
 * The phase graph's view data (STYLE rule 9): `buildPhaseGraph(machine, run, options)` returns one
 * shape for both modes, nodes and edges with their layout, so the canvas never branches on mode.
 * Aggregate mode draws the machine itself (a phase per node, a transition per edge, so a new
 * transition appears by itself) with what this run did on it: by default the phases the run went
 * through and the transitions it took, with "show all" every one; unrolled mode draws the run as
 * it happened, one node per step. Pure: no React, no DOM.
 */
import type {
  Escalation,
  PathEntry,
  PhaseId,
  PhaseSpec,
  RunGrade,
  Step,
  TransitionSpec,
} from '../engine';
import { buildAggregate } from './phase-graph-aggregate';
import type { LayoutPoint } from './phase-graph-layout';
import { buildUnrolled } from './phase-graph-unrolled';
import { pathSteps } from './timeline-marks';

/** The loop's machine as data, drawn by aggregate mode: features take it from here, not the engine. */
export { MACHINE } from '../engine';

export type PhaseGraphMode = 'aggregate' | 'unrolled';

/** The machine as data: the engine's MACHINE (or any machine of the same shape). */
export interface PhaseGraphMachine {
  readonly phases: readonly PhaseSpec[];
  readonly transitions: readonly TransitionSpec[];
}

/** What the run did so far: the run store's (or a trace's) path and steps. */
export interface PhaseGraphRun {
  readonly path: readonly PathEntry[];
  readonly steps: readonly Step[];
  /** The phase the run is in (or ended in); null before a run. */
  readonly phase: PhaseId | null;
  /** The run is going on: the edge it just took animates. */
  readonly live: boolean;
  /** The step the inspector shows; null follows the run. The graph then shows where it was. */
  readonly cursor?: number | null;
  /** The run's escalation once it ended: it names what the fabrication guard found missing. */
  readonly escalation?: Escalation | null;
  /** The steps of one attempt (first and last index): the graph shows only what they did. */
  readonly scope?: { readonly first: number; readonly last: number } | null;
  /**
   * The guards lens: the steps at which the loop would have taken each transition under other
   * settings (`Lens.byTransition`). Drawn apart from what the run took; unrolled, on the edge into that step.
   */
  readonly wouldHave?: ReadonlyMap<string, readonly number[]> | null;
  /** The ended run graded against its scenario: a wrong answer's node says so, in red. */
  readonly grade?: RunGrade | null;
}

export interface PhaseGraphOptions {
  readonly mode: PhaseGraphMode;
  /** Most step nodes the unrolled graph draws (a clear notice says when more were left out). */
  readonly cap: number;
  /**
   * Draw every transition of the machine, the untaken ones faint and unlabelled. Without it the
   * aggregate graph shows what the run went through (before a run: a preview of the working
   * loop).
   */
  readonly showAll?: boolean;
  /**
   * Which way the aggregate graph flows. Top to bottom (the default) reads best for this
   * machine: a run's few phases fan out below Gathering and its outcome lands at the bottom, and
   * the side-by-side labels use a wide pane's width where left to right would shrink the text.
   */
  readonly direction?: 'LR' | 'TB';
  /** Steps per row of the unrolled graph (default 3). */
  readonly columns?: number;
}

/** How a node looks: a working phase, a reflection, an answer (success), a stop, a halt. */
export type NodeTone = 'phase' | 'reflect' | 'success' | 'stop' | 'warn' | 'neutral' | 'empty';

/** What clicking an element selects (the run store's GraphSelection) and the step it shows. */
export interface GraphPick {
  readonly select:
    | { readonly kind: 'phase'; readonly id: PhaseId }
    | { readonly kind: 'transition'; readonly id: string }
    | null;
  readonly step: number | null;
}

export interface PhaseGraphNode {
  readonly id: string;
  readonly label: string;
  /** A second line: how many steps went through it, or what the step found. */
  readonly detail: string | null;
  readonly description: string;
  readonly tone: NodeTone;
  /** The phases this node stands for: a selected phase highlights them. */
  readonly phases: readonly PhaseId[];
  readonly steps: readonly number[];
  readonly current: boolean;
  /** A small tag on the current node: "now" in a live run, "end", or the cursor's step. */
  readonly tag: string | null;
  /** Nothing of this run went through it. */
  readonly faint: boolean;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly pick: GraphPick;
  readonly ariaLabel: string;
}

/** An edge label: an optional count badge, a title line and an optional reason line. */
export interface EdgePill {
  readonly badge: string | null;
  readonly text: string;
  readonly detail: string | null;
}

export interface PhaseGraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** From the machine: `guard` edges draw red, `fault` edges are failures and cancels. */
  readonly kind: TransitionSpec['kind'];
  /** The transitions this edge stands for: a selected transition highlights it. */
  readonly transitions: readonly string[];
  /** The machine's words for it (the transition's `when` text). */
  readonly label: string;
  readonly pill: EdgePill | null;
  readonly taken: number;
  /** The guards lens's steps where the loop would have taken it (empty: none, or no lens). */
  readonly wouldHave: readonly number[];
  /** The edge the run (or the step at the cursor) took last. */
  readonly last: boolean;
  /** Just taken by the live run. */
  readonly animated: boolean;
  readonly faint: boolean;
  readonly steps: readonly number[];
  readonly points: readonly LayoutPoint[];
  readonly labelX: number;
  readonly labelY: number;
  readonly labelWidth: number;
  readonly labelHeight: number;
  readonly pick: GraphPick;
  readonly ariaLabel: string;
}

export interface PhaseGraph {
  readonly mode: PhaseGraphMode;
  readonly nodes: readonly PhaseGraphNode[];
  readonly edges: readonly PhaseGraphEdge[];
  readonly width: number;
  readonly height: number;
  /** Set when the unrolled graph leaves steps out ("Showing the first 300 of 1,200 steps."). */
  readonly notice: string | null;
  /** The area to fit the view to: the whole graph, or in a long unrolled run the newest steps. */
  readonly view: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
  /** Transitions of the machine the graph leaves out until "show all". */
  readonly hidden: number;
  /** Changes exactly when the layout does: the canvas fits the view to `view` again. */
  readonly layoutKey: string;
}

/** Pure: the path entries that belong to steps `first`..`last` (an attempt's). */
export function pathInScope(
  path: readonly PathEntry[],
  scope: { readonly first: number; readonly last: number },
): readonly PathEntry[] {
  // The same scope again (a cursor move within an attempt) gets the same array, so the counts
  // made from it are reused.
  if (
    lastScoped?.path === path &&
    lastScoped.first === scope.first &&
    lastScoped.last === scope.last
  )
    return lastScoped.scoped;
  const scoped = filterInScope(path, scope);
  lastScoped = { path, first: scope.first, last: scope.last, scoped };
  return scoped;
}

let lastScoped: {
  readonly path: readonly PathEntry[];
  readonly first: number;
  readonly last: number;
  readonly scoped: readonly PathEntry[];
} | null = null;

function filterInScope(
  path: readonly PathEntry[],
  scope: { readonly first: number; readonly last: number },
): readonly PathEntry[] {
  const owners = pathSteps(path);
  return path.filter((_, position) => {
    const owner = owners[position];
    return owner !== null && owner !== undefined && owner >= scope.first && owner <= scope.last;
  });
}

/**
 * Builds the view data of the phase graph. Pure; one shape for every mode. With a `scope` (an
 * attempt), only the transitions and steps of that attempt count.
 */
export function buildPhaseGraph(
  machine: PhaseGraphMachine,
  run: PhaseGraphRun,
  options: PhaseGraphOptions,
): PhaseGraph {
  const scoped = run.scope ? { ...run, path: pathInScope(run.path, run.scope) } : run;
  return options.mode === 'unrolled'
    ? buildUnrolled(machine, scoped, options)
    : buildAggregate(machine, scoped, options);
}
