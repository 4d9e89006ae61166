import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { PhaseFlowNode, TransitionFlowEdge } from './flow-elements';
import { moveFocus, movesFocus, tabStop, type FocusKey } from './roving-focus';

/**
 * The element's copy in or out of the tab order (`tabIndex` 0 or -1: out of it, it still takes
 * focus from a click or a script), made once per element (the cache keeps renders few).
 */
function withFocus<T extends { domAttributes?: object }>(
  item: T,
  stop: boolean,
  cache: { readonly on: WeakMap<T, T>; readonly off: WeakMap<T, T> },
): T {
  const copies = stop ? cache.on : cache.off;
  let copy = copies.get(item);
  if (!copy) {
    copy = { ...item, domAttributes: { ...item.domAttributes, tabIndex: stop ? 0 : -1 } };
    copies.set(item, copy);
  }
  return copy;
}

/** The focus key of the graph element an event came from, if any. */
function keyOf(target: EventTarget | null): FocusKey | null {
  if (!(target instanceof Element)) return null;
  const node = target.closest('.react-flow__node');
  if (node) return `node:${node.getAttribute('data-id') ?? ''}`;
  const edge = target.closest('.react-flow__edge');
  if (edge) return `edge:${edge.getAttribute('data-id') ?? ''}`;
  return null;
}

/** The element of `key` inside `root`. */
function elementOf(root: HTMLElement, key: FocusKey): HTMLElement | SVGElement | null {
  const [kind, id] = [key.slice(0, 4), key.slice(5)];
  const selector = kind === 'node' ? '.react-flow__node' : '.react-flow__edge';
  return root.querySelector<HTMLElement | SVGElement>(`${selector}[data-id="${CSS.escape(id)}"]`);
}

/**
 * The graph's one tab stop: only one phase or transition is in the tab order at a time (the last
 * one focused, else the first phase); the arrow keys, Home and End move focus among them. Focusing
 * the new element after a move is an outside system (the DOM's focus).
 */
export function useRovingFocus(
  nodes: readonly PhaseFlowNode[],
  edges: readonly TransitionFlowEdge[],
  root: RefObject<HTMLDivElement | null>,
) {
  const [wanted, setWanted] = useState<FocusKey | null>(null);
  const [cache] = useState(() => ({
    nodes: {
      on: new WeakMap<PhaseFlowNode, PhaseFlowNode>(),
      off: new WeakMap<PhaseFlowNode, PhaseFlowNode>(),
    },
    edges: {
      on: new WeakMap<TransitionFlowEdge, TransitionFlowEdge>(),
      off: new WeakMap<TransitionFlowEdge, TransitionFlowEdge>(),
    },
  }));
  const order = useMemo<FocusKey[]>(
    () => [
      ...nodes.filter((node) => !node.hidden).map((node) => `node:${node.id}` as const),
      ...edges.filter((edge) => !edge.hidden).map((edge) => `edge:${edge.id}` as const),
    ],
    [nodes, edges],
  );
  const stop = tabStop(order, wanted);
  const focusNodes = useMemo(
    () => nodes.map((node) => withFocus(node, `node:${node.id}` === stop, cache.nodes)),
    [nodes, stop, cache],
  );
  const focusEdges = useMemo(
    () => edges.map((edge) => withFocus(edge, `edge:${edge.id}` === stop, cache.edges)),
    [edges, stop, cache],
  );

  // After an arrow key, focus follows the tab stop once the element is focusable.
  const pending = useRef<FocusKey | null>(null);
  useEffect(() => {
    if (pending.current === null || pending.current !== stop || !root.current) return;
    pending.current = null;
    elementOf(root.current, stop)?.focus();
  }, [stop, root]);

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!movesFocus(event.key)) return false;
    const from = keyOf(event.target);
    if (!from) return false;
    event.preventDefault();
    const to = moveFocus(order, from, event.key);
    pending.current = to;
    setWanted(to);
    return true;
  };
  // A click or a screen reader's focus makes that element the tab stop.
  const onFocus = (event: FocusEvent) => {
    const key = keyOf(event.target);
    if (key && key !== stop && order.includes(key)) setWanted(key);
  };
  return { nodes: focusNodes, edges: focusEdges, onKeyDown, onFocus };
}
