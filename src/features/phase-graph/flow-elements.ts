/**
 * Pure: the phase graph's view data as xyflow nodes and edges, with the graph selection marked.
 * Elements whose look did not change keep their previous object, so xyflow re-renders only the
 * nodes and edges that changed when the cursor moves through a long run.
 */
import type { Edge, Node } from '@xyflow/react';
import { clipLine } from '../../components/Clipped';
import type { PhaseGraph, PhaseGraphEdge, PhaseGraphNode } from '../../projections/phase-graph';
import type { GraphSelection } from '../../state/run-store';

export interface PhaseNodeData extends Record<string, unknown> {
  readonly node: PhaseGraphNode;
  readonly selected: boolean;
}

export interface TransitionEdgeData extends Record<string, unknown> {
  readonly edge: PhaseGraphEdge;
  readonly selected: boolean;
}

export type PhaseFlowNode = Node<PhaseNodeData, 'phase'>;
export type TransitionFlowEdge = Edge<TransitionEdgeData, 'transition'>;

/** Pure: whether the graph selection covers this node (a phase it stands for). */
export function nodeSelected(node: PhaseGraphNode, selection: GraphSelection | null): boolean {
  return selection?.kind === 'phase' && node.phases.includes(selection.id);
}

/** Pure: whether the graph selection covers this edge (a transition it stands for). */
export function edgeSelected(edge: PhaseGraphEdge, selection: GraphSelection | null): boolean {
  return selection?.kind === 'transition' && edge.transitions.includes(selection.id);
}

/** Data attributes tests and styles read; xyflow puts them on the element's wrapper. */
type DataAttributes = Record<`data-${string}`, string>;

function nodeLook(node: PhaseGraphNode, selected: boolean): string {
  const parts: unknown[] = [node.x, node.y, node.label, node.detail, node.tone, node.current];
  parts.push(node.tag, node.faint, selected, node.ariaLabel, node.pick.step, node.description);
  return parts.join('|');
}

function edgeLook(edge: PhaseGraphEdge, selected: boolean): string {
  const pill = edge.pill ? `${edge.pill.badge}|${edge.pill.text}|${edge.pill.detail}` : '';
  const route = edge.points.map((p) => `${p.x},${p.y}`).join(' ');
  const parts: unknown[] = [edge.kind, edge.taken, edge.last, edge.animated, edge.faint, selected];
  parts.push(pill, route, edge.labelX, edge.labelY, edge.ariaLabel, edge.pick.step);
  parts.push(edge.pick.select?.id, edge.wouldHave.join(','));
  return parts.join('|');
}

/** What the previous call built, to reuse unchanged elements. */
export interface FlowCache {
  readonly nodes: ReadonlyMap<string, { look: string; node: PhaseFlowNode }>;
  readonly edges: ReadonlyMap<string, { look: string; edge: TransitionFlowEdge }>;
}

export const EMPTY_FLOW_CACHE: FlowCache = { nodes: new Map(), edges: new Map() };

export interface FlowElements {
  readonly nodes: PhaseFlowNode[];
  readonly edges: TransitionFlowEdge[];
  readonly cache: FlowCache;
}

function toNode(node: PhaseGraphNode, selected: boolean): PhaseFlowNode {
  const attributes: DataAttributes = {
    'data-tone': node.tone,
    'data-current': String(node.current),
    'data-selected': String(selected),
    'data-steps': String(node.steps.length),
  };
  return {
    id: node.id,
    type: 'phase',
    position: { x: node.x, y: node.y },
    width: node.width,
    height: node.height,
    // The layout's size, as xyflow would measure it: a node object that changes (the cursor's
    // tag) then keeps the handle bounds xyflow measured, instead of being observed and measured
    // again, which costs a layout and a second render of the graph on every step move.
    measured: { width: node.width, height: node.height },
    data: { node, selected },
    draggable: false,
    connectable: false,
    selectable: false,
    focusable: true,
    ariaLabel: `${clipLine(node.ariaLabel)}${selected ? ', selected' : ''}`,
    domAttributes: attributes,
    className: 'phase-graph__node',
  };
}

function toEdge(edge: PhaseGraphEdge, selected: boolean): TransitionFlowEdge {
  const attributes: DataAttributes = {
    'data-kind': edge.kind,
    'data-taken': String(edge.taken),
    'data-would-have': String(edge.wouldHave.length),
    'data-last': String(edge.last),
    'data-selected': String(selected),
  };
  return {
    id: edge.id,
    type: 'transition',
    source: edge.source,
    target: edge.target,
    data: { edge, selected },
    selectable: false,
    focusable: true,
    // Taken, last and selected edges draw above the faint ones they cross.
    zIndex: selected || edge.last ? 2 : edge.taken > 0 ? 1 : 0,
    ariaLabel: `${clipLine(edge.ariaLabel)}${selected ? ', selected' : ''}`,
    domAttributes: attributes,
    className: 'phase-graph__edge',
  };
}

/** Pure: xyflow elements for the graph under the selection, reusing unchanged ones from `cache`. */
export function toFlowElements(
  graph: PhaseGraph,
  selection: GraphSelection | null,
  cache: FlowCache = EMPTY_FLOW_CACHE,
): FlowElements {
  const nodeCache = new Map<string, { look: string; node: PhaseFlowNode }>();
  const nodes = graph.nodes.map((node) => {
    const selected = nodeSelected(node, selection);
    const look = nodeLook(node, selected);
    const previous = cache.nodes.get(node.id);
    const flow = previous?.look === look ? previous.node : toNode(node, selected);
    nodeCache.set(node.id, { look, node: flow });
    return flow;
  });
  const edgeCache = new Map<string, { look: string; edge: TransitionFlowEdge }>();
  const edges = graph.edges.map((edge) => {
    const selected = edgeSelected(edge, selection);
    const look = edgeLook(edge, selected);
    const previous = cache.edges.get(edge.id);
    const flow = previous?.look === look ? previous.edge : toEdge(edge, selected);
    edgeCache.set(edge.id, { look, edge: flow });
    return flow;
  });
  return { nodes, edges, cache: { nodes: nodeCache, edges: edgeCache } };
}
