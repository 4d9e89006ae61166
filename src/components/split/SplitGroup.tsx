/**
 * A row or a column of resizable panes with a separator between each two: drag it, or focus it
 * and press the arrow keys (Home and End go to the limits, Enter folds a collapsible pane). The
 * shares persist in `storage` under `id`. The geometry is `layout.ts`'s; this only draws it.
 */
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {
  defaultLayout,
  moveSeparator,
  readLayout,
  setCollapsed,
  shownSizes,
  type PaneLength,
  type PaneSpec,
  type SplitLayout,
} from './layout';

/** What a parent may do to the group: fold or open a collapsible pane. */
export interface SplitHandle {
  readonly toggle: (id: string) => void;
}

export interface SplitGroupProps {
  readonly id: string;
  /** `horizontal`: the panes side by side; `vertical`: one above the other. */
  readonly orientation: 'horizontal' | 'vertical';
  readonly panes: readonly PaneSpec[];
  /** One per pane, in order. */
  readonly children: readonly ReactNode[];
  /** The separators' accessible names, one per gap between two panes. */
  readonly separatorLabels: readonly string[];
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly className?: string;
  readonly paneClassName?: string;
  readonly separatorClassName?: string;
  /** Told which panes are collapsed, on mount and whenever it changes. */
  readonly onCollapsedChange?: (collapsed: readonly string[]) => void;
  readonly handleRef?: Ref<SplitHandle>;
}

/** Percent a key press moves a separator. */
const STEP = 5;
const css = (length: PaneLength | undefined, fallback: string) =>
  length === undefined ? fallback : typeof length === 'number' ? `${length}%` : length;

const readKept = (storage: SplitGroupProps['storage'], id: string): string | null => {
  try {
    return storage.getItem(id);
  } catch {
    return null;
  }
};

export function SplitGroup(props: SplitGroupProps) {
  const { id, orientation, panes, storage, onCollapsedChange } = props;
  const horizontal = orientation === 'horizontal';
  const group = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<SplitLayout>(
    () => readLayout(readKept(storage, id), panes) ?? defaultLayout(panes, 0),
  );
  const [dragging, setDragging] = useState<number | null>(null);
  const drag = useRef<{ at: number; from: SplitLayout } | null>(null);
  const groupPx = () => {
    const box = group.current?.getBoundingClientRect();
    return (horizontal ? box?.width : box?.height) ?? 0;
  };

  useImperativeHandle(props.handleRef, () => ({
    toggle: (pane) =>
      setLayout((now) => setCollapsed(panes, now, pane, !now.collapsed.includes(pane), groupPx())),
  }));

  const collapsedKey = layout.collapsed.join(' ');
  useLayoutEffect(() => {
    onCollapsedChange?.(collapsedKey ? collapsedKey.split(' ') : []);
  }, [collapsedKey, onCollapsedChange]);

  useEffect(() => {
    if (dragging !== null) return;
    try {
      storage.setItem(id, JSON.stringify(layout));
    } catch {
      // Storage refused (private mode, full): the layout lasts this page only.
    }
  }, [id, layout, dragging, storage]);

  const move = (index: number, delta: number) =>
    setLayout((now) => moveSeparator(panes, now, index, delta, groupPx()));

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const back = horizontal ? 'ArrowLeft' : 'ArrowUp';
    const on = horizontal ? 'ArrowRight' : 'ArrowDown';
    const deltas: Record<string, number> = { [back]: -STEP, [on]: STEP, Home: -100, End: 100 };
    const delta = deltas[event.key];
    const pane = panes[index];
    if (delta !== undefined) move(index, delta);
    else if (event.key === 'Enter' && pane?.collapsible) {
      setLayout((now) =>
        setCollapsed(panes, now, pane.id, !now.collapsed.includes(pane.id), groupPx()),
      );
    } else return;
    event.preventDefault();
  };

  const position = (event: PointerEvent) => (horizontal ? event.clientX : event.clientY);
  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { at: position(event), from: layout };
    setDragging(index);
  };
  const onPointerMove = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const px = groupPx();
    if (!start || dragging !== index || px <= 0) return;
    const delta = ((position(event) - start.at) / px) * 100;
    setLayout(moveSeparator(panes, start.from, index, delta, px));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(null);
  };

  const shown = shownSizes(panes, layout);
  const items: ReactNode[] = [];
  panes.forEach((pane, index) => {
    const folded = layout.collapsed.includes(pane.id);
    const min = folded ? '0px' : css(pane.minSize, '0px');
    const max = css(pane.maxSize, 'none');
    items.push(
      <div
        key={pane.id}
        id={`${id}-${pane.id}`}
        data-pane={pane.id}
        data-collapsed={folded || undefined}
        className={props.paneClassName}
        style={{
          flex: `${shown[index] ?? 0} 1 0px`,
          overflow: 'hidden',
          ...(horizontal ? { minWidth: min, maxWidth: max } : { minHeight: min, maxHeight: max }),
        }}
      >
        {props.children[index]}
      </div>,
    );
    if (index === panes.length - 1) return;
    items.push(
      <div
        key={`${pane.id}-separator`}
        role="separator"
        tabIndex={0}
        aria-label={props.separatorLabels[index]}
        aria-orientation={horizontal ? 'vertical' : 'horizontal'}
        aria-controls={`${id}-${pane.id}`}
        aria-valuenow={Math.round(shown[index] ?? 0)}
        aria-valuemin={0}
        aria-valuemax={100}
        data-separator={dragging === index ? 'active' : 'inactive'}
        className={props.separatorClassName}
        style={{ cursor: horizontal ? 'col-resize' : 'row-resize', touchAction: 'none' }}
        onKeyDown={onKeyDown(index)}
        onPointerDown={onPointerDown(index)}
        onPointerMove={onPointerMove(index)}
        onPointerUp={endDrag}
        onLostPointerCapture={endDrag}
      />,
    );
  });

  return (
    <div
      ref={group}
      data-split={id}
      className={props.className}
      style={{ display: 'flex', flexDirection: horizontal ? 'row' : 'column', minHeight: 0 }}
    >
      {items}
    </div>
  );
}
