import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The smallest share of its type size a box may shrink to: still legible from a room's front. */
export const MIN_FIT = 0.6;
const FIT_STEP = 0.05;

/**
 * Pure: the largest scale from 1 down to `min`, in steps of `step`, at which `fits(scale)` holds;
 * `min` when none does.
 */
export function largestFit(
  fits: (scale: number) => boolean,
  min = MIN_FIT,
  step = FIT_STEP,
): number {
  for (let scale = 1; scale > min + 1e-9; scale = Math.round((scale - step) * 100) / 100) {
    if (fits(scale)) return scale;
  }
  return min;
}

/**
 * Whether the box shows all its content inside its padding (a projector shows no scrollbar; text
 * run into the bottom padding is cut by the border, yet does not count as scrolling).
 */
export function showsAll(element: HTMLElement): boolean {
  if (element.scrollHeight > element.clientHeight + 1) return false;
  if (element.scrollWidth > element.clientWidth + 1) return false;
  const last = element.lastElementChild;
  if (!last) return true;
  const style = getComputedStyle(element);
  const inner =
    element.getBoundingClientRect().bottom -
    Number.parseFloat(style.borderBottomWidth) -
    Number.parseFloat(style.paddingBottom);
  return last.getBoundingClientRect().bottom <= inner + 1;
}

/**
 * A box whose type shrinks (never below MIN_FIT of its size) until its content fits, so a long
 * answer or caption shows whole at 1280×720 rather than scrolling out of sight. Its children
 * size in `em` or inherit. Re-fits when `content` changes and when the window resizes (a
 * ResizeObserver on the box would chase its own changes). An outside system: it measures the
 * DOM and writes the box's font size.
 */
export function useFitText<T extends HTMLElement>(content: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      element.style.fontSize = '';
      if (showsAll(element)) return;
      const base = Number.parseFloat(getComputedStyle(element).fontSize);
      const scale = largestFit((candidate) => {
        element.style.fontSize = `${base * candidate}px`;
        return showsAll(element);
      });
      element.style.fontSize = `${base * scale}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [content]);
  return ref;
}
