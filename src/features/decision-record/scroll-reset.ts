import { useEffect, useRef, type RefObject } from 'react';
import { scrollingParent } from './scroll';

/**
 * Brings the pane that scrolls `ref`'s element back to its top whenever `key` changes (another
 * step's record starts at its top), without measuring anything: the element is the first thing
 * in its scrolling ancestor, so its top is scroll position 0. The ancestor's `scroll` events say
 * whether it moved since the last reset; when it has not, nothing is written, so a step change
 * forces no layout (a `scrollTop` write, like a read, makes the browser lay the page out first).
 * The scroll listener is the outside system, removed on unmount.
 */
export function useScrollTopOnChange(ref: RefObject<HTMLElement | null>, key: unknown): void {
  const scroller = useRef<{ readonly parent: HTMLElement; moved: boolean } | null>(null);
  useEffect(() => {
    const parent = ref.current ? scrollingParent(ref.current) : null;
    if (!parent) return;
    // Where it stands is unknown on mount: the first change writes once.
    const state = { parent, moved: true };
    const onScroll = () => {
      state.moved = true;
    };
    parent.addEventListener('scroll', onScroll, { passive: true });
    scroller.current = state;
    return () => {
      parent.removeEventListener('scroll', onScroll);
      scroller.current = null;
    };
  }, [ref]);
  useEffect(() => {
    const state = scroller.current;
    if (!state?.moved) return;
    state.parent.scrollTop = 0;
    state.moved = false;
  }, [key]);
}
